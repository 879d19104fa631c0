/**
 * A Slack client for a workspace outside any request (re-checking a link, telling someone their
 * link moved, posting a scheduled digest): the app's one bot token in the single-workspace modes,
 * the workspace's installation in OAuth mode: its org's org-wide install when it belongs to one
 * (Enterprise Grid), else its own. A rotating token is refreshed before it expires, and once more
 * if Slack answers `token_expired` (org/fresh-tokens.ts), so a long run never fails on expiry.
 */
import { webApi } from '@slack/bolt';
import type { Logger as SlackLogger, WebAPICallResult, WebClient, WebClientOptions } from '@slack/web-api';
import type { TaskbridgeInstallationStore } from '../../store/repositories/installation-store.ts';
import type { FreshTokens } from './org/fresh-tokens.ts';

export type TeamSlackClients = (teamId: string) => Promise<WebClient | undefined>;

interface TeamSlackClientsOptions {
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
  /** Token rotation (OAuth mode): keeps rotating tokens fresh. */
  fresh?: FreshTokens | undefined;
}

/** A client whose every call carries the installation's current token, refreshed when due. */
class RotatingTokenClient extends webApi.WebClient {
  readonly #key: string;
  readonly #fresh: FreshTokens;
  readonly #installations: TaskbridgeInstallationStore;

  constructor(
    key: string,
    fresh: FreshTokens,
    installations: TaskbridgeInstallationStore,
    opts: WebClientOptions,
  ) {
    super(undefined, opts);
    this.#key = key;
    this.#fresh = fresh;
    this.#installations = installations;
  }

  override async apiCall(method: string, options: Record<string, unknown> = {}): Promise<WebAPICallResult> {
    const stored = await this.#installations.byKey(this.#key);
    const installation = stored && (await this.#fresh.fresh(this.#key, stored));
    try {
      return await super.apiCall(method, { ...options, token: installation?.bot?.token });
    } catch (error) {
      if ((error as { data?: { error?: string } }).data?.error !== 'token_expired') throw error;
      const renewed = await this.#fresh.renew(this.#key);
      return super.apiCall(method, { ...options, token: renewed?.bot?.token });
    }
  }
}

/** Clients are kept per token; a reinstall brings a new token and so a new client. */
const MAX_CLIENTS = 1_000;

export function createTeamSlackClients(options: TeamSlackClientsOptions): TeamSlackClients {
  const byCaller = options.pacing === 'caller';
  const clients = new Map<string, WebClient>();
  const clientOptions = (teamId: string | undefined): WebClientOptions => ({
    ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
    ...(byCaller ? { rejectRateLimitedCalls: true } : {}),
    retryConfig: { retries: byCaller ? 0 : 1 },
    ...(options.logger ? { logger: options.logger } : {}),
    // An org-wide token names the workspace it acts in with every call.
    ...(teamId ? { teamId } : {}),
  });
  const cached = (cacheKey: string, make: () => WebClient): WebClient => {
    let client = clients.get(cacheKey);
    if (!client) {
      if (clients.size >= MAX_CLIENTS) clients.clear();
      client = make();
      clients.set(cacheKey, client);
    }
    return client;
  };
  const clientFor = (token: string, orgTeam?: string): WebClient =>
    cached(`${token}#${orgTeam ?? ''}`, () => new webApi.WebClient(token, clientOptions(orgTeam)));
  return async (teamId) => {
    if (options.botToken) return clientFor(options.botToken);
    try {
      const found = await options.installations.forTeam(teamId);
      const bot = found?.installation.bot;
      if (!found || !bot?.token) return undefined;
      const orgTeam = found.installation.isEnterpriseInstall ? teamId : undefined;
      if (bot.refreshToken && options.fresh) {
        const fresh = options.fresh;
        return cached(
          `rotating#${found.key}#${orgTeam ?? ''}`,
          () => new RotatingTokenClient(found.key, fresh, options.installations, clientOptions(orgTeam)),
        );
      }
      return clientFor(bot.token, orgTeam);
    } catch {
      // Not installed there (any more): nothing is sent; a digest waits, as for a workspace not connected.
      return undefined;
    }
  };
}
