/**
 * `/task` text → a typed intent or an error to show. Pure: it never throws and never looks anything
 * up; the listener resolves people, projects and dates.
 */

import { truncate } from '../../lib/truncate.ts';
import { closestWord } from './closest-word.ts';
import type { CommandError, TaskIntent, VerbName } from './intents.ts';
import { tokenize } from './tokens.ts';
import { VERB_NAMES, VERBS, verbByWord } from './verbs.ts';

export type { CommandError, TaskIntent } from './intents.ts';

/** Options of `parseTaskCommand`. */
interface ParseOptions {
  /**
   * The verbs this deployment answers. A verb outside it is `unavailable`, and only these are
   * suggested for a typo. Default: every verb.
   */
  enabled?: readonly VerbName[];
  /** The projects' names, when known, so that `#Mobile App` names the project "Mobile App". */
  projectNames?: readonly string[] | undefined;
}

const MAX_VERB_LENGTH = 32;

function unknownVerb(word: string, enabled: readonly VerbName[]): CommandError {
  // Aliases count for closeness ("craete" is near "create"), the suggestion is the verb itself.
  const words = VERBS.filter((v) => enabled.includes(v.name)).flatMap((v) => [v.name, ...v.aliases]);
  const near = word.length <= MAX_VERB_LENGTH ? closestWord(word, words) : undefined;
  const suggestion = near ? (verbByWord(near)?.name ?? null) : null;
  const shown = truncate(word, MAX_VERB_LENGTH);
  const hint = suggestion ? ` Did you mean \`/task ${suggestion}\`?` : '';
  return {
    kind: 'error',
    code: 'unknown_verb',
    message: `\`/task ${shown}\` isn't a command I know.${hint} \`/task help\` lists them all.`,
    verb: null,
    suggestion,
  };
}

/**
 * Parses `/task` text. Empty text is `help`; an unknown verb is an error carrying the closest
 * enabled verb (within two edits) as `suggestion`.
 */
export function parseTaskCommand(text: string, options: ParseOptions = {}): TaskIntent | CommandError {
  const enabled = options.enabled ?? VERB_NAMES;
  const tokenized = tokenize(text, { projectNames: options.projectNames });
  if (!tokenized.ok) {
    return { kind: 'error', code: 'bad_arguments', message: tokenized.message, verb: null, suggestion: null };
  }
  const [first, ...args] = tokenized.tokens;
  if (!first) return { kind: 'intent', verb: 'help', topic: null };
  const spec = first.kind === 'word' ? verbByWord(first.text.replace(/^\//, '')) : undefined;
  if (!spec) return unknownVerb(first.text, enabled);
  if (!enabled.includes(spec.name)) {
    return {
      kind: 'error',
      code: 'unavailable',
      message: `\`/task ${spec.name}\` isn't available here yet. \`/task help\` lists what is.`,
      verb: spec.name,
      suggestion: null,
    };
  }
  return spec.parse(args);
}
