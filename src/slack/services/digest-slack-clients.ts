/**
 * The Slack client a scheduled digest posts with, per workspace: the app's one bot token in the
 * single-workspace modes, the workspace's installation in OAuth mode. Its own WebClient, because a
 * digest run paces itself: a 429 must come back to the runner's post queue (which waits
 * `Retry-After` and sends again) rather than stall inside the client, and a post is never retried
 * blindly by the client (a timeout after Slack took the message would post it twice).
 */
import { webApi } from '@slack/bolt';
import type { Logger as SlackLogger, WebClient } from '@slack/web-api';
import type { DigestSlackClient } from '../../digest/runner.ts';
import type { TaskbridgeInstallationStore } from '../../store/repositories/installation-store.ts';

/** Options for {@link createDigestSlackClients}. */
export interface DigestSlackClientsOptions {
  /** The bot token of a single-workspace mode; undefined in OAuth mode. */
  botToken?: string | undefined;
  /** OAuth mode's installations, where each workspace's bot token is kept. */
  installations: TaskbridgeInstallationStore;
  /** The Slack Web API base. Default: Slack's. */
  slackApiUrl?: string | undefined;
  /** Where the client logs (the app's logger, adapted). Default: the client's own console logger. */
  logger?: SlackLogger | undefined;
}

/** Clients are kept per token; a reinstall brings a new token and so a new client. */
const MAX_CLIENTS = 1_000;

export function createDigestSlackClients(
  options: DigestSlackClientsOptions,
): (teamId: string) => Promise<DigestSlackClient | undefined> {
  const clients = new Map<string, WebClient>();
  const clientFor = (token: string): WebClient => {
    let client = clients.get(token);
    if (!client) {
      if (clients.size >= MAX_CLIENTS) clients.clear();
      client = new webApi.WebClient(token, {
        ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
        rejectRateLimitedCalls: true,
        retryConfig: { retries: 0 },
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
      // Not installed there (any more): its digests wait, as for a workspace not connected.
      return undefined;
    }
  };
}
