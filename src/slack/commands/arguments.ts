/**
 * Reading single arguments out of tokens, shared by the verbs.
 */
import { GOAL_STATUSES, type GoalStatus, PROJECT_ROLES, type ProjectRole } from '../../contract/index.ts';
import { truncate } from '../../lib/truncate.ts';
import type { CommandError, PersonRef, ProjectRef, VerbName } from './intents.ts';
import type { Token } from './tokens.ts';

/** Task ids are positive integers; `#12` and a pasted task link ending in `/12` work too. */
export function taskIdFrom(token: Token | undefined): number | null {
  if (!token) return null;
  let digits: string | undefined;
  if (token.kind === 'word') digits = /^#?(\d{1,16})$/.exec(token.text)?.[1];
  else if (token.kind === 'project') digits = /^(\d{1,16})$/.exec(token.name)?.[1];
  else if (token.kind === 'markup') digits = /^https?:\/\/\S*\/(\d{1,16})\/?$/.exec(token.text)?.[1];
  if (digits === undefined) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A person: `<@U…>`, `@name`, or the word `me`/`@me`. */
export function personFrom(token: Token): PersonRef | null {
  if (token.kind === 'user') return { kind: 'slack', userId: token.userId, name: token.name };
  if (token.kind === 'person')
    return token.name.toLowerCase() === 'me' ? { kind: 'me' } : { kind: 'name', name: token.name };
  if (token.kind === 'word' && token.text.toLowerCase() === 'me') return { kind: 'me' };
  return null;
}

/** A project: `#Name` or a channel reference. */
export function projectFrom(token: Token): ProjectRef | null {
  if (token.kind === 'project') return { kind: 'name', name: token.name };
  if (token.kind === 'channel') return { kind: 'channel', channelId: token.channelId, name: token.name };
  return null;
}

/** Tokens as plain text, e.g. a status name "in progress". */
export function textOf(tokens: readonly Token[]): string {
  return tokens
    .map((t) => t.text)
    .join(' ')
    .trim();
}

/** Two people or projects are the same reference. */
export function samePerson(a: PersonRef, b: PersonRef): boolean {
  if (a.kind === 'slack' && b.kind === 'slack') return a.userId === b.userId;
  if (a.kind === 'name' && b.kind === 'name') return a.name.toLowerCase() === b.name.toLowerCase();
  return a.kind === 'me' && b.kind === 'me';
}

export function badArguments(verb: VerbName, message: string): CommandError {
  return { kind: 'error', code: 'bad_arguments', message, verb, suggestion: null };
}

/** How a reference reads back to the person in an error message. */
export function describeToken(token: Token): string {
  return truncate(token.text, 40);
}

// Deliberately loose: the service validates addresses; this only tells an email from a word.
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>".]+$/;

/** An email typed plainly, or as Slack sends it with escaping on (`<mailto:a@b.co|a@b.co>`). */
export function emailFrom(token: Token): string | null {
  if (token.kind !== 'word' && token.kind !== 'markup') return null;
  const text = token.text.trim().replace(/^mailto:/i, '');
  return EMAIL.test(text) ? text.toLowerCase() : null;
}

/** A project role word: `admin`, `member` or `viewer`, any case. */
export function roleFrom(token: Token | undefined): ProjectRole | null {
  if (token?.kind !== 'word') return null;
  const word = token.text.toLowerCase();
  return PROJECT_ROLES.find((r) => r === word || `${r}s` === word) ?? null;
}

/** A goal status as typed: `on_track`, `on track`, `at-risk`, `done`…, any case. */
export function goalStatusFrom(text: string): GoalStatus | null {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return GOAL_STATUSES.find((s) => s === key) ?? null;
}
