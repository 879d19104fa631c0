/**
 * What happened on the service, in one shape whatever told us: a signed webhook delivery or the
 * polling fallback that compares task lists. The notifications feature consumes these; nothing
 * here knows about Slack.
 */
import type { TaskRecord } from '../../api/schemas/records.ts';

/** The events a channel can subscribe to. */
export const PROJECT_EVENT_KINDS = [
  'task.created',
  'task.status_changed',
  'task.assigned',
  'task.due_changed',
  'task.edited',
  'task.done',
  'task.deleted',
  'sprint.started',
  'automation.failed',
] as const;
export type ProjectEventKind = (typeof PROJECT_EVENT_KINDS)[number];

/** The fields besides status, assignees and due date that a task's card shows: a `task.edited`. */
export const EDITED_FIELDS = ['title', 'priority'] as const;

/** The title and priority changes among a change's fields, or null when it has none. */
export function editedFields(changes: Record<string, FieldChange>): Record<string, FieldChange> | null {
  const out: Record<string, FieldChange> = {};
  for (const field of EDITED_FIELDS) if (Object.hasOwn(changes, field)) out[field] = changes[field]!;
  return Object.keys(out).length > 0 ? out : null;
}

/** One field's value before and after a change, as the service (or the poller's comparison) saw it. */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

export interface ProjectEvent {
  /**
   * Unique per event: the webhook delivery's `webhook-id` (a retried delivery keeps its id), or a
   * poller id derived from the task and what changed. Consumers never act twice on one id.
   */
  id: string;
  /** The Slack workspace whose service connection the event belongs to. */
  teamId: string;
  kind: ProjectEventKind;
  /** The project the event happened in, when known (a task's list, a sprint's project). */
  projectId: number | null;
  /** The task's state after the event (for `task.deleted`, its last known state, if any). */
  task?: TaskRecord;
  taskId?: number;
  /** What changed, field by field, when the source says. */
  changes?: Record<string, FieldChange>;
  sprint?: { id: number; name: string };
  automation?: { id: number; name: string; error?: string };
  /** ISO 8601, when it happened on the service. */
  occurredAt: string;
  source: 'webhook' | 'poll';
}

/** Where events go: the notifications feature implements it; webhooks and the poller call it. */
export interface ProjectEventSink {
  deliver(event: ProjectEvent): Promise<void>;
}

/**
 * Which projects of a workspace someone listens to (channel subscriptions, personal DMs). The
 * polling fallback reads only these, so a workspace nobody listens to costs no requests.
 */
export interface WatchedProjects {
  /** Workspaces with at least one watched project. */
  teams(): Promise<string[]>;
  /** The watched project ids of one workspace. */
  projectsOf(teamId: string): Promise<number[]>;
  /**
   * When someone began listening to the project (epoch ms), if known: a task created since then is
   * told even when the first read of the project finds it, so a subscription hears what happens
   * from the moment it is made.
   */
  watchedSince?(teamId: string, projectId: number): Promise<number | undefined>;
}
