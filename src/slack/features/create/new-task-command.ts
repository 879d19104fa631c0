import { describeDueProblem, parseDueDate } from '../../../lib/dates.ts';
import { trailingDatePhrase } from '../../../lib/trailing-date.ts';
import type { NewTaskIntent, ReadingNote } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { once } from '../../kit/once.ts';
import { requireApi } from '../../kit/require-api.ts';
import { resolvePeople, unresolvedText } from '../../services/resolve-people.ts';
import { channelDefaultProject, resolveProject } from '../../services/resolve-project.ts';
import { taskCardModel } from '../../services/task-card-model.ts';
import { describeWithOrigin, originToRecord, rememberOrigin } from '../../services/task-origin.ts';
import { errorMessage } from '../../ui/messages/errors.ts';
import { projectProblemMessage } from '../../ui/messages/project-problem.ts';
import { renderTaskCard } from '../../ui/messages/task-card.ts';
import { cardInSubscribedChannel } from './card-in-channel.ts';
import { CreationPendingError, createTaskOnce } from './create-task-once.ts';
import { openCreateTaskModal } from './open-create-task-modal.ts';

export async function newTaskHandler(ctx: CommandContext, intent: NewTaskIntent): Promise<void> {
  const { deps } = ctx;
  const fallback = intent.project ? undefined : await channelDefaultProject(deps, ctx.teamId, ctx.channelId);
  if (!intent.title || (!intent.project && !fallback)) {
    await openCreateTaskModal(ctx.deps, ctx.client, {
      triggerId: ctx.triggerId,
      teamId: ctx.teamId,
      userId: ctx.userId,
      metadata: {
        source: 'command',
        channelId: ctx.channelId,
        messageTs: null,
        threadTs: null,
        permalink: null,
        projectId: fallback?.id ?? null,
      },
      prefill: {
        title: intent.title,
        assigneeSlackIds: intent.assignees.flatMap((p) =>
          p.kind === 'slack' ? [p.userId] : p.kind === 'me' ? [ctx.userId] : [],
        ),
        priority: intent.priority,
        dueText: intent.dueText,
        project: fallback ?? null,
      },
    });
    if (intent.notes.length > 0) {
      await ctx.respond({
        response_type: 'ephemeral',
        text: `:information_source: ${intent.notes
          .map((n) => `I couldn't read “${n.text}” as a date: pick the due date in the form.`)
          .join('\n')}`,
      });
    }
    return;
  }

  const api = await requireApi(deps, ctx.teamId);
  const timeZone = await deps.profiles.timeZone(ctx.client, ctx.teamId, ctx.userId);
  const now = deps.clock.now();
  let due: Date | null = null;
  if (intent.dueText) {
    const parsed = parseDueDate(intent.dueText, { timeZone, now });
    if (!parsed) {
      await ctx.respond({
        response_type: 'ephemeral',
        ...errorMessage({
          what: 'Nothing was created: I could not read that due date.',
          why:
            describeDueProblem(intent.dueText, { timeZone, now }) ??
            `“${intent.dueText}” is not a date I know.`,
          next: 'Try `due friday`, `due tomorrow 5pm`, `due 2026-12-01` or `due in 3 days`.',
        }),
      });
      return;
    }
    due = parsed.date;
  }
  const resolution = await resolveProject(deps, api, intent.project, ctx);
  if (resolution.kind !== 'found') {
    await ctx.respond({ response_type: 'ephemeral', ...projectProblemMessage(resolution, 'new') });
    return;
  }
  const project = resolution.project;
  const people = await resolvePeople(intent.assignees, {
    deps,
    api,
    client: ctx.client,
    teamId: ctx.teamId,
    userId: ctx.userId,
    projectId: project.id,
  });
  const creator = await deps.userLinks.get(ctx.teamId, ctx.userId);
  const origin = await originToRecord(deps, ctx.client, {
    teamId: ctx.teamId,
    userId: ctx.userId,
    linked: Boolean(creator),
  });
  const trigger = { kind: 'trigger', teamId: ctx.teamId, triggerId: ctx.triggerId } as const;
  const created = await createTaskOnce(deps, api, trigger, {
    project_id: project.id,
    title: intent.title,
    ...(origin ? { description: describeWithOrigin(null, origin) } : {}),
    ...(people.members.length > 0 ? { assignee_ids: people.members.map((m) => m.id) } : {}),
    ...(due ? { due_date: due.toISOString() } : {}),
    ...(intent.priority ? { priority: intent.priority } : {}),
    ...(creator ? { creator_id: creator.memberId } : {}),
  }).catch((error: unknown) => {
    // Another delivery of this command is creating the task right now, and will post its card.
    if (error instanceof CreationPendingError) return undefined;
    throw error;
  });
  if (!created) return;
  const { task } = created;
  if (origin) await rememberOrigin(deps, ctx.teamId, task.id, origin);
  // The same card as `/task show`: its status menu, project, people and who asked.
  const model = await taskCardModel(deps, ctx.client, api, {
    teamId: ctx.teamId,
    userId: ctx.userId,
    task,
  });
  const card = renderTaskCard({ ...model, projectName: model.projectName ?? project.name, timeZone }, now);
  // A redelivered command gets the first task back; its card is posted once, by whichever delivery
  // gets there first (a failed post is not remembered, so a retry posts it).
  const posted = await once(deps.idempotency, { purpose: 'task-card', ...trigger }, async () => {
    const where = { teamId: ctx.teamId, channelId: ctx.channelId, task, projectId: project.id, card };
    if (await cardInSubscribedChannel(deps, ctx.client, where)) return true;
    await ctx.respond({ response_type: 'in_channel', text: card.text, blocks: card.blocks });
    return true;
  });
  if (posted.state !== 'ran') return;
  const dateInTitle =
    due || intent.notes.length > 0 ? null : trailingDatePhrase(intent.title, { timeZone, now });
  const told = [
    ...intent.notes.map((note) => readingNoteText(note, task.id)),
    ...(dateInTitle ? [dateInTitleText(dateInTitle, task.id)] : []),
    ...(people.unresolved.length > 0
      ? [`Task ${task.id} was created, but not assigned to everyone: ${unresolvedText(people.unresolved)}`]
      : []),
  ];
  if (told.length > 0) {
    await ctx.respond({
      response_type: 'ephemeral',
      replace_original: false,
      text: `:information_source: ${told.join('\n')}`,
    });
  }
}

/** A date typed without `due` stays in the title; the person hears so, with the command that sets it. */
function dateInTitleText(phrase: string, taskId: number): string {
  return `“${phrase}” is part of the title, so task ${taskId} has no due date. Set it with \`/task due ${taskId} ${phrase}\` (next time, write \`due ${phrase}\`).`;
}

/** What the reading set aside, said once the task exists, with the command that finishes the job. */
function readingNoteText(note: ReadingNote, taskId: number): string {
  const date = note.suggestion ?? 'friday';
  return `I couldn't read “${note.text}” as a date: task ${taskId} has no due date. Set it with \`/task due ${taskId} ${date}\`.`;
}
