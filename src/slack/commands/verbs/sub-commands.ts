/**
 * What the team verbs' arguments share: sub-command words (`new`, `start`…), a project named
 * anywhere among other words, and an id or a name.
 */
import { badArguments, describeToken, projectFrom, taskIdFrom, textOf } from '../arguments.ts';
import type { CommandError, ProjectRef, SprintRef, VerbName } from '../intents.ts';
import type { Token } from '../tokens.ts';

/** Whether a step of parsing ended in an error rather than a value. */
export function isCommandError(x: object): x is CommandError {
  return 'code' in x;
}

/** `#12` names an id in these verbs, never a project called "12". */
export function isNumberedProject(token: Token): boolean {
  return token.kind === 'project' && /^\d+$/.test(token.name);
}

/** The project named anywhere in the arguments (at most one) and the other words, in order. */
export function projectAndWords(
  verb: VerbName,
  args: readonly Token[],
  example: string,
): { project: ProjectRef | null; words: Token[] } | CommandError {
  let project: ProjectRef | null = null;
  const words: Token[] = [];
  for (const token of args) {
    const ref = isNumberedProject(token) ? null : projectFrom(token);
    if (ref) {
      if (project) return badArguments(verb, `Give one project, like \`/task ${example}\`.`);
      project = ref;
    } else if (token.kind === 'word' || token.kind === 'quoted' || token.kind === 'project') {
      words.push(token);
    } else {
      return badArguments(verb, `“${describeToken(token)}” doesn't belong there. Try \`/task ${example}\`.`);
    }
  }
  return { project, words };
}

/** A sub-command word (`new`, `start`…) by the table, any case. */
export function actionOf<A extends string>(
  token: Token | undefined,
  table: Readonly<Record<string, A>>,
): A | null {
  if (token?.kind !== 'word') return null;
  const word = token.text.toLowerCase();
  return Object.hasOwn(table, word) ? (table[word] ?? null) : null;
}

/** An id (`12`, `#12`) when the words are one number, else their text as a name; null when none. */
export function idOrName(words: readonly Token[]): SprintRef | null {
  if (words.length === 0) return null;
  const id = words.length === 1 ? taskIdFrom(words[0]) : null;
  return id === null ? { kind: 'name', name: textOf(words) } : { kind: 'id', id };
}

/** Words for making something new, in every sub-command table that has `new`. */
export const NEW_WORDS = { new: 'new', create: 'new', add: 'new' } as const;
