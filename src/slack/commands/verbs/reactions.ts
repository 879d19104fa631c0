/**
 * Arguments of `/task react`: nothing (the channel's emoji), `:emoji: #Project` (reacting with it
 * makes the message a task in that project), `add` or `:emoji:` alone (the form, its emoji filled
 * in) or `off :emoji:`. Pure: the project stays a reference.
 */
import { badArguments, describeToken, projectFrom } from '../arguments.ts';
import type { CommandError, TaskIntent } from '../intents.ts';
import type { Token } from '../tokens.ts';

const REACT_EXAMPLE = '`/task react :ticket: #Website`';
const OFF_WORDS = new Set(['off', 'remove', 'none', 'stop']);

/** `:ticket:` (or `ticket`) as Slack names the emoji in reactions; a skin tone is left off. */
function emojiNameOf(token: Token | undefined): string | null {
  if (token?.kind !== 'word') return null;
  const match = /^(?::([a-z0-9_+'-]{1,100})(?:::skin-tone-\d)?:|([a-z0-9_+'-]{1,100}))$/i.exec(token.text);
  const name = match?.[1] ?? match?.[2];
  return name ? name.toLowerCase() : null;
}

export function parseReact(args: readonly Token[]): TaskIntent | CommandError {
  if (args.length === 0) return { kind: 'intent', verb: 'react', action: 'list' };
  const [first, second, ...rest] = args;
  if (first?.kind === 'word' && OFF_WORDS.has(first.text.toLowerCase())) {
    const emoji = emojiNameOf(second);
    if (!emoji || rest.length > 0)
      return badArguments('react', 'Name one emoji to stop, like `/task react off :ticket:`.');
    return { kind: 'intent', verb: 'react', action: 'off', emoji };
  }
  if (first?.kind === 'word' && first.text.toLowerCase() === 'add' && args.length === 1)
    return { kind: 'intent', verb: 'react', action: 'form', emoji: null };
  const emoji = emojiNameOf(first);
  if (!emoji || !first?.text.startsWith(':')) {
    return badArguments(
      'react',
      `Start with the emoji, like ${REACT_EXAMPLE}${first ? ` (“${describeToken(first)}” isn't one)` : ''}.`,
    );
  }
  if (!second) return { kind: 'intent', verb: 'react', action: 'form', emoji };
  const project = projectFrom(second);
  if (!project || rest.length > 0) {
    return badArguments('react', `Name the project its tasks go to, like ${REACT_EXAMPLE}.`);
  }
  return { kind: 'intent', verb: 'react', action: 'set', emoji, project };
}
