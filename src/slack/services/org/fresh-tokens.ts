/**
 * Rotating bot tokens (token rotation, docs.slack.dev/authentication/using-token-rotation) kept
 * fresh for every caller, inside a request or not: a token within `marginMs` of its expiry is
 * traded for a new pair by one instance at a time, under a store lock, since a refresh token dies
 * on its first use and a second instance trading it would get `invalid_refresh_token`. The others
 * wait for the holder's write and read the new token. Bolt's own refresh (only while authorizing a
 * request, with no lock) is kept out: Bolt is handed installations without their refresh tokens.
 */
import { webApi } from '@slack/bolt';
import type { Clock } from '../../../lib/clock.ts';
import type { Logger } from '../../../lib/logger.ts';
import { storeKeys } from '../../../store/keys.ts';
import type {
  AnyInstallation,
  TaskbridgeInstallationStore,
} from '../../../store/repositories/installation-store.ts';
import type { Store } from '../../../store/types.ts';

interface FreshTokensOptions {
  store: Store;
  installations: TaskbridgeInstallationStore;
  clientId: string;
  clientSecret: string;
  slackApiUrl?: string | undefined;
  clock: Clock;
  logger: Logger;
  /** Refresh this long before expiry. Default 10 minutes: longer than any one piece of work. */
  marginMs?: number;
  /** How long one refresh may hold the lock. Default 30 s. */
  lockMs?: number;
  /** How long a caller waits for another instance's refresh. Default 10 s. */
  waitMs?: number;
}

export interface FreshTokens {
  /** The installation stored at key, its bot token refreshed first when it is about to expire. */
  fresh(key: string, installation: AnyInstallation): Promise<AnyInstallation>;
  /** The same, refreshing even a token not yet due (after Slack answered `token_expired`). */
  renew(key: string): Promise<AnyInstallation | undefined>;
}

const POLL_MS = 50;

export function createFreshTokens(options: FreshTokensOptions): FreshTokens {
  const marginMs = options.marginMs ?? 10 * 60_000;
  const lockMs = options.lockMs ?? 30_000;
  const waitMs = options.waitMs ?? 10_000;
  const { clock, store, installations } = options;
  const log = options.logger.child({ component: 'token-rotation' });
  const oauth = new webApi.WebClient(undefined, {
    ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
    retryConfig: { retries: 0 },
  });

  const due = (installation: AnyInstallation, force: string | undefined): boolean => {
    const bot = installation.bot;
    if (!bot?.refreshToken || bot.expiresAt === undefined) return false;
    // Forced: due while the token is still the one Slack refused.
    if (force !== undefined) return bot.token === force;
    return bot.expiresAt * 1000 - clock.now().getTime() <= marginMs;
  };

  /** One instance trades the refresh token; the others wait for its result. */
  const refresh = async (key: string, force?: string): Promise<AnyInstallation | undefined> => {
    const lock = storeKeys.tokenRefreshLock(key);
    // Counted in polls, not by the clock: a test's pinned clock must not make the wait endless.
    for (let polls = Math.ceil(waitMs / POLL_MS); ; polls--) {
      const current = await installations.byKey(key);
      if (!current || !due(current, force)) return current;
      if (await store.claim(lock, lockMs)) {
        try {
          // Read again under the lock: another holder may have just written a new pair.
          const latest = await installations.byKey(key);
          if (!latest?.bot?.refreshToken || !due(latest, force)) return latest;
          const answer = await oauth.oauth.v2.access({
            client_id: options.clientId,
            client_secret: options.clientSecret,
            grant_type: 'refresh_token',
            refresh_token: latest.bot.refreshToken,
          });
          if (!answer.access_token || !answer.refresh_token || answer.expires_in === undefined) {
            throw new Error('Slack answered the refresh without a token pair');
          }
          const bot = {
            token: answer.access_token,
            refreshToken: answer.refresh_token,
            expiresAt: Math.floor(clock.now().getTime() / 1000) + answer.expires_in,
          };
          await installations.storeBotTokens(key, bot);
          log.info({ installation: key }, 'bot token refreshed');
          return { ...latest, bot: { ...latest.bot, ...bot } };
        } catch (error) {
          // Never the token in the log: the error names Slack's answer only.
          log.error(
            { installation: key, err: { message: (error as Error).message } },
            'token refresh failed',
          );
          return reread(key);
        } finally {
          await store.release(lock);
        }
      }
      if (polls <= 0) return current;
      await clock.sleep(POLL_MS);
    }
  };
  const reread = (key: string) => installations.byKey(key);

  return {
    async fresh(key, installation) {
      if (!due(installation, undefined)) return installation;
      return (await refresh(key)) ?? installation;
    },
    async renew(key) {
      const current = await installations.byKey(key);
      if (!current?.bot?.refreshToken) return current;
      return refresh(key, current.bot.token);
    },
  };
}
