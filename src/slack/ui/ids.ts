/**
 * Every callback_id, action_id and block_id the app puts in Slack, named once, so the renderers
 * and the listeners (and the manifest test) agree.
 */

/** The slash command, as registered in manifest.yml. */
export const COMMAND_NAME = '/task';

export const SHORTCUTS = {
  /** Message shortcut "Create task". */
  createTaskFromMessage: 'create_task_message',
  /** Global shortcut "Create task". */
  createTaskGlobal: 'create_task_global',
} as const;

export const VIEWS = {
  /**
   * A Work Object's flexpane saved with edits: Slack sends it as a view_submission of type
   * `entity_detail`, with no callback_id of its own; the router routes it under this id.
   */
  entityDetail: 'entity_detail',
  createTask: 'create_task',
  connect: 'connect_service',
  /** The service-events settings (admins): the webhook address and its signing secret. */
  serviceEvents: 'service_events',
  link: 'link_member',
  /** The edit form opened from a card's overflow menu. */
  editTask: 'edit_task',
  /** "Delete this task?" from `/task delete` or a card's overflow menu. */
  deleteTask: 'delete_task',
} as const;

export const ACTIONS = {
  // Task card (buttons and menus carry the task in their value or their block_id, see values.ts).
  taskDone: 'task_done',
  taskStatus: 'task_status',
  taskAssignMe: 'task_assign_me',
  taskAssignee: 'task_assignee',
  taskDue: 'task_due',
  /** Overflow menu: Open / Edit / Delete (option values from `OVERFLOW`). */
  taskOverflow: 'task_overflow',
  /** A link button to the task in the service (Slack still sends an action; ack it). */
  taskOpen: 'task_open',
  /** "Undo" after a status change; its value says from and to which status, and until when. */
  taskUndo: 'task_undo',
  /** "Share in channel" under a card only its reader sees (`/task show`). */
  taskShare: 'task_share',
  /** Done on a row of a task list; its value carries the list page to redraw. */
  taskListDone: 'task_list_done',
  // Task lists
  listPrevious: 'task_list_previous',
  listNext: 'task_list_next',
  // App Home
  homeConnect: 'home_connect',
  homeLink: 'home_link',
  homeUnlink: 'home_unlink',
  homeCreateTask: 'home_create_task',
  homeRefresh: 'home_refresh',
  homeServiceEvents: 'home_service_events',
  /** In the service-events form: forget the signing secret (back to checking for changes). */
  serviceEventsStop: 'service_events_stop',
  // Messages that offer a next step
  offerLink: 'offer_link',
  // An admin's direct message about someone asking to be linked (value: `<slack user>:<member id>`)
  linkRequestApprove: 'link_request_approve',
  linkRequestDecline: 'link_request_decline',
  /** Link button back to a source message (acked, nothing else). */
  openSourceMessage: 'open_source_message',
  // A thread's task proposed after a bare @Taskbridge (value: the preview id)
  threadTaskCreate: 'thread_task_create',
  threadTaskEdit: 'thread_task_edit',
  threadTaskCancel: 'thread_task_cancel',
  /** The thread's people offered as assignees (block_id carries the preview id). */
  threadTaskAssignees: 'thread_task_assignees',
  /** "Remind me" on a card or a found task: a menu of times (values from `remind-menu.ts`). */
  taskRemind: 'task_remind',
  /** Cancel one of my reminders (App Home, the reminder's confirmation). */
  reminderCancel: 'reminder_cancel',
  /** The typeahead under `/task find`'s results: a task chosen shows its card. */
  findTaskPick: 'find_task_pick',
} as const;

/** Overflow option values on a task card, before the task reference. */
export const OVERFLOW = {
  open: 'open',
  edit: 'edit',
  delete: 'delete',
} as const;
export type OverflowChoice = (typeof OVERFLOW)[keyof typeof OVERFLOW];

/** One input of a modal: its block (errors are keyed by it) and its element's action_id. */
export interface FieldId {
  block: string;
  action: string;
}

export const CREATE_TASK_FIELDS = {
  /** External select: its options request carries `action`. */
  project: { block: 'ct_project', action: 'ct_project_select' },
  title: { block: 'ct_title', action: 'ct_title_input' },
  description: { block: 'ct_description', action: 'ct_description_input' },
  assignees: { block: 'ct_assignees', action: 'ct_assignees_select' },
  dueDate: { block: 'ct_due_date', action: 'ct_due_date_picker' },
  dueTime: { block: 'ct_due_time', action: 'ct_due_time_picker' },
  priority: { block: 'ct_priority', action: 'ct_priority_select' },
  status: { block: 'ct_status', action: 'ct_status_select' },
} as const satisfies Record<string, FieldId>;

