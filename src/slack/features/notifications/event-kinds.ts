/** The event words people type and see, and the event kinds they stand for. */
import type { ProjectEventKind } from '../../../notify/events/project-event.ts';
import type { EventWord } from '../../commands/verbs/notify.ts';

export const KIND_OF_WORD: Readonly<Record<EventWord, ProjectEventKind>> = {
  created: 'task.created',
  status: 'task.status_changed',
  assigned: 'task.assigned',
  due: 'task.due_changed',
  edited: 'task.edited',
  done: 'task.done',
  deleted: 'task.deleted',
  sprint: 'sprint.started',
  automation: 'automation.failed',
};

export const KIND_LABELS: Readonly<Record<ProjectEventKind, string>> = {
  'task.created': 'created',
  'task.status_changed': 'status changed',
  'task.assigned': 'assigned',
  'task.due_changed': 'due date changed',
  'task.edited': 'title or priority changed',
  'task.done': 'done',
  'task.deleted': 'deleted',
  'sprint.started': 'sprint started',
  'automation.failed': 'automation run failed',
};
