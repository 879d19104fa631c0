/**
 * Arguments of `/task subscribe`, `/task unsubscribe` and `/task subscriptions`. The filter syntax
 * is shared with the subscribe form's "Filters" field (one reading, one help text):
 *
 *   created status assigned due done deleted sprint automation   event kinds (none named: all)
 *   status:Done  status:"In Progress"                            only tasks in these statuses
 *   !high  priority:urgent                                       only these priorities
 *   @ben                                                         only tasks assigned to them
 *   "login"  text:login                                          only titles containing it
 *   -status:Done  -!low  -@ben  not:"wip"                        exclusions: drop these
 *   broadcast                                                    thread replies also in the channel
 */
import { PRIORITIES, type Priority } from '../../../contract/index.ts';
import { badArguments, describeToken, personFrom, projectFrom } from '../arguments.ts';
import type { CommandError, NotifyFilterRefs, PersonRef, ProjectRef, TaskIntent } from '../intents.ts';
import { type Token, tokenize } from '../tokens.ts';

/** The event words, as typed, in the order help and the form show them. */
const EVENT_WORDS = [
  'created',
  'status',
  'assigned',
  'due',
  'edited',
  'done',
  'deleted',
  'sprint',
  'automation',
] as const;
export type EventWord = (typeof EVENT_WORDS)[number];

const EVENT_ALIASES: Readonly<Record<string, EventWord | 'all'>> = {
  all: 'all',
  created: 'created',
  new: 'created',
  status: 'status',
  statuses: 'status',
  assigned: 'assigned',
  assign: 'assigned',
  assignee: 'assigned',
  due: 'due',
  edited: 'edited',
  edit: 'edited',
  renamed: 'edited',
  title: 'edited',
  priority: 'edited',
  done: 'done',
  completed: 'done',
  deleted: 'deleted',
  delete: 'deleted',
  sprint: 'sprint',
  sprints: 'sprint',
  automation: 'automation',
  automations: 'automation',
};

export const FILTER_HELP =
  'Filters: `status:Done` `!high` `@ben` `"login"`; put `-` before one to exclude it (`-status:Done`, `-@ben`), or `not:"wip"` for a title word. Event words: created, status, assigned, due, edited (title or priority), done, deleted, sprint, automation. `broadcast` also shows thread replies in the channel.';

function emptyFilters(): NotifyFilterRefs {
  return {
    statuses: [],
    notStatuses: [],
    priorities: [],
    notPriorities: [],
    assignees: [],
    notAssignees: [],
    text: [],
    notText: [],
  };
}

function priorityOf(text: string): Priority | null {
  const word = text.toLowerCase();
  return PRIORITIES.find((p) => p === word) ?? null;
}

