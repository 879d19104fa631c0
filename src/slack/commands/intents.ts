/**
 * What a `/task` command asks for, once parsed: a typed intent per verb, or an error to show.
 * Names and people are references still to be resolved (by the listener, against the store and the
 * service); due dates stay raw text until the person's zone is known (`parseDueDate`).
 */
import type { GoalStatus, Priority, ProjectRole } from '../../contract/index.ts';

/** A verb is declared by its intent type below and its entry in verbs.ts; its name comes from the intent. */
export type VerbName = TaskIntent['verb'];

/** A person named in a command: a Slack user, a plain name to look up, or the caller. */
export type PersonRef =
  | { kind: 'slack'; userId: string; name: string | null }
  | { kind: 'name'; name: string }
  | { kind: 'me' };

/**
 * A project named in a command: a plain `#Name`, or a Slack channel reference (Slack turns
 * `#website` into `<#C…|website>` when such a channel exists), which the listener resolves to the
 * project of that name or the channel's default project.
 */
export type ProjectRef =
  | { kind: 'name'; name: string }
  | { kind: 'channel'; channelId: string; name: string | null };

interface IntentBase {
  kind: 'intent';
}

interface HelpIntent extends IntentBase {
  verb: 'help';
  /** A verb to explain, when asked (`/task help new`). */
  topic: VerbName | null;
}

export interface NewTaskIntent extends IntentBase {
  verb: 'new';
  /** What remains after people, project, priority and due date are taken; '' opens the modal. */
  title: string;
  assignees: PersonRef[];
  project: ProjectRef | null;
  /** The raw text after `due`, e.g. "friday 5pm". */
  dueText: string | null;
  priority: Priority | null;
  /** What was typed but not used as written, to be told once the task exists. */
  notes: ReadingNote[];
}

/**
 * Words the reading set aside: `due fridya` is neither a date nor part of the title, so the task
 * gets no due date and the person hears why, with the date word meant when it is a typo.
 */
export type ReadingNote = { kind: 'due_unread'; text: string; suggestion: string | null };

export interface MineIntent extends IntentBase {
  verb: 'mine';
  /** A status name to filter by, as typed. */
  status: string | null;
}

export interface ListIntent extends IntentBase {
  verb: 'list';
  /** Null: the channel's default project. */
  project: ProjectRef | null;
  status: string | null;
}

export interface ProjectIntent extends IntentBase {
  verb: 'project';
  /** `show` the channel's default, `set` it, or `clear` it (`project none`). */
  action: 'show' | 'set' | 'clear';
  project: ProjectRef | null;
}

interface ConnectIntent extends IntentBase {
  verb: 'connect';
}
interface LinkIntent extends IntentBase {
  verb: 'link';
}
interface UnlinkIntent extends IntentBase {
  verb: 'unlink';
}

export interface ShowIntent extends IntentBase {
  verb: 'show';
  taskId: number;
}
export interface DoneIntent extends IntentBase {
  verb: 'done';
  taskId: number;
}
export interface DeleteIntent extends IntentBase {
  verb: 'delete';
  taskId: number;
}
export interface AssignIntent extends IntentBase {
  verb: 'assign';
  taskId: number;
  /** Empty: remove every assignee (`assign 12 none`). */
  assignees: PersonRef[];
}
export interface DueIntent extends IntentBase {
  verb: 'due';
  taskId: number;
  /** Null: clear the due date (`due 12 none`). */
  dueText: string | null;
}

export interface FindIntent extends IntentBase {
  verb: 'find';
  /** Words the title must match (all of them, else by prefix or spelling); may be empty with a filter. */
  words: string[];
  project: ProjectRef | null;
  person: PersonRef | null;
  /** A status name, as typed after `status:` or `is:`; `open` and `done` read as open or done. */
  status: string | null;
  /** The raw text after `due:` (`due:today`, `due:overdue`, `due:week`, `due:friday`). */
  dueText: string | null;
}

export interface RemindIntent extends IntentBase {
  verb: 'remind';
  taskId: number;
  /** When, as typed ("friday 3pm", "in 2 hours"); read in the person's zone. */
  whenText: string;
}

/** `/task react`: a channel's emoji that make a message a task (names without colons). */
export type ReactIntent = IntentBase & { verb: 'react' } & (
    | { action: 'list' }
    | { action: 'set'; emoji: string; project: ProjectRef }
    | { action: 'off'; emoji: string }
    /** The form, its emoji filled in when one was typed. */
    | { action: 'form'; emoji: string | null }
  );

/** A sprint named in a command: its id (`12`, `#12`) or its name (exact, else a unique prefix). */
export type SprintRef = { kind: 'id'; id: number } | { kind: 'name'; name: string };

/** A service workspace named in a command: its id or its name. */
export type WorkspaceRef = { kind: 'id'; id: number } | { kind: 'name'; name: string };

export interface SprintIntent extends IntentBase {
  verb: 'sprint';
  /** `list` the project's sprints, open the `new` form, `start` one (after a confirm), or `show` one. */
  action: 'list' | 'new' | 'start' | 'show';
  /** Null: the channel's default project (or, for start and show by id, wherever the sprint is). */
  project: ProjectRef | null;
  /** For start and show; null: the only planned sprint (start) or the active one (show). */
  sprint: SprintRef | null;
  /** For new: a name to prefill. */
  name: string | null;
}

