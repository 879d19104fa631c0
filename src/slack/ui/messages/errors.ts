/**
 * Short ephemeral answers when something went wrong: what happened, why (if known), and what to
 * do next. Callers map typed API errors to these words; nothing here ever shows a token.
 */

import { escapeWithin, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { CommandError, VerbName } from '../../commands/intents.ts';
import { verbSpec } from '../../commands/verbs.ts';
import type { RenderedMessage } from '../block-types.ts';
import { COMMAND_NAME } from '../ids.ts';
import { contextLine, LIMITS, mrkdwn } from '../limits.ts';
import { renderHelp } from './help.ts';

interface ErrorMessageModel {
  /** What happened, plain text: "Couldn't create the task". */
  what: string;
  /** Why, plain text: "The service says the project is archived." */
  why?: string | null | undefined;
  /** What to do, mrkdwn allowed (e.g. a command in backticks): "Pick another project." */
  next?: string | null | undefined;
}

/** A short error for one person: what, why, next. Plain parts are escaped; `next` is mrkdwn. */
export function errorMessage(model: ErrorMessageModel): RenderedMessage {
  const what = escapeWithin(model.what, 600);
  const why = model.why ? escapeWithin(model.why, 1800) : '';
  const next = model.next ? truncate(model.next, 1000) : '';
  const text = [`:warning: *${what}*`, why].filter(Boolean).join('\n');
  const blocks = [{ type: 'section' as const, text: mrkdwn(text, LIMITS.sectionText) }];
  return {
    text: [what, why, next].filter(Boolean).join(' '),
    blocks: next ? [...blocks, contextLine(next)] : blocks,
  };
}

/**
 * The answer to a command that didn't parse: help with the suggestion on top for an unknown verb,
 * else the problem with the verb's usage.
 */
export function commandErrorMessage(
  error: CommandError,
  options: { enabled: readonly VerbName[]; commandName?: string },
): RenderedMessage {
  const command = options.commandName ?? COMMAND_NAME;
  if (error.code === 'unknown_verb') {
    return renderHelp({ enabled: options.enabled, notice: error.message, commandName: command });
  }
  const spec = error.verb ? verbSpec(error.verb) : null;
  const usage = spec ? `Usage: \`${command} ${spec.name}${spec.usage ? ` ${spec.usage}` : ''}\`` : null;
  const text = `:warning: ${truncate(error.message, 1500)}`;
  return {
    text: error.message,
    blocks: [{ type: 'section', text: mrkdwn(text) }, ...(usage ? [contextLine(usage)] : [])],
  };
}
