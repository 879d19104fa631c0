/**
 * Who the bot token belongs to: its workspace (auth.test) and its app (bots.info). Read once at
 * start, where a bad token or an unreachable Slack API stops the start with one clear line, and
 * kept for the receiver, which serves that workspace and app only.
 */
import type { WebClient } from '@slack/web-api';

export interface BotIdentity {
  teamId: string;
  enterpriseId?: string | undefined;
  botUserId?: string | undefined;
  botId?: string | undefined;
  /** Undefined when Slack would not say (bots.info refused); then only the workspace is checked. */
  appId?: string | undefined;
}

export async function fetchBotIdentity(client: WebClient): Promise<BotIdentity> {
  const auth = await client.auth.test();
  if (!auth.team_id) throw new Error('auth.test named no workspace');
  let appId: string | undefined;
  if (auth.bot_id) {
    try {
      const info = await client.bots.info({ bot: auth.bot_id });
      appId = info.bot?.app_id;
    } catch {
      appId = undefined;
    }
  }
  return {
    teamId: auth.team_id,
    enterpriseId: auth.enterprise_id || undefined,
    botUserId: auth.user_id,
    botId: auth.bot_id,
    appId,
  };
}

/** Shares one lookup between the start-up check and the receiver; a failed lookup is tried again next time. */
export function memoizedIdentity(lookup: () => Promise<BotIdentity>): () => Promise<BotIdentity> {
  let pending: Promise<BotIdentity> | undefined;
  return () => {
    if (!pending) {
      pending = lookup();
      pending.catch(() => {
        pending = undefined;
      });
    }
    return pending;
  };
}
