/**
 * What happened to a task, as the lines of one thread reply: the events of one burst merged (ten
 * status changes read as one "from → to"), people as mentions when linked, dates as Slack date
 * tokens. Pure.
 */
import type { TaskRecord } from '../../../api/schemas/records.ts';
import type { ProjectEvent } from '../../../notify/events/project-event.ts';
import { membersOf, nameOf, newlyAssigned } from '../../../notify/newly-assigned.ts';
import { dueMrkdwn } from '../../../slack-platform/date-tokens.ts';
import { escapeMrkdwn, escapeWithin, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { RenderedMessage } from '../block-types.ts';
import { joinWithin, LIMITS, mrkdwn } from '../limits.ts';
import { memberMrkdwn, priorityPlain, type SlackUserIds } from '../messages/task-parts.ts';

function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const bold = (text: string) => `*${escapeMrkdwn(truncate(text, 100))}*`;

/** The merged lines, in the order their kinds first happened. */
function eventLines(events: readonly ProjectEvent[], people: SlackUserIds): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  const ofKind = (kind: ProjectEvent['kind']) => events.filter((e) => e.kind === kind);
  for (const event of events) {
    if (seen.has(event.kind)) continue;
    seen.add(event.kind);
    const all = ofKind(event.kind);
    const last = all.at(-1)!;
    switch (event.kind) {
      case 'task.created':
        lines.push(':new: Created');
        break;
      case 'task.status_changed': {
        const from = nameOf(all[0]!.changes?.status?.before);
        const to = nameOf(last.changes?.status?.after) ?? last.task?.status.name ?? null;
        if (to)
          lines.push(`:arrows_counterclockwise: Status ${from ? `${bold(from)} → ` : 'now '}${bold(to)}`);
        else lines.push(':arrows_counterclockwise: Status changed');
        break;
      }
      case 'task.assigned': {
        const added = newlyAssigned(all);
        const now = membersOf(last.changes?.assignees?.after) ?? last.task?.assignees ?? [];
        const shown = (added.length > 0 ? added : now).map((m) => memberMrkdwn(m, people));
        lines.push(
          shown.length > 0
            ? `:bust_in_silhouette: Assigned to ${joinWithin(shown, ', ', 1000)}`
            : ':bust_in_silhouette: Nobody is assigned now',
        );
        break;
      }
      case 'task.due_changed': {
        const after = last.changes?.due_date
          ? dateOf(last.changes.due_date.after)
          : dateOf(last.task?.due_date);
        lines.push(after ? `:calendar: Due ${dueMrkdwn(after, 'UTC')}` : ':calendar: Due date removed');
        break;
      }
      case 'task.edited':
        lines.push(...editedLines(all));
        break;
      case 'task.done':
        lines.push(':white_check_mark: Marked done');
        break;
      case 'task.deleted':
        lines.push(':wastebasket: Deleted');
        break;
      case 'sprint.started':
        lines.push(`:runner: Sprint ${bold(event.sprint?.name ?? 'a sprint')} started`);
        break;
      case 'automation.failed': {
        const error = event.automation?.error ? `: ${escapeWithin(event.automation.error, 300)}` : '';
        lines.push(`:warning: Automation ${bold(event.automation?.name ?? 'a rule')} failed${error}`);
        break;
      }
    }
  }
  return lines;
}

/** A burst's title and priority changes: each field from its first value to its last. */
function editedLines(events: readonly ProjectEvent[]): string[] {
  const field = (name: 'title' | 'priority') => {
    const seen = events.filter((e) => e.changes && Object.hasOwn(e.changes, name));
    if (seen.length === 0) return null;
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    return { from: text(seen[0]!.changes![name]!.before), to: text(seen.at(-1)!.changes![name]!.after) };
  };
  const lines: string[] = [];
  const title = field('title');
  if (title?.to)
    lines.push(`:pencil2: Renamed ${title.from ? `from ${bold(title.from)} ` : ''}to ${bold(title.to)}`);
  const priority = field('priority');
  if (priority?.to) {
    const level = (p: string) => bold(p === 'none' ? 'None' : priorityPlain(p));
    lines.push(
      `:signal_strength: Priority ${priority.from ? `${level(priority.from)} → ` : 'now '}${level(priority.to)}`,
    );
  }
  return lines.length > 0 ? lines : [':pencil2: Edited'];
}

/** A thread reply: the merged lines of one burst. */
export function renderThreadReply(
  task: { id: number; title: string },
  events: readonly ProjectEvent[],
  people: SlackUserIds,
): RenderedMessage {
  const lines = eventLines(events, people);
  const body = joinWithin(lines, '\n', LIMITS.sectionText);
  return {
    text: `Task #${task.id} ${escapeWithin(truncate(task.title, 200), 300)}: ${lines.length} change${lines.length === 1 ? '' : 's'}`,
    blocks: [{ type: 'section', text: mrkdwn(body) }],
  };
}

/** A project event with no task thread (a sprint, an automation, a task deleted before any card). */
export function renderProjectNotice(
  event: ProjectEvent,
  projectName: string,
  people: SlackUserIds,
  task?: TaskRecord,
): RenderedMessage {
  const [line = 'Something changed'] = eventLines([event], people);
  const about =
    task || event.taskId
      ? ` · task #${task?.id ?? event.taskId}${task ? ` ${escapeMrkdwn(truncate(task.title, 200))}` : ''}`
      : '';
  const text = `${line} in ${bold(projectName)}${about}`;
  return {
    text: `${projectName}: ${eventLines([event], new Map()).join(' ')}`.slice(0, 3000),
    blocks: [{ type: 'section', text: mrkdwn(text) }],
  };
}
