/**
 * Before the app says it is running: the bot token must be valid and Slack's API reachable, and a
 * default service connection named for a workspace must be for this bot's workspace. Each failure
 * is one line naming the setting to fix (the caller prints it and exits).
 */
import type { BotIdentity } from './bot-identity.ts';

class StartUpError extends Error {
  override readonly name = 'StartUpError';
}

/** What `@slack/web-api` throws, as far as this check reads it. */
interface SlackCallError {
  code?: string;
  data?: { error?: string };
  original?: { message?: string };
}

const REFUSED_TOKEN = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'no_permission',
]);

/** One line for a failed auth.test. */
function describeStartUpFailure(error: unknown, slackApiUrl: string): string {
  const e = (error ?? {}) as SlackCallError;
  if (e.code === 'slack_webapi_platform_error' && e.data?.error && REFUSED_TOKEN.has(e.data.error)) {
    return `SLACK_BOT_TOKEN was refused by Slack (${e.data.error}): set it to the app's Bot User OAuth Token (xoxb-…, under OAuth & Permissions), or reinstall the app to get a new one`;
  }
  if (e.code === 'slack_webapi_platform_error') {
    return `Slack answered auth.test with ${e.data?.error ?? 'an error'}: check SLACK_BOT_TOKEN`;
  }
  const why = e.original?.message ?? (error instanceof Error ? error.message : String(error));
  return `Slack's API at ${slackApiUrl} could not be reached (${why}): check the network, or SLACK_API_URL if it is set`;
}

export async function checkSlackAtStart(opts: {
  identity: () => Promise<BotIdentity>;
  slackApiUrl: string;
  /** WORK_API_TEAM_ID, when the default connection names its workspace. */
  defaultConnectionTeam?: string | undefined;
}): Promise<BotIdentity> {
  let bot: BotIdentity;
  try {
    bot = await opts.identity();
  } catch (error) {
    throw new StartUpError(describeStartUpFailure(error, opts.slackApiUrl));
  }
  if (opts.defaultConnectionTeam && opts.defaultConnectionTeam !== bot.teamId) {
    throw new StartUpError(
      `WORK_API_TEAM_ID is ${opts.defaultConnectionTeam}, but SLACK_BOT_TOKEN belongs to workspace ${bot.teamId}: the default service connection would serve no one; set WORK_API_TEAM_ID to ${bot.teamId} or unset it`,
    );
  }
  return bot;
}
