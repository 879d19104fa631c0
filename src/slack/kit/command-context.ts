/**
 * What every `/task` verb handler gets: the request, the person, and the ways to answer.
 * Handlers run after the command was acknowledged, so they answer through `respond` (the
 * response_url), never through the ack.
 */
import type { RespondFn, SlashCommand } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { WorkApiClient } from '../../api/index.ts';
import type { AppDeps } from '../deps.ts';

export interface CommandContext {
  deps: AppDeps;
  command: SlashCommand;
  client: WebClient;
  respond: RespondFn;
  teamId: string;
  userId: string;
  channelId: string;
  /** Valid 3 s from the command and once: a verb that opens a modal does so before anything slow. */
  triggerId: string;
}

/** The workspace's service client; throws NotConnectedError when there is none. */
export type RequireApi = () => Promise<WorkApiClient>;
