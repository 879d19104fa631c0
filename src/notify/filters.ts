/**
 * Whether a subscription wants an event: its project, its kinds, then its filters. Inclusions of
 * one sort (statuses, priorities, assignees, title words) accept any of theirs; sorts combine with
 * "and"; any exclusion drops the task. Sprint and automation events carry no task: only their
 * project and kind count.
 */
import type { TaskRecord } from '../api/schemas/records.ts';
import type { ProjectEvent } from './events/project-event.ts';
import type { Subscription, SubscriptionFilters } from './store/subscriptions.ts';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function eventProjectId(event: ProjectEvent): number | null {
  return event.projectId ?? event.task?.project_id ?? null;
}

function taskPasses(filters: SubscriptionFilters, task: TaskRecord): boolean {
  const status = task.status.name;
  const title = task.title.toLowerCase();
  const assigned = new Set(task.assignees.map((a) => a.id));
  const hasText = (phrase: string) => title.includes(phrase.toLowerCase());
  if (filters.notStatuses.some((s) => same(s, status))) return false;
  if (filters.notPriorities.some((p) => same(p, task.priority))) return false;
  if (filters.notAssignees.some((m) => assigned.has(m.id))) return false;
  if (filters.notText.some(hasText)) return false;
  if (filters.statuses.length > 0 && !filters.statuses.some((s) => same(s, status))) return false;
  if (filters.priorities.length > 0 && !filters.priorities.some((p) => same(p, task.priority))) return false;
  if (filters.assignees.length > 0 && !filters.assignees.some((m) => assigned.has(m.id))) return false;
  if (filters.text.length > 0 && !filters.text.some(hasText)) return false;
  return true;
}

function hasTaskFilters(filters: SubscriptionFilters): boolean {
  return Object.values(filters).some((list) => list.length > 0);
}

export function subscriptionWants(sub: Subscription, event: ProjectEvent): boolean {
  if (eventProjectId(event) !== sub.projectId) return false;
  if (!sub.events.includes(event.kind)) return false;
  if (event.kind === 'sprint.started' || event.kind === 'automation.failed') return true;
  // A task event without the task (a deletion known by id only) cannot be judged by filters.
  if (!event.task) return !hasTaskFilters(sub.filters);
  return taskPasses(sub.filters, event.task);
}