export const EDIT_TASK_FIELDS = {
  title: { block: 'et_title', action: 'et_title_input' },
  description: { block: 'et_description', action: 'et_description_input' },
  assignees: { block: 'et_assignees', action: 'et_assignees_select' },
  /** Assignees no Slack picker can show, each a ticked box: untick to unassign. */
  kept: { block: 'et_kept', action: 'et_kept_select' },
  dueDate: { block: 'et_due_date', action: 'et_due_date_picker' },
  dueTime: { block: 'et_due_time', action: 'et_due_time_picker' },
  priority: { block: 'et_priority', action: 'et_priority_select' },
  status: { block: 'et_status', action: 'et_status_select' },
} as const satisfies Record<string, FieldId>;

export const CONNECT_FIELDS = {
  baseUrl: { block: 'cn_base_url', action: 'cn_base_url_input' },
  token: { block: 'cn_token', action: 'cn_token_input' },
  /** Optional: the status that means done, where the service's names do not say. */
  doneStatus: { block: 'cn_done_status', action: 'cn_done_status_input' },
  /** Enterprise Grid: this workspace only, or every workspace of the org (an org admin's choice). */
  scope: { block: 'cn_scope', action: 'cn_scope_input' },
} as const satisfies Record<string, FieldId>;

export const SERVICE_EVENTS_FIELDS = {
  secret: { block: 'se_secret', action: 'se_secret_input' },
} as const satisfies Record<string, FieldId>;

export const LINK_FIELDS = {
  /** Static select up to 100 members, else an external select searching them. */
  member: { block: 'ln_member', action: 'ln_member_select' },
} as const satisfies Record<string, FieldId>;

/** Every action_id an options request (external select) can carry. */
export const OPTIONS_ACTIONS = {
  project: CREATE_TASK_FIELDS.project.action,
  member: LINK_FIELDS.member.action,
  /** Tasks by title, from the connection's task view. */
  task: 'find_task_pick',
} as const;

/** Shortcuts of team operations. */
export const TEAM_SHORTCUTS = {
  /** Message shortcut "Thread to mind map". */
  threadToMindMap: 'thread_to_mind_map',
} as const;

/** Modals of team operations (sprints, projects, workspaces, goals, automations, mind maps). */
export const TEAM_VIEWS = {
  sprintNew: 'team_sprint_new',
  /** Asks for the dates a sprint needs before it can start. */
  sprintStartDates: 'team_sprint_start_dates',
  /** Create or edit a project (its metadata says which). */
  projectForm: 'team_project_form',
  /** Create or rename a workspace. */
  workspaceForm: 'team_workspace_form',
  /** Create or edit a goal. */
  goalForm: 'team_goal_form',
  keyResultForm: 'team_key_result_form',
  automationForm: 'team_automation_form',
  threadToMindMap: 'team_thread_mind_map',
  /** Maps an emoji of a channel to a project (`/task react add`, Add an emoji). */
  reactionForm: 'team_reaction_form',
} as const;

/** Buttons and menus of team operations; each carries its record in its value (see ui/team/values.ts). */
export const TEAM_ACTIONS = {
  /** "Start" on a planned sprint: shows what would start, with a confirm. */
  sprintStart: 'team_sprint_start',
  sprintConfirmStart: 'team_sprint_confirm_start',
  /** Opens the dates form for a sprint that cannot start without them. */
  sprintSetDates: 'team_sprint_set_dates',
  /** Shows a sprint's card (and its report once active). */
  sprintShow: 'team_sprint_show',
  projectNew: 'team_project_new',
  /** Overflow on a project row: edit or archive. */
  projectMenu: 'team_project_menu',
  projectConfirmArchive: 'team_project_confirm_archive',
  goalEdit: 'team_goal_edit',
  goalAddKeyResult: 'team_goal_add_key_result',
  automationToggle: 'team_automation_toggle',
  mindMapShow: 'team_mind_map_show',
  /** Dismisses a confirm message. */
  dismiss: 'team_dismiss',
} as const;

export const SPRINT_FIELDS = {
  project: { block: 'sp_project', action: 'sp_project_select' },
  name: { block: 'sp_name', action: 'sp_name_input' },
  goal: { block: 'sp_goal', action: 'sp_goal_input' },
  startDate: { block: 'sp_start', action: 'sp_start_picker' },
  endDate: { block: 'sp_end', action: 'sp_end_picker' },
} as const satisfies Record<string, FieldId>;

export const PROJECT_FIELDS = {
  workspace: { block: 'pj_workspace', action: 'pj_workspace_select' },
  name: { block: 'pj_name', action: 'pj_name_input' },
  description: { block: 'pj_description', action: 'pj_description_input' },
  color: { block: 'pj_color', action: 'pj_color_select' },
} as const satisfies Record<string, FieldId>;

export const WORKSPACE_FIELDS = {
  name: { block: 'ws_name', action: 'ws_name_input' },
} as const satisfies Record<string, FieldId>;

