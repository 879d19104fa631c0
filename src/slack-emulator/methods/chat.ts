import { validateBlocks } from '../../slack-platform/block-kit-limits.ts';
import { type Args, jsonArg, requireStringArg, SlackApiError, stringArg } from '../api-error.ts';
import type { EmulatorMessage } from '../model.ts';
import { requireMembership, resolveChannel } from './channels.ts';
import { type AuthedContext, authed, type MethodSpec } from './context.ts';
import { assertValidMessage, throwIfProblems } from './message-checks.ts';
import { checkMessageMetadata } from './work-objects.ts';

function messageContent(args: Args): { text: string | undefined; blocks: unknown; attachments: unknown } {
  return {
    text: stringArg(args, 'text'),
    blocks: jsonArg(args, 'blocks', 'invalid_blocks_format'),
    attachments: jsonArg(args, 'attachments', 'invalid_attachments'),
  };
}

/** Posts a message as the bot; shared by chat.postMessage and in_channel response_url posts. */
export function appendMessage(
  ctx: Pick<AuthedContext, 'state' | 'team'>,
  channelId: string,
  content: {
    text?: string | undefined;
    blocks?: unknown;
    attachments?: unknown;
    threadTs?: string | undefined;
    metadata?: unknown;
    /** A person's message instead of the bot's (seeding). */
    user?: string;
  },
): EmulatorMessage {
  const { state, team } = ctx;
  const message: EmulatorMessage = {
    type: 'message',
    channel: channelId,
    team: team.id,
    ts: state.nextTs(),
    user: content.user ?? team.botUserId,
    ...(content.user ? {} : { bot_id: team.botId, app_id: team.appId }),
    text: content.text ?? '',
  };
  if (Array.isArray(content.blocks)) message.blocks = content.blocks;
  if (Array.isArray(content.attachments)) message.attachments = content.attachments;
  if (content.metadata !== undefined) message.metadata = content.metadata;
  // A reply to a reply joins its thread, as Slack threads it: the thread's parent is counted.
  const named = content.threadTs ? state.findMessage(channelId, content.threadTs) : undefined;
  const parent =
    named?.thread_ts && named.thread_ts !== named.ts ? state.findMessage(channelId, named.thread_ts) : named;
  if (content.threadTs) message.thread_ts = parent?.ts ?? content.threadTs;
  state.channelMessages(channelId).push(message);
  if (parent) {
    parent.thread_ts = parent.ts;
    parent.reply_count = (parent.reply_count ?? 0) + 1;
    parent.reply_users = [...new Set([...(parent.reply_users ?? []), message.user])];
    parent.latest_reply = message.ts;
  }
  return message;
}

const postMessage = authed((args, ctx) => {
  const channel = resolveChannel(ctx, stringArg(args, 'channel'));
  requireMembership(channel);
  const content = messageContent(args);
  assertValidMessage(content);
  const checked = checkMessageMetadata(args);
  const message = appendMessage(ctx, channel.id, {
    ...content,
    threadTs: stringArg(args, 'thread_ts'),
    metadata: checked.metadata,
  });
  return { ok: true, channel: channel.id, ts: message.ts, message, ...checked.warning };
});

const postEphemeral = authed((args, ctx) => {
  const channel = resolveChannel(ctx, stringArg(args, 'channel'));
  requireMembership(channel);
  const userId = requireStringArg(args, 'user', 'user_not_found');
  const user = ctx.state.users.get(userId);
  if (!user || user.teamId !== ctx.team.id) throw new SlackApiError('user_not_found');
  if (!channel.members.includes(userId)) throw new SlackApiError('user_not_in_channel');
  const content = messageContent(args);
  assertValidMessage(content);
  const ts = ctx.state.nextTs();
  ctx.state.ephemerals.push({
    channel: channel.id,
    team: ctx.team.id,
    user: userId,
    ts,
    text: content.text ?? '',
    ...(Array.isArray(content.blocks) ? { blocks: content.blocks } : {}),
    ...(Array.isArray(content.attachments) ? { attachments: content.attachments } : {}),
    ...(stringArg(args, 'thread_ts') ? { thread_ts: stringArg(args, 'thread_ts') } : {}),
    via: 'chat.postEphemeral',
    deleted: false,
  });
  return { ok: true, message_ts: ts };
});