/** Who to invite: a Slack person (their profile's email is used) or a typed email. */
export type Invitee =
  | { kind: 'slack'; userId: string; name: string | null }
  | { kind: 'email'; email: string }
  /** Typed by hand (`@zoe`): found among the workspace's people when the command runs. */
  | { kind: 'name'; name: string };

export interface InviteIntent extends IntentBase {
  verb: 'invite';
  invitee: Invitee;
  /** Null: the service's default (member). */
  role: ProjectRole | null;
  project: ProjectRef | null;
}

export interface MembersIntent extends IntentBase {
  verb: 'members';
  project: ProjectRef | null;
}

export interface RoleIntent extends IntentBase {
  verb: 'role';
  person: PersonRef;
  role: ProjectRole;
  project: ProjectRef | null;
}

export interface ProjectsIntent extends IntentBase {
  verb: 'projects';
  /** `list` them, open the `new` or `edit` form, or ask to `archive` one. */
  action: 'list' | 'new' | 'edit' | 'archive';
  /** For edit and archive; null: the channel's default project. */
  project: ProjectRef | null;
  /** For list: archived projects too (`projects all`). */
  includeArchived: boolean;
  /** For new: the name to prefill (`projects new Marketing`). */
  name?: string | null;
}

export interface WorkspacesIntent extends IntentBase {
  verb: 'workspaces';
  action: 'list' | 'new' | 'rename' | 'members';
  /** For rename and members; null: the only workspace. */
  workspace: WorkspaceRef | null;
}

export interface GoalsIntent extends IntentBase {
  verb: 'goals';
  /** Null: every goal (goals belong to workspaces; a project only narrows the list). */
  project: ProjectRef | null;
  status: GoalStatus | null;
}

export interface GoalIntent extends IntentBase {
  verb: 'goal';
  /** Open the `new` or `edit` form, set its `status` at once, or add a key result (`target`, a form). */
  action: 'new' | 'edit' | 'status' | 'target';
  /** For edit, status and target. */
  goalId: number | null;
  /** For status. */
  status: GoalStatus | null;
  /** For new: the project to preselect. */
  project: ProjectRef | null;
}

export interface AutomationsIntent extends IntentBase {
  verb: 'automations';
  action: 'list' | 'new';
  project: ProjectRef | null;
}

export interface DigestIntent extends IntentBase {
  verb: 'digest';
  /** `new` opens the form for this channel, `show` lists its digests, `off` turns them off. */
  action: 'new' | 'show' | 'off';
}

/** Which events of a project a channel hears, narrowed by filters (each kind may be excluded with `-`). */
export interface NotifyFilterRefs {
  statuses: string[];
  notStatuses: string[];
  priorities: Priority[];
  notPriorities: Priority[];
  assignees: PersonRef[];
  notAssignees: PersonRef[];
  /** Words or phrases the title must contain (any of them). */
  text: string[];
  /** Words or phrases that drop a task when its title contains one. */
  notText: string[];
}

export interface SubscribeIntent extends IntentBase {
  verb: 'subscribe';
  /** Nothing typed after the verb: the form opens. */
  form: boolean;
  /** Null: the channel's default project. */
  project: ProjectRef | null;
  /** Event kinds by their short words (`created`, `status`…); empty: every kind. */
  events: string[];
  filters: NotifyFilterRefs;
  /** Replies in threads also show in the channel. */
  broadcast: boolean;
}

export interface UnsubscribeIntent extends IntentBase {
  verb: 'unsubscribe';
  /** Null: every project this channel follows when it follows one, else the channel's default. */
  project: ProjectRef | null;
}

export interface SubscriptionsIntent extends IntentBase {
  verb: 'subscriptions';
}

export interface MindMapsIntent extends IntentBase {
  verb: 'mindmaps';
  action: 'list' | 'show';
  project: ProjectRef | null;
  /** For show. */
  mindMapId: number | null;
}

export type TaskIntent =
  | HelpIntent
  | NewTaskIntent
  | MineIntent
  | ListIntent
  | ProjectIntent
  | ConnectIntent
  | LinkIntent
  | UnlinkIntent
  | ShowIntent
  | DoneIntent
  | DeleteIntent
  | AssignIntent
  | DueIntent
  | FindIntent
  | RemindIntent
  | ReactIntent
  | SprintIntent
  | InviteIntent
  | MembersIntent
  | RoleIntent
  | ProjectsIntent
  | WorkspacesIntent
  | GoalsIntent
  | GoalIntent
  | AutomationsIntent
  | MindMapsIntent
  | DigestIntent
  | SubscribeIntent
  | UnsubscribeIntent
  | SubscriptionsIntent;

export interface CommandError {
  kind: 'error';
  /** `unknown_verb`: not a verb; `unavailable`: a verb not enabled here; `bad_arguments`: a verb misused. */
  code: 'unknown_verb' | 'unavailable' | 'bad_arguments';
  /** A sentence for the person: what is wrong and what to type instead. */
  message: string;
  /** The verb that was recognised, for `bad_arguments` and `unavailable`. */
  verb: VerbName | null;
  /** The closest enabled verb, for `unknown_verb`. */
  suggestion: VerbName | null;
}

export function isCommandError(result: TaskIntent | CommandError): result is CommandError {
  return result.kind === 'error';
}
