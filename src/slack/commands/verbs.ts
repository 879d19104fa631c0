/**
 * The `/task` verbs as one table: a verb is one entry here (its name, aliases, help text and
 * argument parser) plus its intent type in intents.ts. Help and "did you mean" read this table.
 */
import { badArguments, describeToken, personFrom, projectFrom, taskIdFrom, textOf } from './arguments.ts';
import type { CommandError, PersonRef, ProjectRef, TaskIntent, VerbName } from './intents.ts';
import { parseNewTask } from './parse-new-task.ts';
import type { Token } from './tokens.ts';

export interface VerbSpec {
  name: VerbName;
  /** Other words for the same verb. */
  aliases: readonly string[];
  /** Arguments as help shows them after `/task <verb>`. */
  usage: string;
  /** One line for the help list. */
  summary: string;
  examples: readonly string[];
  parse(args: readonly Token[]): TaskIntent | CommandError;
}

function noArguments(verb: 'connect' | 'link' | 'unlink') {
  return (args: readonly Token[]): TaskIntent | CommandError =>
    args.length === 0
      ? { kind: 'intent', verb }
      : badArguments(verb, `\`/task ${verb}\` takes nothing after it; try just \`/task ${verb}\`.`);
}

/** `show 12`, `done #12`, `delete 12`: exactly one task id. */
function oneTaskId(verb: 'show' | 'done' | 'delete') {
  return (args: readonly Token[]): TaskIntent | CommandError => {
    const taskId = taskIdFrom(args[0]);
    if (taskId === null || args.length !== 1) {
      return badArguments(verb, `Give one task number, like \`/task ${verb} 42\`.`);
    }
    return { kind: 'intent', verb, taskId };
  };
}

const CLEAR_WORDS = new Set(['none', 'clear', 'nobody', 'unset', '-']);

function isClearWord(tokens: readonly Token[]): boolean {
  return tokens.length === 1 && tokens[0]!.kind === 'word' && CLEAR_WORDS.has(tokens[0]!.text.toLowerCase());
}

function parseAssign(args: readonly Token[]): TaskIntent | CommandError {
  const taskId = taskIdFrom(args[0]);
  const rest = args.slice(1);
  if (taskId === null || rest.length === 0) {
    return badArguments(
      'assign',
      'Give a task number and people, like `/task assign 42 @ana` or `/task assign 42 me`.',
    );
  }
  if (isClearWord(rest)) return { kind: 'intent', verb: 'assign', taskId, assignees: [] };
  const assignees: PersonRef[] = [];
  for (const token of rest) {
    const person = personFrom(token);
    if (!person) {
      return badArguments(
        'assign',
        `“${describeToken(token)}” isn't a person: mention someone, like \`@ana\`, or say \`me\`.`,
      );
    }
    assignees.push(person);
  }
  return { kind: 'intent', verb: 'assign', taskId, assignees };
}

function parseDue(args: readonly Token[]): TaskIntent | CommandError {
  const taskId = taskIdFrom(args[0]);
  const rest = args.slice(1);
  if (taskId === null || rest.length === 0) {
    return badArguments(
      'due',
      'Give a task number and a date, like `/task due 42 friday` (or `none` to clear it).',
    );
  }
  if (isClearWord(rest)) return { kind: 'intent', verb: 'due', taskId, dueText: null };
  return { kind: 'intent', verb: 'due', taskId, dueText: textOf(rest) };
}

function parseMine(args: readonly Token[]): TaskIntent | CommandError {
  const stray = args.find((t) => t.kind !== 'word' && t.kind !== 'quoted');
  if (stray) {
    return badArguments(
      'mine',
      `\`/task mine\` takes a status only, like \`/task mine in progress\`; “${describeToken(stray)}” isn't one.`,
    );
  }
  return { kind: 'intent', verb: 'mine', status: textOf(args) || null };
}

function parseList(args: readonly Token[]): TaskIntent | CommandError {
  let project: ProjectRef | null = null;
  const status: Token[] = [];
  for (const token of args) {
    const ref = projectFrom(token);
    if (ref) {
      if (project) return badArguments('list', 'Give one project, like `/task list #Website in progress`.');
      project = ref;
    } else if (token.kind === 'word' || token.kind === 'quoted') {
      status.push(token);
    } else {
      return badArguments(
        'list',
        `“${describeToken(token)}” isn't a project or a status. Try \`/task list #Website in progress\`.`,
      );
    }
  }
  return { kind: 'intent', verb: 'list', project, status: textOf(status) || null };
}

