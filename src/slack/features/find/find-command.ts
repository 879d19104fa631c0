/**
 * `/task find WORDS [#Project] [@person] [is:STATUS] [due:…]`: the spec has no search, so this
 * answers from the connection's task view (kept fresh by events and polls) without a service
 * request once warm. A cold view is read once, said so, and the answer replaces the note.
 */
import type { TaskRecord, WorkApiClient } from '../../../api/index.ts';
import { doneFor } from '../../../api/task-lists.ts';
import { type TaskView, taskViewOf } from '../../../api/task-view.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { FindIntent, PersonRef } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { slackUsersByMember } from '../../services/resolve-people.ts';
import { resolveProject } from '../../services/resolve-project.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { errorMessage } from '../../ui/messages/errors.ts';
import { linkOfferMessage } from '../../ui/messages/link-offer.ts';
import { projectProblemMessage } from '../../ui/messages/project-problem.ts';
import { assigneesOf, dueFilter, membersNamed, statusFilter } from './find-filters.ts';
import { renderFindReading, renderFindResults } from './find-message.ts';
import { fold, rankTasks } from './rank.ts';

type Filter = (task: TaskRecord) => boolean;

export async function findHandler(ctx: CommandContext, intent: FindIntent): Promise<void> {
  const api = await ctx.api();
  const view = taskViewOf(api);
  // Another instance's scan or changes first; a store that cannot be read leaves this copy to answer.
  await view.sync().catch(() => {});
  const asked = (ctx.command.text ?? '').replace(/^\s*\S+\s*/, '').trim();
  if (!view.warm) {
    const pending = view.refresh();
    pending.catch(() => {});
    await ctx.respond({ response_type: 'ephemeral', ...renderFindReading(asked) });
    try {
      await pending;
    } catch (error) {
      ctx.deps.logger.warn({ err: error }, 'reading every task for /task find failed');
      await ctx.respond({
        response_type: 'ephemeral',
        replace_original: true,
        ...errorMessage({
          what: 'Taskbridge could not read the service’s tasks to look through them.',
          next: 'Search again in a few minutes.',
        }),
      });
      return;
    }
    const answer = await findAnswer(ctx, api, view, intent, asked);
    await ctx.respond({ response_type: 'ephemeral', replace_original: true, ...answer });
    return;
  }
  await ctx.respond({ response_type: 'ephemeral', ...(await findAnswer(ctx, api, view, intent, asked)) });
}

/** The member a person filter means, or the message saying why none. */
async function memberFilter(
  ctx: CommandContext,
  ref: PersonRef,
  everyone: readonly TaskRecord[],
): Promise<{ ids: number[] } | { problem: RenderedMessage }> {
  const linked = async (userId: string) => (await ctx.deps.userLinks.get(ctx.teamId, userId))?.memberId;
  if (ref.kind === 'me') {
    const id = await linked(ctx.userId);
    return id === undefined
      ? { problem: linkOfferMessage({ reason: 'to find the tasks assigned to you' }) }
      : { ids: [id] };
  }
  if (ref.kind === 'slack') {
    const id = await linked(ref.userId);
    if (id !== undefined) return { ids: [id] };
  }
  const name = ref.name;
  const people = assigneesOf(everyone);
  const ids = name ? membersNamed(people, name) : [];
  if (ids.length > 0) return { ids };
  const label =
    ref.kind === 'slack'
      ? `<@${ref.userId}>`
      : `@${escapeMrkdwn(truncate(ref.kind === 'name' ? ref.name : '', 80))}`;
  const known = [...new Set(people.values())].sort().slice(0, 20).map(escapeMrkdwn);
  return {
    problem: {
      text: `No tasks are assigned to ${label}.`,
      blocks: [
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: `No task is assigned to ${label} that Taskbridge knows of.${known.length > 0 ? ` People with tasks: ${known.join(', ')}.` : ''}`,
          },
        },
      ],
    },
  };
}

