/**
 * `/task new Fix login bug @alice due friday !high #Website`: people, a project, a priority and a
 * due date are taken out wherever they stand; what remains is the title. A due date is read only
 * right after the word `due`, and only when a date really follows, so "Fix due diligence doc" keeps
 * its title whole; a word there meant as a date but not one (`due fridya`) is set aside with a note,
 * never kept in the title nor dropped silently.
 */
import type { Priority } from '../../contract/index.ts';
import { dueExpressionLength } from '../../lib/dates.ts';
import { badArguments, describeToken, projectFrom, samePerson } from './arguments.ts';
import { closestWord } from './closest-word.ts';
import type { CommandError, NewTaskIntent, PersonRef, ProjectRef, ReadingNote } from './intents.ts';
import type { Token } from './tokens.ts';

/** The service's limit on a title (contract `CreateTaskBodySchema`). */
const MAX_TITLE_LENGTH = 500;

/** `!urgent` … `!none`, and `!1` (most urgent) to `!4`, as in most task apps. */
const PRIORITY_WORDS: Readonly<Record<string, Priority>> = {
  urgent: 'urgent',
  high: 'high',
  medium: 'medium',
  med: 'medium',
  low: 'low',
  none: 'none',
  '1': 'urgent',
  '2': 'high',
  '3': 'medium',
  '4': 'low',
};
const MAX_DUE_WORDS = 8;
const PRIORITY_TOKEN = /^!([a-z0-9]+)$/i;
const PRIORITY_HELP = '`!urgent`, `!high`, `!medium`, `!low` or `!none` (or `!1` to `!4`)';

function isPriorityWord(token: Token): boolean {
  return token.kind === 'word' && PRIORITY_TOKEN.test(token.text);
}

/** Words that are a date on their own: a word one or two edits from one of them is a typo of it. */
const DATE_WORDS = [
  'today',
  'tomorrow',
  'tonight',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
/** Numbers shaped like a date or a time: `2026-13-45`, `13/45`, `31st`, `5pm`. */
const DATE_SHAPED =
  /^(?:\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?|\d{1,2}(?:st|nd|rd|th)|\d{1,2}(?::\d{2})?\s?[ap]m)[.,;:!?]*$/i;

/**
 * A word after `due` that is meant as a date but is not one (`fridya`, `2026-13-45`), with the
 * date word it is a typo of; null when it reads as an ordinary word ("due diligence").
 */
export function unreadDate(word: string): ReadingNote | null {
  const text = word.replace(/[.,;:!?]+$/, '');
  if (DATE_SHAPED.test(word)) return { kind: 'due_unread', text, suggestion: null };
  if (text.length < 5 || !/^[a-z]+$/i.test(text)) return null;
  // Short words are near too many others ("date" is two edits from "sat"): one edit for them.
  const suggestion = closestWord(text, DATE_WORDS, text.length <= 6 ? 1 : 2);
  return suggestion ? { kind: 'due_unread', text, suggestion } : null;
}

/** The words right after `due` that form a date, as raw text, and how many tokens they take. */
function dueAfter(tokens: readonly Token[], start: number): { text: string; count: number } | null {
  const words: string[] = [];
  // No date people write is longer than this; the cap keeps "due due due …" linear.
  for (let i = start; i < tokens.length && words.length < MAX_DUE_WORDS; i += 1) {
    const token = tokens[i]!;
    if (token.kind !== 'word' || isPriorityWord(token)) break;
    words.push(token.text);
  }
  const length = dueExpressionLength(words.join(' '));
  if (length === 0) return null;
  // A word belongs to the date when the date starts before the word ends ("friday," included).
  let count = 0;
  let offset = 0;
  while (count < words.length && offset < length) {
    offset += words[count]!.length + 1;
    count += 1;
  }
  return { text: words.slice(0, count).join(' '), count };
}

export function parseNewTask(args: readonly Token[]): NewTaskIntent | CommandError {
  const title: string[] = [];
  const assignees: PersonRef[] = [];
  let project: ProjectRef | null = null;
  let projectToken: Token | null = null;
  let dueText: string | null = null;
  let priority: Priority | null = null;
  const notes: ReadingNote[] = [];

  for (let i = 0; i < args.length; i += 1) {
    const token = args[i]!;
    if (token.kind === 'user' || token.kind === 'person') {
      const person: PersonRef =
        token.kind === 'user'
          ? { kind: 'slack', userId: token.userId, name: token.name }
          : token.name.toLowerCase() === 'me'
            ? { kind: 'me' }
            : { kind: 'name', name: token.name };
      if (!assignees.some((a) => samePerson(a, person))) assignees.push(person);
      continue;
    }
    // "#123" reads as an issue number inside a title, not as a project.
    if ((token.kind === 'project' && !/^\d+$/.test(token.name)) || token.kind === 'channel') {
      if (projectToken && projectToken.text.toLowerCase() !== token.text.toLowerCase()) {
        return badArguments(
          'new',
          `Two projects given (${describeToken(projectToken)} and ${describeToken(token)}): a task goes in one.`,
        );
      }
      project = projectFrom(token);
      projectToken = token;
      continue;
    }
    if (token.kind === 'word') {
      const level = PRIORITY_TOKEN.exec(token.text)?.[1]?.toLowerCase();
      if (level !== undefined) {
        const value = PRIORITY_WORDS[level];
        if (!value)
          return badArguments('new', `“${describeToken(token)}” isn't a priority. Use ${PRIORITY_HELP}.`);
        if (priority !== null && priority !== value) {
          return badArguments('new', `Two priorities given (!${priority} and !${value}): keep one.`);
        }
        priority = value;
        continue;
      }
      if (token.text.toLowerCase() === 'due') {
        const due = dueAfter(args, i + 1);
        if (due) {
          if (dueText !== null) {
            return badArguments('new', `Two due dates given (“${dueText}” and “${due.text}”): keep one.`);
          }
          dueText = due.text;
          i += due.count;
          continue;
        }
        const next = args[i + 1];
        const unread = next?.kind === 'word' ? unreadDate(next.text) : null;
        if (unread) {
          notes.push(unread);
          i += 1;
          continue;
        }
      }
    }
    title.push(token.text);
  }

  const text = title.join(' ').trim();
  if (text.length > MAX_TITLE_LENGTH) {
    return badArguments(
      'new',
      `The title is ${text.length} characters; the limit is ${MAX_TITLE_LENGTH}. Put the details in the description (\`/task new\` with no text opens the form).`,
    );
  }
  return { kind: 'intent', verb: 'new', title: text, assignees, project, dueText, priority, notes };
}
