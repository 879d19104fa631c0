/**
 * What every `/task` verb handler gets: the request, the person, and the ways to answer.
 * Handlers run after the command was acknowledged, so they answer through `respond` (the
 * response_url), never through the ack.
 */
import type { RespondFn, SlashCommand } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { AppDeps } from '../deps.ts';
import { type Interaction, interaction } from './interaction.ts';

export interface CommandContext extends Interaction {
  command: SlashCommand;
  respond: RespondFn;
  channelId: string;
  /** Valid 3 s from the command and once: a verb that opens a modal does so before anything slow. */
  triggerId: string;
}

export function commandContext(
  deps: AppDeps,
  args: { command: SlashCommand; client: WebClient; respond: RespondFn },
): CommandContext {
  const { command, client, respond } = args;
  const person = { teamId: command.team_id, userId: command.user_id };
  return {
    ...interaction(deps, client, person, { respond, to: { ...person, channelId: command.channel_id } }),
    command,
    respond,
    channelId: command.channel_id,
    triggerId: command.trigger_id,
  };
}