/** Joins `status:"In` `Progress"` back into one word: the tokenizer only reads quotes that open a token. */
function joinQuoted(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const open = token.kind === 'word' && /^-?([a-z]+:)?["“”]/i.test(token.text);
    const closed = open && /["“”]$/.test(token.text) && !/^-?([a-z]+:)?["“”]$/i.test(token.text);
    if (!open || closed) {
      out.push(token);
      continue;
    }
    let text = token.text;
    while (i + 1 < tokens.length && !/["“”]$/.test(text)) text += ` ${tokens[++i]!.text}`;
    out.push({ kind: 'word', text });
  }
  return out;
}

function unquote(text: string): string {
  return text.replace(/^["“”]|["“”]$/g, '').trim();
}

interface FilterReading {
  events: string[];
  filters: NotifyFilterRefs;
  broadcast: boolean;
  project: ProjectRef | null;
}

/**
 * Reads event words, filters and `broadcast` from tokens (a `#Project` too, when `allowProject`).
 * Returns a sentence naming the first word it cannot read.
 */
export function readFilters(
  tokens: readonly Token[],
  options: { allowProject: boolean },
): FilterReading | { problem: string } {
  const reading: FilterReading = { events: [], filters: emptyFilters(), broadcast: false, project: null };
  const f = reading.filters;
  for (const token of joinQuoted(tokens)) {
    let negated = false;
    let item: Token = token;
    if (token.kind === 'word' && token.text.length > 1 && token.text.startsWith('-')) {
      const rest = token.text.slice(1);
      negated = true;
      if (/^[a-z]+:/i.test(rest)) item = { kind: 'word', text: rest };
      else {
        // `-@ben`, `-<@U…|ben>`, `-"wip"`, `-!low`: the part after `-` read as a token of its own.
        const inner = tokenize(rest);
        if (!inner.ok || inner.tokens.length !== 1) return { problem: cannotRead(token) };
        item = inner.tokens[0]!;
      }
    } else if (token.kind === 'word' && /^not:/i.test(token.text)) {
      const phrase = unquote(token.text.slice(4));
      if (!phrase) return { problem: cannotRead(token) };
      f.notText.push(phrase);
      continue;
    }
    const person: PersonRef | null = personFrom(item);
    if (person && item.kind !== 'word') {
      (negated ? f.notAssignees : f.assignees).push(person);
      continue;
    }
    if (item.kind === 'quoted') {
      const phrase = item.text.trim();
      if (phrase) (negated ? f.notText : f.text).push(phrase);
      continue;
    }
    if (!negated && options.allowProject) {
      const project = projectFrom(item);
      if (project) {
        if (reading.project) return { problem: 'Name one project per command, like `#Website`.' };
        reading.project = project;
        continue;
      }
    }
    if (item.kind !== 'word') return { problem: cannotRead(token) };
    const text = item.text;
    const keyed = /^([a-z]+):(.+)$/i.exec(text);
    if (keyed) {
      const key = keyed[1]!.toLowerCase();
      const value = unquote(keyed[2]!);
      if (!value) return { problem: cannotRead(token) };
      if (key === 'status') {
        (negated ? f.notStatuses : f.statuses).push(value);
        continue;
      }
      if (key === 'priority') {
        const p = priorityOf(value);
        if (!p) return { problem: `\`${value}\` is not a priority: use ${PRIORITIES.join(', ')}.` };
        (negated ? f.notPriorities : f.priorities).push(p);
        continue;
      }
      if (key === 'text' || key === 'title') {
        (negated ? f.notText : f.text).push(value);
        continue;
      }
      if (key === 'assignee') {
        (negated ? f.notAssignees : f.assignees).push({ kind: 'name', name: value });
        continue;
      }
      return { problem: cannotRead(token) };
    }
    if (text.startsWith('!')) {
      const p = priorityOf(text.slice(1));
      if (!p)
        return {
          problem: `\`${text}\` is not a priority: use ${PRIORITIES.map((x) => `!${x}`).join(', ')}.`,
        };
      (negated ? f.notPriorities : f.priorities).push(p);
      continue;
    }
    if (!negated && text.toLowerCase() === 'broadcast') {
      reading.broadcast = true;
      continue;
    }
    const event = EVENT_ALIASES[text.toLowerCase()];
    if (!negated && event) {
      if (event === 'all') reading.events = [...EVENT_WORDS];
      else if (!reading.events.includes(event)) reading.events.push(event);
      continue;
    }
    return { problem: cannotRead(token) };
  }
  return reading;
}

function cannotRead(token: Token): string {
  return `I can't read \`${describeToken(token)}\`. ${FILTER_HELP}`;
}

export function parseSubscribe(args: readonly Token[]): TaskIntent | CommandError {
  if (args.length === 0) {
    return {
      kind: 'intent',
      verb: 'subscribe',
      form: true,
      project: null,
      events: [],
      filters: emptyFilters(),
      broadcast: false,
    };
  }
  const reading = readFilters(args, { allowProject: true });
  if ('problem' in reading) return badArguments('subscribe', reading.problem);
  return { kind: 'intent', verb: 'subscribe', form: false, ...reading };
}

export function parseUnsubscribe(args: readonly Token[]): TaskIntent | CommandError {
  const [first, ...rest] = args;
  const project = first ? projectFrom(first) : null;
  if (rest.length > 0 || (first && !project)) {
    return badArguments('unsubscribe', 'Try `/task unsubscribe #Project`, or `/task unsubscribe` alone.');
  }
  return { kind: 'intent', verb: 'unsubscribe', project };
}

export function parseSubscriptions(args: readonly Token[]): TaskIntent | CommandError {
  return args.length === 0
    ? { kind: 'intent', verb: 'subscriptions' }
    : badArguments('subscriptions', '`/task subscriptions` takes nothing after it.');
}
