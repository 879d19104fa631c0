/**
 * What a write to the sandbox tells webhooks, and in what shape: the full profile sends whole
 * records; spec-minimal sends a task's seven spec fields only (and changes to those fields only),
 * as a service that shows no more than its spec would.
 */
import { plainRecord } from '../db/raw-json.ts';
import type { ProfileName } from '../http/answer-profile.ts';
import type { WebhookEvent } from './dispatcher.ts';

const SPEC_TASK_FIELDS = [
  'id',
  'title',
  'status',
  'assignees',
  'due_date',
  'priority',
  'created_at',
] as const;
/** Fields whose change a `task.updated` reports. */
const WATCHED_FIELDS = [
  'title',
  'description',
  'status',
  'assignees',
  'due_date',
  'priority',
  'sprint_id',
  'completed_at',
] as const;

type Row = Record<string, unknown>;

const comparable = (field: string, value: unknown): string => {
  if (field === 'status') return String((value as { id?: unknown } | null)?.id ?? null);
  if (field === 'assignees') {
    return JSON.stringify(((value as { id: number }[] | null) ?? []).map((a) => a.id).sort((x, y) => x - y));
  }
  return JSON.stringify(value ?? null);
};

/** The fields that differ between a task's state before and after a write, as `{before, after}`. */
export function taskChanges(
  before: unknown,
  after: unknown,
): Record<string, { before: unknown; after: unknown }> {
  const b = plainRecord(before) as Row;
  const a = plainRecord(after) as Row;
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of WATCHED_FIELDS) {
    if (comparable(field, b[field]) !== comparable(field, a[field])) {
      changes[field] = { before: b[field] ?? null, after: a[field] ?? null };
    }
  }
  return changes;
}

/** The event in the profile's shape. */
export function shapeEvent(profile: ProfileName, event: WebhookEvent): WebhookEvent {
  const data = plainRecord(event.data) as Row;
  if (profile === 'full' || !event.event.startsWith('task.')) return { ...event, data };
  const minimal: Row = {};
  for (const field of SPEC_TASK_FIELDS) minimal[field] = data[field] ?? null;
  const shaped: WebhookEvent = { event: event.event, data: minimal };
  if (event.changes) {
    const changes = Object.fromEntries(
      Object.entries(event.changes).filter(([field]) =>
        (SPEC_TASK_FIELDS as readonly string[]).includes(field),
      ),
    );
    if (Object.keys(changes).length === 0) return { ...shaped, changes: {} };
    shaped.changes = changes;
  }
  return shaped;
}
