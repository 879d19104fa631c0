/**
 * A Slack client for a workspace outside any request (re-checking a link, telling someone their
 * link moved): the app's one bot token in the single-workspace modes, the workspace's
 * installation in OAuth mode.
 */
import { webApi } from '@slack/bolt';
import type { Logger as SlackLogger, WebClient } from '@slack/web-api';
import type { TaskbridgeInstallationStore } from '../../store/repositories/installation-store.ts';

export type TeamSlackClients = (teamId: string) => Promise<WebClient | undefined>;

export function createTeamSlackClients(options: {
  botToken?: string | undefined;
  installations: TaskbridgeInstallationStore;
  slackApiUrl?: string | undefined;
  logger?: SlackLogger | undefined;
}): TeamSlackClients {
  const clients = new Map<string, WebClient>();
  const clientFor = (token: string): WebClient => {
    let client = clients.get(token);
    if (!client) {
      if (clients.size >= 1_000) clients.clear();
      client = new webApi.WebClient(token, {
        ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
        retryConfig: { retries: 1 },
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
      return installation.bot?.token ? clientFor(installation.bot.token) : undefined;
    } catch {
      return undefined;
    }
  };
}
