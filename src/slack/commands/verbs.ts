/**
 * The `/task` verbs as one table: a verb is one entry here (its name, aliases, help text and
 * argument parser) plus its intent type in intents.ts. Help and "did you mean" read this table.
 */
import {
  badArguments,
  describeToken,
  emailFrom,
  goalStatusFrom,
  personFrom,
  projectFrom,
  roleFrom,
  taskIdFrom,
  textOf,
} from './arguments.ts';
import type {
  CommandError,
  Invitee,
  PersonRef,
  ProjectRef,
  SprintRef,
  TaskIntent,
  VerbName,
} from './intents.ts';
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

// ---- team operations (sprints, people, projects, workspaces, goals, automations, mind maps) ----

function isCommandError(x: object): x is CommandError {
  return 'code' in x;
}

/** `#12` names an id in these verbs, never a project called "12". */
function isNumberedProject(token: Token): boolean {
  return token.kind === 'project' && /^\d+$/.test(token.name);
}

/** The project named anywhere in the arguments (at most one) and the other words, in order. */
function projectAndWords(
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
function actionOf<A extends string>(token: Token | undefined, table: Readonly<Record<string, A>>): A | null {
  if (token?.kind !== 'word') return null;
  const word = token.text.toLowerCase();
  return Object.hasOwn(table, word) ? (table[word] ?? null) : null;
}

/** An id (`12`, `#12`) when the words are one number, else their text as a name; null when none. */
function idOrName(words: readonly Token[]): SprintRef | null {
  if (words.length === 0) return null;
  const id = words.length === 1 ? taskIdFrom(words[0]) : null;
  return id === null ? { kind: 'name', name: textOf(words) } : { kind: 'id', id };
}

const NEW_WORDS = { new: 'new', create: 'new', add: 'new' } as const;

const SPRINT_ACTIONS: Readonly<Record<string, 'list' | 'new' | 'start' | 'show'>> = {
  ...NEW_WORDS,
  list: 'list',
  start: 'start',
  begin: 'start',
  show: 'show',
  report: 'show',
};

function parseSprint(args: readonly Token[]): TaskIntent | CommandError {
  const split = projectAndWords('sprint', args, 'sprint start "Sprint 2" #Website');
  if (isCommandError(split)) return split;
  const [first, ...rest] = split.words;
  const base = { kind: 'intent', verb: 'sprint', project: split.project, sprint: null, name: null } as const;
  if (!first) return { ...base, action: 'list' };
  const action = actionOf(first, SPRINT_ACTIONS);
  if (!action || (action === 'list' && rest.length > 0)) {
    return badArguments(
      'sprint',
      `“${describeToken(first)}” isn't a sprint command: try \`/task sprint #Website\`, \`sprint new\`, \`sprint start NAME\` or \`sprint show NAME\`.`,
    );
  }
  if (action === 'list') return { ...base, action };
  if (action === 'new') return { ...base, action, name: textOf(rest) || null };
  return { ...base, action, sprint: idOrName(rest) };
}

function parseInvite(args: readonly Token[]): TaskIntent | CommandError {
  let invitee: Invitee | null = null;
  let role: InviteRole = null;
  let project: ProjectRef | null = null;
  const once = (what: string) =>
    badArguments('invite', `Give one ${what}, like \`/task invite @ana viewer #Website\`.`);
  for (const token of args) {
    const email = emailFrom(token);
    const asRole = roleFrom(token);
    const ref = projectFrom(token);
    if (token.kind === 'user' || email) {
      if (invitee) return once('person per invitation');
      invitee =
        token.kind === 'user'
          ? { kind: 'slack', userId: token.userId, name: token.name }
          : { kind: 'email', email: email as string };
    } else if (asRole) {
      if (role) return once('role');
      role = asRole;
    } else if (ref) {
      if (project) return once('project');
      project = ref;
    } else if (token.kind === 'person') {
      return badArguments(
        'invite',
        `I can't tell who “${describeToken(token)}” is: mention them (type @ and pick the person) or type their email.`,
      );
    } else {
      return badArguments(
        'invite',
        `“${describeToken(token)}” isn't a person, an email, a role (admin, member, viewer) or a project.`,
      );
    }
  }
  if (!invitee) {
    return badArguments(
      'invite',
      'Say who to invite: mention them, like `/task invite @ana viewer #Website`, or type their email.',
    );
  }
  return { kind: 'intent', verb: 'invite', invitee, role, project };
}

type InviteRole = ReturnType<typeof roleFrom>;

function parseMembers(args: readonly Token[]): TaskIntent | CommandError {
  const split = projectAndWords('members', args, 'members #Website');
  if (isCommandError(split)) return split;
  if (split.words.length > 0) {
    return badArguments('members', 'Name a project only, like `/task members #Website`.');
  }
  return { kind: 'intent', verb: 'members', project: split.project };
}

function parseRole(args: readonly Token[]): TaskIntent | CommandError {
  let person: PersonRef | null = null;
  let role: InviteRole = null;
  let project: ProjectRef | null = null;
  const usage = 'Try `/task role @ana admin #Website`.';
  for (const token of args) {
    const who = personFrom(token);
    const asRole = roleFrom(token);
    const ref = projectFrom(token);
    if (who) {
      if (person) return badArguments('role', `Change one person's role at a time. ${usage}`);
      person = who;
    } else if (asRole) {
      if (role) return badArguments('role', `Give one role. ${usage}`);
      role = asRole;
    } else if (ref) {
      if (project) return badArguments('role', `Give one project. ${usage}`);
      project = ref;
    } else {
      return badArguments(
        'role',
        `“${describeToken(token)}” isn't a person, a role (admin, member, viewer) or a project. ${usage}`,
      );
    }
  }
  if (!person) return badArguments('role', `Say whose role to change. ${usage}`);
  if (!role) return badArguments('role', `Give the new role: admin, member or viewer. ${usage}`);
  return { kind: 'intent', verb: 'role', person, role, project };
}

const PROJECTS_ACTIONS: Readonly<Record<string, 'all' | 'new' | 'edit' | 'archive'>> = {
  ...NEW_WORDS,
  all: 'all',
  archived: 'all',
  edit: 'edit',
  rename: 'edit',
  archive: 'archive',
};

function parseProjects(args: readonly Token[]): TaskIntent | CommandError {
  const split = projectAndWords('projects', args, 'projects edit #Website');
  if (isCommandError(split)) return split;
  const [first, ...rest] = split.words;
  const base = { kind: 'intent', verb: 'projects', project: split.project, includeArchived: false } as const;
  if (!first) return { ...base, action: 'list', project: null };
  const action = actionOf(first, PROJECTS_ACTIONS);
  if (action === 'all' && rest.length === 0) return { ...base, action: 'list', includeArchived: true };
  if (action === 'new' && rest.length === 0) return { ...base, action: 'new' };
  if (action === 'edit' || action === 'archive') {
    // A bare name counts as the project too: `projects archive Operations`.
    if (rest.length > 0 && split.project) return badArguments('projects', 'Give one project.');
    const project = rest.length > 0 ? { kind: 'name' as const, name: textOf(rest) } : split.project;
    return { ...base, action, project };
  }
  return badArguments(
    'projects',
    `“${describeToken(first)}” isn't a projects command: try \`/task projects\`, \`projects all\`, \`projects new\`, \`projects edit #Name\` or \`projects archive #Name\`.`,
  );
}

const WORKSPACES_ACTIONS: Readonly<Record<string, 'new' | 'rename' | 'members'>> = {
  ...NEW_WORDS,
  rename: 'rename',
  edit: 'rename',
  members: 'members',
  people: 'members',
};

function parseWorkspaces(args: readonly Token[]): TaskIntent | CommandError {
  const words = args.filter((t) => t.kind === 'word' || t.kind === 'quoted' || isNumberedProject(t));
  const stray = args.find((t) => !words.includes(t));
  if (stray) {
    return badArguments(
      'workspaces',
      `“${describeToken(stray)}” doesn't belong there. Try \`/task workspaces members 1\`.`,
    );
  }
  const [first, ...rest] = words;
  const base = { kind: 'intent', verb: 'workspaces', workspace: null } as const;
  if (!first) return { ...base, action: 'list' };
  const action = actionOf(first, WORKSPACES_ACTIONS);
  if (action === 'new' && rest.length === 0) return { ...base, action };
  if (action === 'rename' || action === 'members') return { ...base, action, workspace: idOrName(rest) };
  return badArguments(
    'workspaces',
    `“${describeToken(first)}” isn't a workspaces command: try \`/task workspaces\`, \`workspaces new\`, \`workspaces rename ID\` or \`workspaces members ID\`.`,
  );
}

const STATUS_HELP = '`on track`, `at risk`, `off track` or `done`';

function parseGoals(args: readonly Token[]): TaskIntent | CommandError {
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

function parseGoal(args: readonly Token[]): TaskIntent | CommandError {
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

function parseAutomations(args: readonly Token[]): TaskIntent | CommandError {
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

function parseMindMaps(args: readonly Token[]): TaskIntent | CommandError {
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

const DIGEST_ACTIONS: Readonly<Record<string, 'new' | 'show' | 'off'>> = {
  ...NEW_WORDS,
  show: 'show',
  list: 'show',
  off: 'off',
  stop: 'off',
  remove: 'off',
  delete: 'off',
};

function parseDigest(args: readonly Token[]): TaskIntent | CommandError {
  const [first, ...rest] = args;
  if (!first) return { kind: 'intent', verb: 'digest', action: 'new' };
  const action = actionOf(first, DIGEST_ACTIONS);
  if (!action || rest.length > 0) {
    return badArguments(
      'digest',
      'Try `/task digest` to set up a digest for this channel, `/task digest show` to list them or `/task digest off` to stop them.',
    );
  }
  return { kind: 'intent', verb: 'digest', action };
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
    name: 'projects',
    aliases: [],
    usage: '[all] | new | edit #Project | archive #Project',
    summary: 'List projects; create, edit or archive one',
    examples: ['projects', 'projects new', 'projects archive #Operations'],
    parse: parseProjects,
  },
  {
    name: 'members',
    aliases: ['people', 'team'],
    usage: '[#Project]',
    summary: "A project's members and their roles",
    examples: ['members #Website'],
    parse: parseMembers,
  },
  {
    name: 'invite',
    aliases: [],
    usage: '@person|EMAIL [admin|member|viewer] [#Project]',
    summary: 'Invite someone to a project (project admins)',
    examples: ['invite zoe@example.com #Website', 'invite zoe@example.com viewer #Website'],
    parse: parseInvite,
  },
  {
    name: 'role',
    aliases: [],
    usage: '@person admin|member|viewer [#Project]',
    summary: "Change a member's role (project admins)",
    examples: ['role @chloe admin #Website'],
    parse: parseRole,
  },
  {
    name: 'sprint',
    aliases: ['sprints'],
    usage: '[#Project] | new | start [NAME|ID] | show [NAME|ID]',
    summary: "A project's sprints; plan, start or follow one",
    examples: ['sprint #Website', 'sprint new #Website', 'sprint start "Sprint 2" #Website'],
    parse: parseSprint,
  },
  {
    name: 'goals',
    aliases: ['okrs'],
    usage: '[#Project] [status]',
    summary: 'Goals (OKRs) with their key results',
    examples: ['goals', 'goals at risk'],
    parse: parseGoals,
  },
  {
    name: 'goal',
    aliases: ['okr'],
    usage: 'new | edit ID | status ID STATUS | target ID',
    summary: 'Create or update a goal, or add a key result',
    examples: ['goal new', 'goal status 3 at risk', 'goal target 3'],
    parse: parseGoal,
  },
  {
    name: 'automations',
    aliases: ['automation', 'rules'],
    usage: '[#Project] | new [#Project]',
    summary: "A project's automation rules; add or switch them",
    examples: ['automations #Website', 'automations new #Website'],
    parse: parseAutomations,
  },
  {
    name: 'mindmaps',
    aliases: ['mindmap', 'maps'],
    usage: '[#Project] | show ID',
    summary: "A project's mind maps, or one as an outline",
    examples: ['mindmaps #Website', 'mindmaps show 4'],
    parse: parseMindMaps,
  },
  {
    name: 'workspaces',
    aliases: ['workspace'],
    usage: '[new | rename [ID] | members [ID]]',
    summary: 'Workspaces: list, create, rename, their members',
    examples: ['workspaces', 'workspaces members 1'],
    parse: parseWorkspaces,
  },
  {
    name: 'digest',
    aliases: ['digests'],
    usage: '[show | off]',
    summary: 'Scheduled digests of due tasks for this channel',
    examples: ['digest', 'digest show', 'digest off'],
    parse: parseDigest,
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
