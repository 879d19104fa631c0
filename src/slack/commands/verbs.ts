/**
 * The `/task` verbs as one table: a verb is one entry here (its name, aliases, help text and
 * argument parser) plus its intent type in intents.ts. Help and "did you mean" read this table.
 * The parsers live by feature in verbs/.
 */
import { badArguments } from './arguments.ts';
import type { CommandError, TaskIntent, VerbName } from './intents.ts';
import { parseNewTask } from './parse-new-task.ts';
import type { Token } from './tokens.ts';
import { parseDigest } from './verbs/digest.ts';
import { parseFind, parseRemind } from './verbs/find.ts';
import { parseSubscribe, parseSubscriptions, parseUnsubscribe } from './verbs/notify.ts';
import { parseAutomations, parseGoal, parseGoals, parseMindMaps, parseSprint } from './verbs/planning.ts';
import { parseReact } from './verbs/reactions.ts';
import { oneTaskId, parseAssign, parseDue, parseList, parseMine, parseProject } from './verbs/tasks.ts';
import { parseInvite, parseMembers, parseProjects, parseRole, parseWorkspaces } from './verbs/team.ts';

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

function parseHelp(args: readonly Token[]): TaskIntent | CommandError {
  const [first] = args;
  const topic = first?.kind === 'word' ? (verbByWord(first.text)?.name ?? null) : null;
  return { kind: 'intent', verb: 'help', topic };
}

export const VERBS = [
  {
    name: 'new',
    aliases: ['create', 'add'],
    usage: '[title] [@person] [due DATE] [!priority] [#Project]',
    summary: 'Create a task (no text opens the form)',
    examples: ['new Fix login bug @ben due friday !high #Website', 'new "Use #hashtags literally" #Website'],
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
    name: 'find',
    aliases: ['search', 'f'],
    usage: 'WORDS [#Project] [@person] [is:open|done|STATUS] [due:today|week|overdue|DATE]',
    summary: 'Find tasks by their title, from Taskbridge’s own copy',
    examples: ['find login', 'find release #Website', 'find @ben is:open', 'find pricing due:overdue'],
    parse: parseFind,
  },
  {
    name: 'remind',
    aliases: ['reminder'],
    usage: 'ID WHEN',
    summary: 'A direct message with the task at that time, only to you',
    examples: ['remind 2 tomorrow 9am', 'remind 9 in 1 hour'],
    parse: parseRemind,
  },
  {
    name: 'react',
    aliases: ['reaction', 'reactions', 'emoji'],
    usage: '[:emoji: #Project | add | off :emoji:]',
    summary:
      "Reacting with an emoji in this channel makes the message a task; list the channel's emoji, add one by form (`add`) or remove one",
    examples: ['react :ticket: #Website', 'react', 'react add', 'react off :ticket:'],
    parse: parseReact,
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
    name: 'subscribe',
    aliases: ['follow', 'watch'],
    usage: '[#Project] [events] [filters] (no text opens the form)',
    summary: "Post a project's task changes here, one thread per task",
    examples: [
      'subscribe #Website',
      'subscribe #Website status done -@ben',
      'subscribe #Website !high -status:Done not:"wip" broadcast',
    ],
    parse: parseSubscribe,
  },
  {
    name: 'unsubscribe',
    aliases: ['unfollow', 'unwatch'],
    usage: '[#Project]',
    summary: "Stop posting a project's changes here",
    examples: ['unsubscribe #Website'],
    parse: parseUnsubscribe,
  },
  {
    name: 'subscriptions',
    aliases: ['following'],
    usage: '',
    summary: 'What this channel follows, with Edit and Remove',
    examples: ['subscriptions'],
    parse: parseSubscriptions,
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
] as const satisfies readonly VerbSpec[];

/** Every verb, in the order help lists them. */
export const VERB_NAMES: readonly VerbName[] = VERBS.map((verb) => verb.name);

/** Fails the type check when an intent's verb has no entry in VERBS above. */
type Undeclared = Exclude<VerbName, (typeof VERBS)[number]['name']>;
export const EVERY_VERB_DECLARED: [Undeclared] extends [never] ? true : Undeclared = true;

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
