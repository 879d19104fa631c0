/** Arguments of `/task digest`: set one up for the channel, list them, or stop them. */
import { badArguments } from '../arguments.ts';
import type { CommandError, TaskIntent } from '../intents.ts';
import type { Token } from '../tokens.ts';
import { actionOf, NEW_WORDS } from './sub-commands.ts';

const DIGEST_ACTIONS: Readonly<Record<string, 'new' | 'show' | 'off'>> = {
  ...NEW_WORDS,
  show: 'show',
  list: 'show',
  off: 'off',
  stop: 'off',
  remove: 'off',
  delete: 'off',
};

export function parseDigest(args: readonly Token[]): TaskIntent | CommandError {
  const [first, ...rest] = args;
  if (!first) return { kind: 'intent', verb: 'digest', action: 'new' };
  const action = actionOf(first, DIGEST_ACTIONS);
  if (!action || rest.length > 0) {
    return badArguments(
      'digest',
      'Try `/task digest` to set up a digest for this channel, `/task digest show` to list them or `/task digest off` to stop them.',
    );
  }
  return { kind: 'intent', verb: 'digest', action };
}