async function findAnswer(
  ctx: CommandContext,
  api: WorkApiClient,
  view: TaskView,
  intent: FindIntent,
  asked: string,
): Promise<RenderedMessage> {
  const isDoneStatus = doneFor(api);
  // Thousands of tasks share a handful of statuses: each is read once per search.
  const doneByStatus = new Map<string, boolean>();
  const isDone = (t: TaskRecord) => {
    const key = `${t.status.id}:${t.status.name}:${t.status.is_done ?? ''}`;
    let done = doneByStatus.get(key);
    if (done === undefined) {
      done = isDoneStatus(t.status);
      doneByStatus.set(key, done);
    }
    return done;
  };
  const timeZone = await ctx.deps.profiles.timeZone(ctx.client, ctx.teamId, ctx.userId);
  const now = ctx.deps.clock.now();
  const filters: Filter[] = [];
  let projectName: string | null = null;
  let projectId: number | undefined;
  if (intent.project) {
    const resolution = await resolveProject(ctx.deps, api, intent.project, ctx);
    if (resolution.kind !== 'found') return projectProblemMessage(resolution, 'find');
    projectId = resolution.project.id;
    projectName = resolution.project.name;
  }
  const answer = view.all();
  const everyone =
    projectId === undefined ? answer.tasks : answer.tasks.filter((t) => t.project_id === projectId);
  if (intent.person) {
    const member = await memberFilter(ctx, intent.person, everyone);
    if ('problem' in member) return member.problem;
    filters.push((t) => t.assignees.some((a) => member.ids.includes(a.id)));
  }
  if (intent.status) {
    const status = statusFilter(intent.status, isDone);
    if (typeof status === 'function') filters.push(status);
    else {
      const names = new Map(everyone.map((t) => [fold(t.status.name), t.status.name]));
      const known = [...names.values()];
      if (!names.has(status.wanted)) {
        return errorMessage({
          what: `No status is called “${intent.status}”.`,
          why: `Statuses in use: ${known.sort().join(', ') || 'none yet'}; or say open or done.`,
          next: 'Like `/task find is:open`.',
        });
      }
      filters.push((t) => fold(t.status.name) === status.wanted);
    }
  }
  if (intent.dueText) {
    const due = dueFilter(intent.dueText, { timeZone, now, isDone });
    if (!due) {
      return errorMessage({
        what: `“${intent.dueText}” is not a due date I can read.`,
        why: 'Say today, overdue, week, none, or a date such as friday or 2027-01-31.',
        next: 'Like `/task find due:week`.',
      });
    }
    filters.push(due);
  }
  const candidates = filters.length === 0 ? everyone : everyone.filter((t) => filters.every((f) => f(t)));
  const ranked = rankTasks(candidates, intent.words, isDone);
  const notes = [
    `From Taskbridge’s own copy of the service’s tasks, as of ${ago(now.getTime() - (answer.asOf ?? now.getTime()))}.`,
  ];
  if (!answer.complete) notes.push('Some projects could not be read in full, so some tasks may be missing.');
  return renderFindResults(
    {
      asked,
      results: ranked.slice(0, 10).map((r) => r.task),
      total: ranked.length,
      timeZone,
      slackUserIds: await slackUsersByMember(ctx.deps, ctx.teamId),
      taskUrl: (task) => ctx.deps.taskLinks.urlFor(task),
      isDone,
      notes,
      whatExists: ranked.length === 0 ? whatExists(everyone, candidates, projectName) : undefined,
    },
    now,
  );
}

/** What there is to find, when nothing matched: how many tasks, where, and a few titles. */
function whatExists(
  everyone: readonly TaskRecord[],
  candidates: readonly TaskRecord[],
  project: string | null,
): string {
  const where = project ? ` in ${escapeMrkdwn(project)}` : '';
  if (everyone.length === 0) return `Taskbridge knows of no tasks${where} yet.`;
  const pool = candidates.length > 0 ? candidates : everyone;
  const titles = pool
    .slice(0, 5)
    .map((t) => `\`#${t.id}\` ${escapeMrkdwn(truncate(t.title, 60))}`)
    .join(', ');
  const filtered =
    candidates.length > 0 && candidates.length < everyone.length
      ? `${candidates.length} of the ${everyone.length} tasks${where} pass the filters, but no title matches the words`
      : `Taskbridge looked through ${everyone.length} task${everyone.length === 1 ? '' : 's'}${where}`;
  return `${filtered}; among them: ${titles}. Try fewer or shorter words.`;
}

function ago(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes < 1 ? 'less than a minute ago' : minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
}
