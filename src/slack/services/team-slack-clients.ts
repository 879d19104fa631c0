/**
 * A Slack client for a workspace outside any request (re-checking a link, telling someone their
 * link moved, posting a scheduled digest): the app's one bot token in the single-workspace modes,
 * the workspace's installation in OAuth mode.
 */
import { webApi } from '@slack/bolt';
import type { Logger as SlackLogger, WebClient } from '@slack/web-api';
import type { TaskbridgeInstallationStore } from '../../store/repositories/installation-store.ts';

export type TeamSlackClients = (teamId: string) => Promise<WebClient | undefined>;

export interface TeamSlackClientsOptions {
  /** The bot token of a single-workspace mode; undefined in OAuth mode. */
  botToken?: string | undefined;
  /** OAuth mode's installations, where each workspace's bot token is kept. */
  installations: TaskbridgeInstallationStore;
  /** The Slack Web API base. Default: Slack's. */
  slackApiUrl?: string | undefined;
  /** Where the client logs (the app's logger, adapted). Default: the client's own console logger. */
  logger?: SlackLogger | undefined;
  /**
   * `caller`: a 429 comes straight back and nothing is retried by the client, for a caller that
   * paces itself (the post queue of digests and notifications waits `Retry-After`; a post retried
   * blindly after a timeout could be posted twice). Default `client`: one retry by the client.
   */
  pacing?: 'client' | 'caller';
}

/** Clients are kept per token; a reinstall brings a new token and so a new client. */
const MAX_CLIENTS = 1_000;

export function createTeamSlackClients(options: TeamSlackClientsOptions): TeamSlackClients {
  const byCaller = options.pacing === 'caller';
  const clients = new Map<string, WebClient>();
  const clientFor = (token: string): WebClient => {
    let client = clients.get(token);
    if (!client) {
      if (clients.size >= MAX_CLIENTS) clients.clear();
      client = new webApi.WebClient(token, {
        ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
        ...(byCaller ? { rejectRateLimitedCalls: true } : {}),
        retryConfig: { retries: byCaller ? 0 : 1 },
        ...(options.logger ? { logger: options.logger } : {}),
      });
      clients.set(token, client);
    }
    return client;
  };
  return async (teamId) => {
    if (options.botToken) return clientFor(options.botToken);
    try {
      const installation = await options.installations.fetchInstallation({
        teamId,
        enterpriseId: undefined,
        isEnterpriseInstall: false,
      });
      const token = installation.bot?.token;
      return token ? clientFor(token) : undefined;
    } catch {
      // Not installed there (any more): nothing is sent; a digest waits, as for a workspace not connected.
      return undefined;
    }
  };
}
