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
  createTask: 'create_task',
  connect: 'connect_service',
  link: 'link_member',
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
  // Task lists
  listPrevious: 'task_list_previous',
  listNext: 'task_list_next',
  // App Home
  homeConnect: 'home_connect',
  homeLink: 'home_link',
  homeUnlink: 'home_unlink',
  homeCreateTask: 'home_create_task',
  homeRefresh: 'home_refresh',
  // Messages that offer a next step
  offerLink: 'offer_link',
  /** Link button back to a source message (acked, nothing else). */
  openSourceMessage: 'open_source_message',
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

export const CONNECT_FIELDS = {
  baseUrl: { block: 'cn_base_url', action: 'cn_base_url_input' },
  token: { block: 'cn_token', action: 'cn_token_input' },
} as const satisfies Record<string, FieldId>;

export const LINK_FIELDS = {
  /** Static select up to 100 members, else an external select searching them. */
  member: { block: 'ln_member', action: 'ln_member_select' },
} as const satisfies Record<string, FieldId>;

/** Every action_id an options request (external select) can carry. */
export const OPTIONS_ACTIONS = {
  project: CREATE_TASK_FIELDS.project.action,
  member: LINK_FIELDS.member.action,
} as const;
