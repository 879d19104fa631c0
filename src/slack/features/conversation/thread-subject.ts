/**
 * A bare @Taskbridge (or `@Taskbridge task`) in a thread: the thread's first message becomes the
 * subject. A thread that already has its task shows that task's card; otherwise the person sees the
 * proposed task (title and description from the first message, its permalink kept in the
 * description, the thread's people to assign) and nothing is made until they press Create.
 */
import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { slackErrorCode } from '../../../slack-platform/slack-error-code.ts';
import { createThreadTasks } from '../../../store/repositories/thread-tasks.ts';
import type { AppDeps } from '../../deps.ts';
import { type SaidToApp, saidReplier } from '../../kit/conversation-context.ts';
import { requireApi } from '../../kit/require-api.ts';
import { prefillFromMessage } from '../../services/prefill-from-message.ts';
import { channelDefaultProject } from '../../services/resolve-project.ts';
import { linkOfferMessage } from '../../ui/messages/link-offer.ts';
import { cannotReadThreadMessage, renderThreadPreview } from './thread-preview-message.ts';
import { showThreadTask } from './thread-task-card.ts';

/** Slack's answers meaning the app may not read this conversation. */
const CANNOT_READ = new Set(['not_in_channel', 'channel_not_found', 'missing_scope']);
/** A long thread's people beyond these replies are not read: the first page names the people who started it. */
const REPLIES_PAGE = 200;

interface ThreadMessage {
  ts?: string;
  user?: string;
  bot_id?: string;
  text?: string;
  subtype?: string;
}

export async function threadSubjectHandler(
  deps: AppDeps,
  client: WebClient,
  said: SaidToApp & { threadTs: string },
  botUserId: string | undefined,
  respond: RespondFn = saidReplier(client, said),
): Promise<void> {
  const threads = createThreadTasks(deps.store);
  const api = await requireApi(deps, said.teamId);
  const existing = await threads.get(said.teamId, said.channelId, said.threadTs);
  if (existing && (await showThreadTask(deps, client, api, said, existing.taskId, respond))) return;

  if (!(await deps.userLinks.get(said.teamId, said.userId))) {
    await respond({
      response_type: 'ephemeral',
      ...linkOfferMessage({
        reason: 'to make this thread a task (or type `/task link`), then mention me again',
      }),
    });
    return;
  }

  let messages: ThreadMessage[];
  try {
    const replies = await client.conversations.replies({
      channel: said.channelId,
      ts: said.threadTs,
      limit: REPLIES_PAGE,
    });
    messages = (replies.messages ?? []) as ThreadMessage[];
  } catch (error) {
    if (CANNOT_READ.has(slackErrorCode(error) ?? '')) {
      await respond({ response_type: 'ephemeral', ...cannotReadThreadMessage() });
      return;
    }
    throw error;
  }
  const root = messages.find((m) => m.ts === said.threadTs) ?? messages[0];
  const permalink = await client.chat
    .getPermalink({ channel: said.channelId, message_ts: said.threadTs })
    .then((answer) => answer.permalink ?? null)
    .catch(() => null);
  const prefill = prefillFromMessage({ text: root?.text ?? '', permalink });
  const people = [
    ...new Set(
      messages
        .filter((m) => m.user && !m.bot_id && m.user !== botUserId && !m.subtype)
        .map((m) => m.user as string),
    ),
  ];
  const project = await channelDefaultProject(deps, said.teamId, said.channelId);
  const title = prefill.title || 'Task from a Slack thread';
  const previewId = await threads.savePreview(said.teamId, {
    userId: said.userId,
    channelId: said.channelId,
    threadTs: said.threadTs,
    title,
    description: prefill.description,
    permalink,
    people,
    assignees: [],
    projectId: project?.id ?? null,
    projectName: project?.name ?? null,
  });
  const named = await Promise.all(
    people.map(async (userId) => {
      const profile = await deps.profiles.get(client, said.teamId, userId).catch(() => undefined);
      return { userId, name: profile?.realName || profile?.displayName || profile?.name || userId };
    }),
  );
  await respond({
    response_type: 'ephemeral',
    ...renderThreadPreview({
      previewId,
      title,
      permalink,
      projectName: project?.name ?? null,
      people: named,
      assignees: [],
    }),
  });
}