function ownMessage(args: Args, ctx: AuthedContext, tsField: string, notMine: string): EmulatorMessage {
  const channel = resolveChannel(ctx, stringArg(args, 'channel'));
  const ts = stringArg(args, tsField);
  const message = ts ? ctx.state.findMessage(channel.id, ts) : undefined;
  if (!message) throw new SlackApiError('message_not_found');
  if (notMine && message.user !== ctx.team.botUserId) throw new SlackApiError(notMine);
  return message;
}

const update = authed((args, ctx) => {
  const message = ownMessage(args, ctx, 'ts', 'cant_update_message');
  const content = messageContent(args);
  // Slack keeps the old blocks and attachments when an update leaves them out.
  const next = {
    text: content.text,
    blocks: content.blocks === undefined ? message.blocks : content.blocks,
    attachments: content.attachments === undefined ? message.attachments : content.attachments,
  };
  assertValidMessage(next);
  message.text = next.text ?? '';
  if (Array.isArray(next.blocks)) message.blocks = next.blocks;
  else delete message.blocks;
  if (Array.isArray(next.attachments)) message.attachments = next.attachments;
  // Metadata left out of an update is kept, as Slack keeps it.
  const checked = checkMessageMetadata(args);
  if (checked.metadata !== undefined) message.metadata = checked.metadata;
  message.edited = { user: ctx.team.botUserId, ts: ctx.state.nextTs() };
  return {
    ok: true,
    channel: message.channel,
    ts: message.ts,
    text: message.text,
    message,
    ...checked.warning,
  };
});

const remove = authed((args, ctx) => {
  const message = ownMessage(args, ctx, 'ts', 'cant_delete_message');
  const list = ctx.state.channelMessages(message.channel);
  list.splice(list.indexOf(message), 1);
  return { ok: true, channel: message.channel, ts: message.ts };
});

const getPermalink = authed((args, ctx) => {
  const message = ownMessage(args, ctx, 'message_ts', '');
  const base = `https://${ctx.team.domain}.slack.com/archives/${message.channel}/p${message.ts.replace('.', '')}`;
  const inThread = message.thread_ts && message.thread_ts !== message.ts;
  return {
    ok: true,
    channel: message.channel,
    permalink: inThread ? `${base}?thread_ts=${message.thread_ts}&cid=${message.channel}` : base,
  };
});

const unfurl = authed((args, ctx) => {
  const unfurls = jsonArg(args, 'unfurls', 'invalid_unfurls_format');
  if (typeof unfurls !== 'object' || unfurls === null || Array.isArray(unfurls)) {
    throw new SlackApiError('invalid_unfurls_format', ['[ERROR] unfurls must be an object keyed by URL']);
  }
  for (const [url, value] of Object.entries(unfurls)) {
    const blocks = (value as { blocks?: unknown } | null)?.blocks;
    if (blocks !== undefined) {
      throwIfProblems(
        validateBlocks(blocks).map((problem) => ({
          ...problem,
          pointer: `/unfurls/${url}${problem.pointer}`,
        })),
      );
    }
  }
  let message: EmulatorMessage | undefined;
  const checked = checkMessageMetadata(args, Object.keys(unfurls));
  if (stringArg(args, 'unfurl_id') && stringArg(args, 'source')) {
    // Composer unfurls (source + unfurl_id) have no message yet: record them only.
    return { ok: true, ...checked.warning };
  }
  try {
    message = ownMessage(args, ctx, 'ts', '');
  } catch (error) {
    if (error instanceof SlackApiError && error.error === 'message_not_found')
      throw new SlackApiError('cannot_find_message');
    throw error;
  }
  message.unfurls = { ...message.unfurls, ...(unfurls as Record<string, unknown>) };
  if (checked.metadata !== undefined) message.unfurl_metadata = checked.metadata;
  return { ok: true, ...checked.warning };
});

export const chatMethods: Record<string, MethodSpec> = {
  'chat.postMessage': postMessage,
  'chat.postEphemeral': postEphemeral,
  'chat.update': update,
  'chat.delete': remove,
  'chat.getPermalink': getPermalink,
  'chat.unfurl': unfurl,
};
