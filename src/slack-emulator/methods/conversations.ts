import { boolArg, intArg, requireStringArg, SlackApiError, stringArg } from '../api-error.ts';
import { channelJson } from '../api-shapes.ts';
import type { EmulatorMessage } from '../model.ts';
import { requireMembership, resolveChannel } from './channels.ts';
import { authed, type MethodSpec } from './context.ts';
import { decodeCursor, encodeCursor } from './paging.ts';

const info = authed((args, ctx) => {
  const channel = resolveChannel(ctx, stringArg(args, 'channel'), { allowArchived: true });
  return { ok: true, channel: channelJson(channel) };
});

function page(messages: EmulatorMessage[], args: Record<string, unknown>) {
  const limit = intArg(args, 'limit', 100, 999);
  const offset = decodeCursor(stringArg(args, 'cursor'));
  const slice = messages.slice(offset, offset + limit);
  const hasMore = offset + limit < messages.length;
  return {
    messages: slice,
    has_more: hasMore,
    response_metadata: { next_cursor: hasMore ? encodeCursor(offset + limit) : '' },
  };
}

function inWindow(ts: string, args: Record<string, unknown>): boolean {
  const latest = stringArg(args, 'latest');
  const oldest = stringArg(args, 'oldest');
  const inclusive = boolArg(args, 'inclusive') ?? false;
  const value = Number(ts);
  if (latest !== undefined && (inclusive ? value > Number(latest) : value >= Number(latest))) return false;
  if (oldest !== undefined && (inclusive ? value < Number(oldest) : value <= Number(oldest))) return false;
  return true;
}

const history = authed((args, ctx) => {
  const channel = resolveChannel(ctx, stringArg(args, 'channel'), { allowArchived: true });
  requireMembership(channel);
  const topLevel = ctx.state
    .channelMessages(channel.id)
    .filter(
      (message) => (!message.thread_ts || message.thread_ts === message.ts) && inWindow(message.ts, args),
    )
    .reverse();
  return { ok: true, ...page(topLevel, args) };
});

const replies = authed((args, ctx) => {
  const channel = resolveChannel(ctx, stringArg(args, 'channel'), { allowArchived: true });
  requireMembership(channel);
  const ts = requireStringArg(args, 'ts', 'thread_not_found');
  const parent = ctx.state.findMessage(channel.id, ts);
  if (!parent) throw new SlackApiError('thread_not_found');
  const threadTs = parent.thread_ts ?? parent.ts;
  const thread = ctx.state
    .channelMessages(channel.id)
    .filter(
      (message) => (message.ts === threadTs || message.thread_ts === threadTs) && inWindow(message.ts, args),
    );
  return { ok: true, ...page(thread, args) };
});

export const conversationMethods: Record<string, MethodSpec> = {
  'conversations.info': info,
  'conversations.history': history,
  'conversations.replies': replies,
};
