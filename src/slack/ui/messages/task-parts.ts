/**
 * The pieces every task view shares: status, people, due date and priority as mrkdwn, with user
 * text escaped and Slack mentions only for members who linked their account.
 */

import { isDoneName } from '../../../api/done-status.ts';
import type { TaskRecord } from '../../../api/index.ts';
import type { MemberRef, Priority, ProjectStatusDef, TaskStatus } from '../../../contract/index.ts';
import { dueKind, dueOf, formatDueFallback, isOverdue } from '../../../lib/dates.ts';
import { dueMrkdwn } from '../../../slack-platform/date-tokens.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import { statusEmoji } from '../status-color.ts';

/** Service member id → Slack user id, for members who linked their Slack account. */
export type SlackUserIds = ReadonlyMap<number, string>;

const SLACK_USER_ID = /^[UW][A-Z0-9]{2,31}$/;

/** Done by the project's statuses (`is_done`) when at hand, else by the status's name in several languages. */
export function isDoneStatus(status: TaskStatus, statuses?: readonly ProjectStatusDef[]): boolean {
  const def = statuses?.find((s) => s.id === status.id);
  return def ? def.is_done : isDoneName(status.name);
}

/** A project's statuses from a map by project, none when the task's project is unknown. */
export function statusesFor<T>(
  byProject: ReadonlyMap<number, T> | undefined,
  projectId: number | null,
): T | undefined {
  return projectId === null ? undefined : byProject?.get(projectId);
}

export function statusMrkdwn(status: TaskStatus): string {
  return `${statusEmoji(status.color)} ${escapeMrkdwn(truncate(status.name, 100))}`;
}

/** A member as a mention when linked (Slack shows the name each reader knows), else the name. */
export function memberMrkdwn(member: MemberRef, slackUserIds?: SlackUserIds): string {
  const slackId = slackUserIds?.get(member.id);
  if (slackId && SLACK_USER_ID.test(slackId)) return `<@${slackId}>`;
  return escapeMrkdwn(truncate(member.name, 80));
}

/** The same in plain text, for fallbacks. */
export function memberPlain(member: MemberRef): string {
  return truncate(member.name, 80);
}

const PRIORITY_LABELS: Readonly<Record<Priority, string>> = {
  urgent: ':red_circle: Urgent',
  high: ':large_orange_circle: High',
  medium: ':large_yellow_circle: Medium',
  low: ':white_circle: Low',
  none: 'None',
};

const knownPriority = (priority: string): priority is Priority => Object.hasOwn(PRIORITY_LABELS, priority);

/** The card's priority; a level the service names that Taskbridge does not know reads as its plain text. */
export function priorityMrkdwn(priority: Priority | (string & {})): string {
  return knownPriority(priority) ? PRIORITY_LABELS[priority] : escapeMrkdwn(priorityPlain(priority));
}

/** The priority as plain text (fallbacks, notifications): the same words the card shows. */
export function priorityPlain(priority: Priority | (string & {})): string {
  const text = String(priority);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Read in lib (the notifications engine reads due dates too), and offered here beside the other parts. */
export { dueOf } from '../../../lib/dates.ts';

interface DueView {
  /** mrkdwn shown in each reader's zone, with a marker when overdue. */
  mrkdwn: string;
  plain: string;
  overdue: boolean;
}

/** Overdue counts only for open tasks: a done task is never late. */
export function dueView(task: TaskRecord, now: Date, timeZone: string, done: boolean): DueView | null {
  const due = dueOf(task);
  if (!due) return null;
  const overdue = !done && isOverdue(due, { timeZone, now });
  const kind = dueKind(due);
  const plain = formatDueFallback(due, kind === 'calendar' ? 'UTC' : timeZone, kind === 'timed');
  return {
    mrkdwn: dueViewMrkdwn(due, timeZone, overdue),
    plain: overdue ? `${plain} (overdue)` : plain,
    overdue,
  };
}

/** `DueView.mrkdwn` alone, for a list row that knows already whether the task is overdue. */
export function dueViewMrkdwn(due: Date, timeZone: string, overdue: boolean): string {
  return overdue ? `${dueMrkdwn(due, timeZone)} :warning: *Overdue*` : dueMrkdwn(due, timeZone);
}
