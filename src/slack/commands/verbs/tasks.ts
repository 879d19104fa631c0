/**
 * Arguments of the verbs that work on tasks one at a time or as a list: show, done, delete,
 * assign, due, mine, list, and the channel's default project.
 */
import { badArguments, describeToken, personFrom, projectFrom, taskIdFrom, textOf } from '../arguments.ts';
import type { CommandError, PersonRef, ProjectRef, TaskIntent } from '../intents.ts';
import type { Token } from '../tokens.ts';

/** `show 12`, `done #12`, `delete 12`: exactly one task id. */
export function oneTaskId(verb: 'show' | 'done' | 'delete') {
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

export function parseAssign(args: readonly Token[]): TaskIntent | CommandError {
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

export function parseDue(args: readonly Token[]): TaskIntent | CommandError {
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

export function parseMine(args: readonly Token[]): TaskIntent | CommandError {
  const stray = args.find((t) => t.kind !== 'word' && t.kind !== 'quoted');
  if (stray) {
    return badArguments(
      'mine',
      `\`/task mine\` takes a status only, like \`/task mine in progress\`; “${describeToken(stray)}” isn't one.`,
    );
  }
  return { kind: 'intent', verb: 'mine', status: textOf(args) || null };
}

export function parseList(args: readonly Token[]): TaskIntent | CommandError {
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

export function parseProject(args: readonly Token[]): TaskIntent | CommandError {
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
