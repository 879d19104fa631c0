import { randomUUID } from 'node:crypto';
import { describeFailure } from '../services/failure-message.ts';
import type { CommandContext } from './command-context.ts';

/** Logs a failed command (without secrets) and tells the person what happened, ephemerally. */
export async function reportFailure(
  ctx: Pick<CommandContext, 'deps' | 'respond'>,
  error: unknown,
): Promise<void> {
  const reference = randomUUID().slice(0, 8);
  const failure = describeFailure(error, reference);
  ctx.deps.logger.warn({ err: error, reference }, 'slack request failed');
  try {
    await ctx.respond({ response_type: 'ephemeral', replace_original: false, text: failure.text });
  } catch (replyError) {
    ctx.deps.logger.error({ err: replyError, reference }, 'could not tell the person about a failure');
  }
}
