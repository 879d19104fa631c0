/**
 * The one failure reporter: logs what failed (without secrets, under a short reference) and tells
 * the person what happened and what to do. On the request's response_url when it has one (a
 * command, a button on a message); otherwise, or when that fails (a form's submission, a button on
 * the Home tab), in the channel seen only by them, else by direct message.
 */
import { randomUUID } from 'node:crypto';
import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { RateLimitedError } from '../../api/errors.ts';
import type { AppDeps } from '../deps.ts';
import { mrkdwn } from '../ui/limits.ts';
import { describeFailure } from './failure-message.ts';
import { type Recipient, tellPerson } from './tell-person.ts';

/** Where the person can be told: the request's `respond`, and/or the bot's client and the person. */
export interface FailureReply {
  respond?: RespondFn | undefined;
  client?: WebClient | undefined;
  to?: Recipient | undefined;
}

export interface FailureOptions {
  /** What failed, for the log. */
  what?: string;
  /** Words of the feature's own for errors it knows; null falls back to the shared description. */
  describe?: (error: unknown) => string | null;
}

/**
 * Words a failure and logs it once: a feature's own words (an expected "no") are not logged as a
 * failure; anything else is, under a short reference the person also reads. Every failure path,
 * including those that show the words in place (a task card, a modal), goes through here.
 */
export function noteFailure(
  deps: Pick<AppDeps, 'logger'>,
  error: unknown,
  options: FailureOptions = {},
): { text: string; reference: string } {
  const own = options.describe?.(error) ?? null;
  const reference = randomUUID().slice(0, 8);
  const text = own ?? describeFailure(error, reference).text;
  if (error instanceof RateLimitedError && error.status === undefined) {
    // Our own limiter said "not now": expected under load, told to the person, counted in
    // /metrics. One short line, not a warning with a stack per refused command.
    deps.logger.info(
      { reference, what: options.what, retryAfterMs: error.retryAfterMs },
      'held back by the rate limit',
    );
  } else if (own === null) {
    deps.logger.warn({ err: error, reference, what: options.what }, 'slack request failed');
  } else {
    deps.logger.info({ reference, what: options.what, reason: text }, 'refused');
  }
  return { text, reference };
}

/** Notes a failure (above) and tells the person, where the reply can reach them. */
export async function reportFailure(
  deps: Pick<AppDeps, 'logger'>,
  reply: FailureReply,
  error: unknown,
  options: FailureOptions = {},
): Promise<void> {
  const { text, reference } = noteFailure(deps, error, options);
  if (reply.respond) {
    try {
      await reply.respond({ response_type: 'ephemeral', replace_original: false, text });
      return;
    } catch (replyError) {
      if (!reply.client || !reply.to) {
        deps.logger.error({ err: replyError, reference }, 'could not tell the person about a failure');
        return;
      }
    }
  }
  if (!reply.client || !reply.to) return;
  await tellPerson(reply.client, reply.to, { text, blocks: [{ type: 'section', text: mrkdwn(text) }] }).catch(
    (tellError: unknown) =>
      deps.logger.error({ err: tellError, reference }, 'could not tell the person about a failure'),
  );
}
