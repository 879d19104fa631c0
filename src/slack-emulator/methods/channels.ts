import { SlackApiError } from '../api-error.ts';
import type { EmulatorChannel } from '../model.ts';
import type { AuthedContext } from './context.ts';

/**
 * Finds the conversation a `channel` argument names: an id, a `#name`, or a user id (the bot's
 * direct message with that user, opened on first use as Slack does).
 */
export function resolveChannel(
  ctx: AuthedContext,
  value: string | undefined,
  options: { allowArchived?: boolean } = {},
): EmulatorChannel {
  if (!value) throw new SlackApiError('channel_not_found');
  const { state, team } = ctx;
  const user = state.users.get(value);
  if (user && user.teamId === team.id && !user.isBot) return state.imWith(team.id, user.id);
  let channel = state.channels.get(value);
  if (!channel) {
    const name = value.replace(/^#/, '');
    channel = [...state.channels.values()].find(
      (each) => each.teamId === team.id && each.name === name && !each.imUserId,
    );
  }
  if (!channel || channel.teamId !== team.id) throw new SlackApiError('channel_not_found');
  // A private channel the bot is not in is invisible to it.
  if (channel.isPrivate && !channel.botIsMember) throw new SlackApiError('channel_not_found');
  if (channel.isArchived && !options.allowArchived) throw new SlackApiError('channel_not_found');
  return channel;
}

export function requireMembership(channel: EmulatorChannel): void {
  if (!channel.botIsMember) throw new SlackApiError('not_in_channel');
}
