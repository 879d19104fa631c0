/**
 * The create form's submission. Field problems are answered in the ack (`response_action: errors`)
 * before any service call; then the form closes and the task is created once (keyed by the view, so
 * a double submit or a Slack retry cannot make two). The result goes where the form came from: the
 * source message's thread, the channel, or a direct message. A failure keeps what was typed in a
 * draft that one click reopens.
 */

import type { WebClient } from '@slack/web-api';
import type { TaskRecord } from '../../../api/index.ts';
import { createThreadTasks } from '../../../store/repositories/thread-tasks.ts';
import type { AppDeps } from '../../deps.ts';
import { type FormArgs, type FormContext, formContext } from '../../kit/form-context.ts';
import { noteFailure } from '../../kit/report-failure.ts';
import { tellPerson } from '../../kit/tell-person.ts';
import { slackUsersByMember, unresolvedText } from '../../services/resolve-people.ts';
import { resolveSlackUsers } from '../../services/resolve-slack-users.ts';
import {
  describeWithOrigin,
  originLine,
  originToRecord,
  rememberOrigin,
} from '../../services/task-origin.ts';
import { CREATE_TASK_FIELDS } from '../../ui/ids.ts';
import { renderTaskCard } from '../../ui/messages/task-card.ts';
import { cardInSubscribedChannel } from './card-in-channel.ts';
import { type CreateTaskMetadata, decodeCreateTaskMetadata } from './create-task-metadata.ts';
import { createTaskOnce } from './create-task-once.ts';
import { type CreateTaskSubmission, readCreateTaskSubmission } from './create-task-submission.ts';
import { renderCreatedMessage } from './created.ts';
import { draftFailureMessage } from './draft-failure.ts';
import { saveDraft } from './drafts.ts';

export function createTaskSubmittedHandler(deps: AppDeps) {
  return async (args: FormArgs) => {
    const metadata = decodeCreateTaskMetadata(args.view.private_metadata, (text) => deps.metadata.open(text));
    const ctx = formContext(deps, args, metadata?.channelId ?? null);
    const { ack, view, client, teamId, userId } = ctx;
    if (!metadata) {
      await ack({
        response_action: 'errors',
        errors: { [CREATE_TASK_FIELDS.title.block]: 'This form is out of date. Close it and open it again.' },
      });
      return;
    }
    // The zone decides what a picked date means; a cached profile makes this instant.
    const timeZone = await deps.profiles.timeZone(client, teamId, userId);
    const read = readCreateTaskSubmission(view.state.values, { timeZone, now: ctx.now });
    if (!read.ok) {
      await ack({ response_action: 'errors', errors: read.errors });
      return;
    }
    await ack();
    const submission = read.value;
    if (metadata.source === 'message' && metadata.channelId && metadata.messageTs && !metadata.permalink) {
      metadata.permalink = await permalinkOf(client, metadata.channelId, metadata.messageTs);
    }
    try {
      const task = await createFromSubmission(ctx, { submission, metadata });
      const projectId = submission.projectId;
      await postResult(deps, client, { teamId, userId, metadata, task, projectId, timeZone });
    } catch (error) {
      const failure = noteFailure(deps, error, { what: 'creating a task from the form' });
      const draftId = await saveDraft(deps, { teamId, userId, submission, metadata });
      await tellPerson(
        client,
        ctx.to,
        draftFailureMessage({ title: submission.title, reason: failure.text, draftId }),
      );
    }
  };
}

async function createFromSubmission(
  ctx: FormContext,
  q: { submission: CreateTaskSubmission; metadata: CreateTaskMetadata },
): Promise<TaskRecord> {
  const { deps, client, teamId, userId } = ctx;
  const api = await ctx.api();
  const s = q.submission;
  const people = await resolveSlackUsers(s.assigneeSlackUserIds, {
    deps,
    api,
    client,
    teamId,
    userId,
    projectId: s.projectId,
  });
  const creator = await deps.userLinks.get(teamId, userId);
  const description = [
    s.description,
    q.metadata.permalink && !s.description?.includes(q.metadata.permalink)
      ? `From Slack: ${q.metadata.permalink}`
      : null,
  ]
    .filter(Boolean)
    .join('\n\n');
  const origin = await originToRecord(deps, client, {
    teamId,
    userId,
    linked: Boolean(creator),
  });
  const withOrigin = origin ? describeWithOrigin(description || null, origin) : description;
  const { task } = await createTaskOnce(
    deps,
    api,
    { kind: 'view', teamId, viewId: ctx.view.id },
    {
      project_id: s.projectId,
      title: s.title,
      ...(withOrigin ? { description: withOrigin } : {}),
      ...(people.members.length > 0 ? { assignee_ids: people.members.map((m) => m.id) } : {}),
      ...(s.due ? { due_date: s.due.date.toISOString() } : {}),
      priority: s.priority,
      ...(s.statusId ? { status_id: s.statusId } : {}),
      ...(creator ? { creator_id: creator.memberId } : {}),
    },
  );
  if (origin) await rememberOrigin(deps, teamId, task.id, origin);
  if (people.unresolved.length > 0) {
    await client.chat
      .postMessage({
        channel: userId,
        text: `:information_source: “${task.title}” was created, but not assigned to everyone: ${unresolvedText(people.unresolved)}`,
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not tell about unassigned people'));
  }
  return task;
}

async function postResult(
  deps: AppDeps,
  client: WebClient,
  q: {
    teamId: string;
    userId: string;
    metadata: CreateTaskMetadata;
    task: TaskRecord;
    projectId: number;
    timeZone: string;
  },
): Promise<void> {
  const now = deps.clock.now();
  const slackUserIds = await slackUsersByMember(deps, q.teamId);
  const card = {
    task: q.task,
    url: deps.taskLinks.urlFor(q.task),
    slackUserIds,
    timeZone: q.timeZone,
    origin: await originLine(deps, q.teamId, q.task),
  };
  const m = q.metadata;
  if (m.source === 'message' && m.channelId && m.messageTs) {
    const message = renderCreatedMessage(
      { card, creatorSlackUserId: q.userId, sourcePermalink: m.permalink },
      now,
    );
    const posted = await client.chat.postMessage({
      channel: m.channelId,
      thread_ts: m.threadTs ?? m.messageTs,
      ...message,
    });
    // A task made from a thread's first message is that thread's task: @Taskbridge there shows it.
    if (m.threadTs && m.threadTs === m.messageTs) {
      const cardTs = typeof posted.ts === 'string' ? posted.ts : null;
      await createThreadTasks(deps.store)
        .set(q.teamId, m.channelId, m.threadTs, { taskId: q.task.id, cardTs })
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not remember a thread’s task'));
    }
    return;
  }
  const message = renderTaskCard(card, now);
  if (m.channelId) {
    const where = { teamId: q.teamId, channelId: m.channelId, task: q.task, projectId: q.projectId };
    if (await cardInSubscribedChannel(deps, client, { ...where, card: message })) return;
  }
  await tellPerson(client, { userId: q.userId, channelId: m.channelId }, message, { visible: true });
}

/** The source message's link, or null when Slack will not give it (the task is still created). */
async function permalinkOf(client: WebClient, channel: string, ts: string): Promise<string | null> {
  try {
    return (await client.chat.getPermalink({ channel, message_ts: ts })).permalink ?? null;
  } catch {
    return null;
  }
}