function parseProject(args: readonly Token[]): TaskIntent | CommandError {
  if (args.length === 0) return { kind: 'intent', verb: 'project', action: 'show', project: null };
  if (isClearWord(args)) return { kind: 'intent', verb: 'project', action: 'clear', project: null };
  const [first] = args;
  const ref = args.length === 1 && first ? projectFrom(first) : null;
  if (ref) return { kind: 'intent', verb: 'project', action: 'set', project: ref };
  // A bare name ("project Marketing site") is a project name too.
  if (args.every((t) => t.kind === 'word' || t.kind === 'quoted')) {
    return { kind: 'intent', verb: 'project', action: 'set', project: { kind: 'name', name: textOf(args) } };
  }
  return badArguments(
    'project',
    'Name one project, like `/task project #Website`, or `/task project none` to clear it.',
  );
}

function parseHelp(args: readonly Token[]): TaskIntent | CommandError {
  const [first] = args;
  const topic = first?.kind === 'word' ? (verbByWord(first.text)?.name ?? null) : null;
  return { kind: 'intent', verb: 'help', topic };
}

export const VERBS: readonly VerbSpec[] = [
  {
    name: 'new',
    aliases: ['create', 'add'],
    usage: '[title] [@person] [due DATE] [!priority] [#Project]',
    summary: 'Create a task (no text opens the form)',
    examples: [
      'new Fix login bug @alice due friday !high #Website',
      'new "Use #hashtags literally" #Website',
    ],
    parse: parseNewTask,
  },
  {
    name: 'mine',
    aliases: ['my', 'me'],
    usage: '[status]',
    summary: 'Your tasks: overdue, today, upcoming, no date',
    examples: ['mine', 'mine in progress'],
    parse: parseMine,
  },
  {
    name: 'list',
    aliases: ['ls', 'tasks'],
    usage: '[#Project] [status]',
    summary: "A project's tasks (the channel's project by default)",
    examples: ['list', 'list #Website in progress'],
    parse: parseList,
  },
  {
    name: 'show',
    aliases: ['view', 'open'],
    usage: 'ID',
    summary: 'Show a task card',
    examples: ['show 42'],
    parse: oneTaskId('show'),
  },
  {
    name: 'done',
    aliases: ['complete', 'finish', 'close'],
    usage: 'ID',
    summary: 'Mark a task done',
    examples: ['done 42'],
    parse: oneTaskId('done'),
  },
  {
    name: 'assign',
    aliases: [],
    usage: 'ID @person… | me | none',
    summary: 'Set who a task is assigned to',
    examples: ['assign 42 @ana', 'assign 42 me'],
    parse: parseAssign,
  },
  {
    name: 'due',
    aliases: [],
    usage: 'ID DATE | none',
    summary: "Set a task's due date",
    examples: ['due 42 friday 5pm', 'due 42 none'],
    parse: parseDue,
  },
  {
    name: 'delete',
    aliases: ['remove', 'rm'],
    usage: 'ID',
    summary: 'Delete a task',
    examples: ['delete 42'],
    parse: oneTaskId('delete'),
  },
  {
    name: 'project',
    aliases: [],
    usage: '[#Project | none]',
    summary: "Show or set this channel's default project",
    examples: ['project', 'project #Website', 'project none'],
    parse: parseProject,
  },
  {
    name: 'connect',
    aliases: [],
    usage: '',
    summary: 'Connect this workspace to the service (admins)',
    examples: ['connect'],
    parse: noArguments('connect'),
  },
  {
    name: 'link',
    aliases: [],
    usage: '',
    summary: 'Link your Slack account to your member in the service',
    examples: ['link'],
    parse: noArguments('link'),
  },
  {
    name: 'unlink',
    aliases: [],
    usage: '',
    summary: 'Unlink your Slack account',
    examples: ['unlink'],
    parse: noArguments('unlink'),
  },
  {
    name: 'help',
    aliases: ['?', 'h'],
    usage: '[verb]',
    summary: 'This list, or how to use one verb',
    examples: ['help', 'help new'],
    parse: parseHelp,
  },
];

const BY_WORD: ReadonlyMap<string, VerbSpec> = new Map(
  VERBS.flatMap((spec) => [spec.name, ...spec.aliases].map((word) => [word, spec] as const)),
);

/** The verb a word names (its name or an alias, any case). */
export function verbByWord(word: string): VerbSpec | undefined {
  return BY_WORD.get(word.toLowerCase());
}

/** The table entry of a verb. */
export function verbSpec(name: VerbName): VerbSpec {
  const spec = VERBS.find((v) => v.name === name);
  if (!spec) throw new Error(`No verb ${name} in the table`);
  return spec;
}
