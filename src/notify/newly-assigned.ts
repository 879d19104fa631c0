/**
 * Who an event assigns, read from what the service told: a change's `assignees` values come as
 * members, ids or names depending on the source, so they are read leniently. Pure.
 */
import type { ProjectEvent } from './events/project-event.ts';

type Member = { id: number; name: string };

/** A status or member value as a name: a string, or an object's `name`. */
export function nameOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string') {
    return (value as { name: string }).name;
  }
  return null;
}

/** An `assignees` value as members (ids alone named "Member <id>"), or null when it is no list. */
export function membersOf(value: unknown): Member[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((m): Member[] => {
    if (typeof m === 'number') return [{ id: m, name: `Member ${m}` }];
    if (m && typeof m === 'object' && typeof (m as { id?: unknown }).id === 'number') {
      const id = (m as { id: number }).id;
      return [{ id, name: nameOf(m) ?? `Member ${id}` }];
    }
    return [];
  });
}

/** Members assigned by these events that were not assigned before them. */
export function newlyAssigned(events: readonly ProjectEvent[]): Member[] {
  const found = new Map<number, Member>();
  for (const event of events) {
    if (event.kind !== 'task.assigned' && event.kind !== 'task.created') continue;
    const change = event.changes?.assignees;
    const after = membersOf(change?.after) ?? event.task?.assignees ?? [];
    const before = new Set((membersOf(change?.before) ?? []).map((m) => m.id));
    for (const m of after) if (!before.has(m.id)) found.set(m.id, { id: m.id, name: m.name });
  }
  return [...found.values()];
}