export const GOAL_FIELDS = {
  workspace: { block: 'gl_workspace', action: 'gl_workspace_select' },
  project: { block: 'gl_project', action: 'gl_project_select' },
  title: { block: 'gl_title', action: 'gl_title_input' },
  description: { block: 'gl_description', action: 'gl_description_input' },
  status: { block: 'gl_status', action: 'gl_status_select' },
  startDate: { block: 'gl_start', action: 'gl_start_picker' },
  dueDate: { block: 'gl_due', action: 'gl_due_picker' },
} as const satisfies Record<string, FieldId>;

export const KEY_RESULT_FIELDS = {
  title: { block: 'kr_title', action: 'kr_title_input' },
  type: { block: 'kr_type', action: 'kr_type_select' },
  start: { block: 'kr_start', action: 'kr_start_input' },
  target: { block: 'kr_target', action: 'kr_target_input' },
  current: { block: 'kr_current', action: 'kr_current_input' },
  unit: { block: 'kr_unit', action: 'kr_unit_input' },
} as const satisfies Record<string, FieldId>;

export const AUTOMATION_FIELDS = {
  project: { block: 'au_project', action: 'au_project_select' },
  name: { block: 'au_name', action: 'au_name_input' },
  trigger: { block: 'au_trigger', action: 'au_trigger_select' },
  action: { block: 'au_action', action: 'au_action_select' },
  setting: { block: 'au_setting', action: 'au_setting_input' },
} as const satisfies Record<string, FieldId>;

export const THREAD_MIND_MAP_FIELDS = {
  project: { block: 'mm_project', action: 'mm_project_select' },
  title: { block: 'mm_title', action: 'mm_title_input' },
} as const satisfies Record<string, FieldId>;

/** Scheduled digests: the form behind `/task digest` and its Edit button. */
export const DIGEST_VIEWS = {
  form: 'digest_form',
} as const;

/** Buttons of `/task digest show` and `off`, and the personal digest on the Home tab. */
export const DIGEST_ACTIONS = {
  /** Value: the subscription id. */
  edit: 'digest_edit',
  /** Value: the subscription id. */
  remove: 'digest_remove',
  /** Value: the subscription id. */
  resume: 'digest_resume',
  /** Turns every digest of the channel off. Value: the channel id. */
  removeAll: 'digest_remove_all',
  homeOn: 'digest_home_on',
  homeOff: 'digest_home_off',
  /** A timepicker on the Home tab: the personal digest's time of day. */
  homeTime: 'digest_home_time',
} as const;

export const DIGEST_FIELDS = {
  projects: { block: 'dg_projects', action: 'dg_projects_select' },
  time: { block: 'dg_time', action: 'dg_time_picker' },
  /** External select: its options request carries `action`. */
  timeZone: { block: 'dg_zone', action: 'dg_zone_select' },
  days: { block: 'dg_days', action: 'dg_days_checks' },
  sections: { block: 'dg_sections', action: 'dg_sections_checks' },
  upcomingDays: { block: 'dg_upcoming', action: 'dg_upcoming_select' },
  statuses: { block: 'dg_statuses', action: 'dg_statuses_input' },
  assignees: { block: 'dg_assignees', action: 'dg_assignees_select' },
  options: { block: 'dg_options', action: 'dg_options_checks' },
} as const satisfies Record<string, FieldId>;

/** Channel notifications: the subscribe form, the list's buttons, the Home tab's DM switches. */
export const NOTIFY_VIEWS = {
  form: 'notify_form',
} as const;

export const NOTIFY_ACTIONS = {
  /** Value: the project id (the channel is where the list was shown). */
  edit: 'notify_edit',
  /** Value: the project id. */
  remove: 'notify_remove',
  /** Value: `on` or `off`. */
  homeAssigned: 'notify_home_assigned',
  /** Value: `on` or `off`. */
  homeDue: 'notify_home_due',
} as const;

export const NOTIFY_FIELDS = {
  project: { block: 'nt_project', action: 'nt_project_select' },
  events: { block: 'nt_events', action: 'nt_events_checks' },
  filters: { block: 'nt_filters', action: 'nt_filters_input' },
  options: { block: 'nt_options', action: 'nt_options_checks' },
} as const satisfies Record<string, FieldId>;

/** `/task react`'s list of a channel's emoji. */
export const REACTION_ACTIONS = {
  /** Value: the emoji's name (the channel is where the list was shown). */
  remove: 'reaction_map_remove',
  /** Opens the form that maps an emoji here (the channel is where the list was shown). */
  add: 'reaction_map_add',
} as const;

export const REACTION_FIELDS = {
  emoji: { block: 'rx_emoji', action: 'rx_emoji_input' },
  project: { block: 'rx_project', action: 'rx_project_select' },
} as const satisfies Record<string, FieldId>;
