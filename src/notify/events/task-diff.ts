/**
 * What changed about a task between two states, in project-event kinds. The polling fallback
 * compares a fresh list with the task view through it, and a webhook delivery that does not say
 * what changed is compared with the view's last state the same way.
 */
import { statusIsDone } from '../../api/done-status.ts';
import type { TaskRecord } from '../../api/schemas/records.ts';
import { EDITED_FIELDS, type FieldChange, type ProjectEventKind } from './project-event.ts';

interface TaskDifference {
  kind: ProjectEventKind;
  changes?: Record<string, FieldChange>;
  /** The changed value, for ids that stay the same however often the change is seen. */
  value: string;
}

const assigneeIds = (task: TaskRecord) =>
  task.assignees
    .map((a) => a.id)
    .sort((x, y) => x - y)
    .join(',');
const dueOf = (task: TaskRecord) => (task.due_date ? String(task.due_date) : 'none');

/** The differences between `before` and `after` (either may be missing: created, deleted). */
export function diffTask(before: TaskRecord | undefined, after: TaskRecord | undefined): TaskDifference[] {
  if (!before && !after) return [];
  if (!before) return [{ kind: 'task.created', value: 'created' }];
  if (!after) return [{ kind: 'task.deleted', value: 'deleted' }];
  const out: TaskDifference[] = [];
  if (before.status.id !== after.status.id) {
    const becameDone = statusIsDone(after.status) && !statusIsDone(before.status);
    out.push({
      kind: becameDone ? 'task.done' : 'task.status_changed',
      changes: { status: { before: before.status, after: after.status } },
      value: `status-${after.status.id}`,
    });
  }
  if (assigneeIds(before) !== assigneeIds(after)) {
    out.push({
      kind: 'task.assigned',
      changes: { assignees: { before: before.assignees, after: after.assignees } },
      value: `assignees-${assigneeIds(after) || 'none'}`,
    });
  }
  if (dueOf(before) !== dueOf(after)) {
    out.push({
      kind: 'task.due_changed',
      changes: { due_date: { before: before.due_date, after: after.due_date } },
      value: `due-${dueOf(after)}`,
    });
  }
  const edited: Record<string, FieldChange> = {};
  for (const field of EDITED_FIELDS) {
    if (before[field] !== after[field]) edited[field] = { before: before[field], after: after[field] };
  }
  if (Object.keys(edited).length > 0) {
    out.push({
      kind: 'task.edited',
      changes: edited,
      value: `edited-${EDITED_FIELDS.map((f) => after[f]).join('|')}`.slice(0, 300),
    });
  }
  return out;
}
