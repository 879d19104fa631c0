/**
 * Arguments of `/task find` (words, then filters in any order) and `/task remind` (a task and a
 * time). Pure: names and dates stay as typed until the handler resolves them.
 */
import { badArguments, describeToken, personFrom, projectFrom, taskIdFrom, textOf } from '../arguments.ts';
import type { CommandError, PersonRef, ProjectRef, TaskIntent } from '../intents.ts';
import type { Token } from '../tokens.ts';

const FIND_EXAMPLE = '`/task find login bug #Website @ben is:open due:week`';

/** `status:in_progress` and `is:in-progress` both read as "in progress". */
const statusText = (raw: string) => raw.replace(/[_-]+/g, ' ').trim();

export function parseFind(args: readonly Token[]): TaskIntent | CommandError {
  const words: string[] = [];
  let project: ProjectRef | null = null;
  let person: PersonRef | null = null;
  let status: string | null = null;
  let dueText: string | null = null;
  for (const token of args) {
    const asProject = projectFrom(token);
    if (asProject) {
      if (project) return badArguments('find', `Name one project at most, like ${FIND_EXAMPLE}.`);
      project = asProject;
      continue;
    }
    if (token.kind === 'user' || token.kind === 'person') {
      if (person) return badArguments('find', `Name one person at most, like ${FIND_EXAMPLE}.`);
      person = personFrom(token);
      continue;
    }
    if (token.kind === 'word') {
      const filter = /^(status|is|due):(.*)$/i.exec(token.text);
      if (filter) {
        const [, name, value = ''] = filter;
        if (value.trim() === '') {
          return badArguments('find', `\`${name}:\` needs a value right after it, like ${FIND_EXAMPLE}.`);
        }
        if (name!.toLowerCase() === 'due') dueText = statusText(value);
        else status = statusText(value);
        continue;
      }
    }
    if (token.kind === 'word' || token.kind === 'quoted' || token.kind === 'markup') {
      words.push(...token.text.split(/\s+/).filter(Boolean));
      continue;
    }
    return badArguments('find', `“${describeToken(token)}” isn't a word or a filter. Try ${FIND_EXAMPLE}.`);
  }
  if (words.length === 0 && !project && !person && !status && !dueText) {
    return badArguments('find', `Say what to look for, like ${FIND_EXAMPLE}.`);
  }
  return { kind: 'intent', verb: 'find', words, project, person, status, dueText };
}

export function parseRemind(args: readonly Token[]): TaskIntent | CommandError {
  const taskId = taskIdFrom(args[0]);
  const whenText = textOf(args.slice(1));
  if (taskId === null || whenText === '') {
    return badArguments(
      'remind',
      'Give a task number and when, like `/task remind 42 tomorrow 3pm` or `/task remind 42 in 1 hour`.',
    );
  }
  return { kind: 'intent', verb: 'remind', taskId, whenText };
}
