/**
 * Arguments of the planning verbs: sprints, goals (OKRs), automations and mind maps.
 */
import { badArguments, describeToken, goalStatusFrom, taskIdFrom, textOf } from '../arguments.ts';
import type { CommandError, TaskIntent } from '../intents.ts';
import type { Token } from '../tokens.ts';
import { actionOf, idOrName, isCommandError, NEW_WORDS, projectAndWords } from './sub-commands.ts';

const SPRINT_ACTIONS: Readonly<Record<string, 'list' | 'new' | 'start' | 'show'>> = {
  ...NEW_WORDS,
  list: 'list',
  start: 'start',
  begin: 'start',
  show: 'show',
  report: 'show',
};

export function parseSprint(args: readonly Token[]): TaskIntent | CommandError {
  const split = projectAndWords('sprint', args, 'sprint start "Sprint 2" #Website');
  if (isCommandError(split)) return split;
  const [first, ...rest] = split.words;
  const base = { kind: 'intent', verb: 'sprint', project: split.project, sprint: null, name: null } as const;
  if (!first) return { ...base, action: 'list' };
  const action = actionOf(first, SPRINT_ACTIONS);
  if (action === 'list' && rest.length > 0) {
    return badArguments(
      'sprint',
      `\`/task sprint list\` takes a project only, like \`/task sprint list #Website\`; “${describeToken(rest[0]!)}” isn't one.`,
    );
  }
  if (!action) {
    return badArguments(
      'sprint',
      `“${describeToken(first)}” isn't a sprint command: try \`/task sprint #Website\`, \`sprint new\`, \`sprint start NAME\` or \`sprint show NAME\`.`,
    );
  }
  if (action === 'list') return { ...base, action };
  if (action === 'new') return { ...base, action, name: textOf(rest) || null };
  return { ...base, action, sprint: idOrName(rest) };
}

const STATUS_HELP = '`on track`, `at risk`, `off track` or `done`';

export function parseGoals(args: readonly Token[]): TaskIntent | CommandError {
  const split = projectAndWords('goals', args, 'goals #Website at risk');
  if (isCommandError(split)) return split;
  const typed = textOf(split.words);
  const status = typed ? goalStatusFrom(typed) : null;
  if (typed && !status) {
    return badArguments('goals', `“${typed.slice(0, 40)}” isn't a goal status: use ${STATUS_HELP}.`);
  }
  return { kind: 'intent', verb: 'goals', project: split.project, status };
}

const GOAL_ACTIONS: Readonly<Record<string, 'new' | 'edit' | 'status' | 'target'>> = {
  ...NEW_WORDS,
  edit: 'edit',
  update: 'edit',
  status: 'status',
  target: 'target',
  kr: 'target',
  keyresult: 'target',
  'key-result': 'target',
};

export function parseGoal(args: readonly Token[]): TaskIntent | CommandError {
  const split = projectAndWords('goal', args, 'goal new #Website');
  if (isCommandError(split)) return split;
  const [first, second, ...rest] = split.words;
  const base = { kind: 'intent', verb: 'goal', goalId: null, status: null, project: split.project } as const;
  const usage =
    'Try `/task goal new`, `goal edit ID`, `goal status ID at risk` or `goal target ID` (adds a key result).';
  // `goal 12` edits goal 12.
  const bareId = taskIdFrom(first);
  if (bareId !== null && second === undefined) return { ...base, action: 'edit', goalId: bareId };
  const action = actionOf(first, GOAL_ACTIONS);
  if (action === 'new') {
    return second === undefined
      ? { ...base, action }
      : badArguments('goal', `The form asks for the rest. ${usage}`);
  }
  if (!action)
    return badArguments('goal', `${first ? `“${describeToken(first)}” isn't a goal command. ` : ''}${usage}`);
  const goalId = taskIdFrom(second);
  if (goalId === null)
    return badArguments('goal', `Give the goal's number (\`/task goals\` shows them). ${usage}`);
  if (action === 'status') {
    const status = goalStatusFrom(textOf(rest));
    if (!status) return badArguments('goal', `Give the new status: ${STATUS_HELP}.`);
    return { ...base, action, goalId, status };
  }
  if (rest.length > 0) return badArguments('goal', `The form asks for the rest. ${usage}`);
  return { ...base, action, goalId };
}

export function parseAutomations(args: readonly Token[]): TaskIntent | CommandError {
  const split = projectAndWords('automations', args, 'automations new #Website');
  if (isCommandError(split)) return split;
  const [first, ...rest] = split.words;
  if (!first) return { kind: 'intent', verb: 'automations', action: 'list', project: split.project };
  if (actionOf(first, NEW_WORDS) && rest.length === 0) {
    return { kind: 'intent', verb: 'automations', action: 'new', project: split.project };
  }
  return badArguments(
    'automations',
    'Try `/task automations #Website` to list them or `/task automations new #Website` to add one.',
  );
}

const MIND_MAP_ACTIONS = { show: 'show', open: 'show', view: 'show' } as const;

export function parseMindMaps(args: readonly Token[]): TaskIntent | CommandError {
  const split = projectAndWords('mindmaps', args, 'mindmaps show 4');
  if (isCommandError(split)) return split;
  const [first, second, ...rest] = split.words;
  if (!first)
    return { kind: 'intent', verb: 'mindmaps', action: 'list', project: split.project, mindMapId: null };
  const id = actionOf(first, MIND_MAP_ACTIONS) ? taskIdFrom(second) : null;
  if (id === null || rest.length > 0) {
    return badArguments(
      'mindmaps',
      'Try `/task mindmaps #Website` to list them, or `/task mindmaps show ID` for one as an outline.',
    );
  }
  return { kind: 'intent', verb: 'mindmaps', action: 'show', project: split.project, mindMapId: id };
}
