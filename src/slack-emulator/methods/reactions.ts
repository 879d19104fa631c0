/**
 * Emoji reactions on messages: `reactions.add`, `reactions.remove`, `reactions.get`, with the
 * arguments, answers and errors of Slack's method pages (https://api.slack.com/methods/reactions.add,
 * …/reactions.remove, …/reactions.get), and the same change made by a person (the signer's `react`,
 * the playground), for which Slack sends the app `reaction_added` / `reaction_removed`
 * (https://api.slack.com/events/reaction_added).
 */
import { requireStringArg, SlackApiError, stringArg } from '../api-error.ts';
import type { EmulatorMessage, EmulatorReaction } from '../model.ts';
import { requireMembership, resolveChannel } from './channels.ts';
import { type AuthedContext, authed, type MethodSpec } from './context.ts';

/** Slack's names: lower case letters, digits, `_+-'`, and a skin tone after `::`. */
const EMOJI_NAME = /^[a-z0-9_+'-]{1,100}(::skin-tone-[2-6])?$/;
/** Slack refuses a 51st distinct emoji on one message (`too_many_reactions`). */
const MAX_DISTINCT = 50;

/** A name as given (`:ticket:` or `ticket`), colons taken off as Slack does; invalid_name otherwise. */
export function emojiName(raw: string | undefined): string {
  const name = (raw ?? '').replace(/^:|:$/g, '');
  if (!EMOJI_NAME.test(name)) throw new SlackApiError('invalid_name');
  return name;
}

/** Adds userId's reaction; already_reacted when it is there. */
export function addReaction(message: EmulatorMessage, name: string, userId: string): void {
  message.reactions ??= [];
  const reactions = message.reactions;
  let reaction = reactions.find((r) => r.name === name);
  if (reaction?.users.includes(userId)) throw new SlackApiError('already_reacted');
  if (!reaction) {
    if (reactions.length >= MAX_DISTINCT) throw new SlackApiError('too_many_reactions');
    reaction = { name, users: [], count: 0 } satisfies EmulatorReaction;
    reactions.push(reaction);
  }
  reaction.users.push(userId);
  reaction.count = reaction.users.length;
}

/** Takes userId's reaction off; no_reaction when there was none. */
export function removeReaction(message: EmulatorMessage, name: string, userId: string): void {
  const reactions = message.reactions ?? [];
  const reaction = reactions.find((r) => r.name === name);
  if (!reaction?.users.includes(userId)) throw new SlackApiError('no_reaction');
  reaction.users = reaction.users.filter((u) => u !== userId);
  reaction.count = reaction.users.length;
  if (reaction.count === 0) reactions.splice(reactions.indexOf(reaction), 1);
  if (reactions.length === 0) delete message.reactions;
}

function targetMessage(args: Record<string, unknown>, ctx: AuthedContext): EmulatorMessage {
  const channel = resolveChannel(ctx, stringArg(args, 'channel'));
  requireMembership(channel);
  const ts = stringArg(args, 'timestamp');
  if (!ts) throw new SlackApiError('no_item_specified');
  const message = ctx.state.findMessage(channel.id, ts);
  if (!message) throw new SlackApiError('message_not_found');
  return message;
}

const add = authed((args, ctx) => {
  const name = emojiName(requireStringArg(args, 'name', 'invalid_name'));
  addReaction(targetMessage(args, ctx), name, ctx.team.botUserId);
  return { ok: true };
});

const remove = authed((args, ctx) => {
  const name = emojiName(requireStringArg(args, 'name', 'invalid_name'));
  removeReaction(targetMessage(args, ctx), name, ctx.team.botUserId);
  return { ok: true };
});

const get = authed((args, ctx) => {
  const message = targetMessage(args, ctx);
  const { channel, ...rest } = message;
  const base = `https://${ctx.team.domain}.slack.com/archives/${channel}/p${message.ts.replace('.', '')}`;
  return { ok: true, type: 'message', channel, message: { ...rest, permalink: base } };
});

export const reactionMethods: Record<string, MethodSpec> = {
  'reactions.add': add,
  'reactions.get': get,
  'reactions.remove': remove,
};
