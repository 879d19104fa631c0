/**
 * Automation rules: each with its trigger, conditions, actions and on/off state as the service
 * reported it, and (for those who may) a button to switch it, carrying the state it asks for.
 */
import { formatDueFallback } from '../../../lib/dates.ts';
import { slackDate } from '../../../slack-platform/date-tokens.ts';
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock, RenderedMessage, SectionBlock } from '../../ui/block-types.ts';
import { TEAM_ACTIONS } from '../../ui/ids.ts';
import { capBlocks, contextLine, LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';
import { plural } from '../../ui/team/format.ts';
import { encodeRef } from '../../ui/team/values.ts';

interface AutomationModel {
  id: number;
  /** Null when the service does not say: then only a Slack admin may toggle it. */
  project_id: number | null;
  name: string;
  /** Null when the service does not say whether it is on. */
  is_active: boolean | null;
  trigger: { type: string; config: Record<string, unknown> } | null;
  conditions: ReadonlyArray<{ field: string; operator: string; value: unknown }>;
  actions: ReadonlyArray<{ type: string; config: Record<string, unknown> }>;
  runs_count: number | null;
  last_run_at: string | null;
}

interface AutomationListModel {
  automations: readonly AutomationModel[];
  projectNames: ReadonlyMap<number, string>;
  /** Projects whose automations the reader may switch. */
  canToggle: ReadonlySet<number>;
  /** The list's project, or 0 for every project: the toggle carries it to redraw the same list. */
  scope: number;
  /** Rules beyond those fetched. */
  more: number;
  /** A line on top, mrkdwn (what a toggle did). */
  notice?: string | null | undefined;
}

export const TRIGGER_TEXT: Readonly<Record<string, string>> = {
  task_created: 'a task is created',
  status_changed: 'a task’s status changes',
  due_date_reached: 'a task’s due date arrives',
  assignee_changed: 'a task’s assignee changes',
};

export const ACTION_TEXT: Readonly<Record<string, string>> = {
  set_status: 'set the status',
  assign: 'assign',
  set_priority: 'set the priority',
  move_to_sprint: 'move to the sprint',
  notify: 'notify',
};

/** A config's first plain value, as the action's object ("notify #website"). */
function configValue(config: Record<string, unknown>): string | null {
  for (const value of Object.values(config)) {
    if (typeof value === 'string' || typeof value === 'number') return escapeWithin(String(value), 80);
  }
  return null;
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => valueText(v)).join(', ');
  if (value === null || value === undefined) return 'nothing';
  return escapeWithin(typeof value === 'object' ? JSON.stringify(value) : String(value), 80);
}

/** "When a task is created, if priority in urgent, high: set the priority urgent, notify #mobile." */
function ruleText(a: AutomationModel): string {
  const when = a.trigger
    ? (TRIGGER_TEXT[a.trigger.type] ?? escapeWithin(a.trigger.type, 60))
    : 'its trigger (the service does not show it)';
  const conditions = a.conditions
    .slice(0, 5)
    .map((c) => `${escapeWithin(c.field, 40)} ${escapeWithin(c.operator, 20)} ${valueText(c.value)}`);
  const actions = a.actions.slice(0, 5).map((act) => {
    const verb = ACTION_TEXT[act.type] ?? escapeWithin(act.type, 60);
    const object = configValue(act.config);
    return object ? `${verb} ${object}` : verb;
  });
  const more = a.actions.length > 5 ? `, and ${a.actions.length - 5} more` : '';
  return `When ${when}${conditions.length ? `, if ${conditions.join(' and ')}` : ''}: ${actions.join(', ') || 'nothing'}${more}.`;
}

/** Under a list where the service does not show whether rules are on (the spec shows no fields). */
const STATE_NOT_SHOWN =
  'The service does not show whether a rule is on, so Taskbridge offers no switch for it: switch it on the service.';

export function stateText(isActive: boolean | null): string {
  if (isActive === null) return ':grey_question: *On or off: not shown by the service*';
  return isActive ? ':large_green_circle: *On*' : ':white_circle: *Off*';
}

function row(a: AutomationModel, model: AutomationListModel): SectionBlock {
  const project = a.project_id === null ? undefined : model.projectNames.get(a.project_id);
  const last = a.last_run_at ? new Date(a.last_run_at) : null;
  const runs =
    a.runs_count === null
      ? 'runs not shown by the service'
      : a.runs_count > 0
        ? `ran ${plural(a.runs_count, 'time')}${last && !Number.isNaN(last.getTime()) ? `, last ${slackDate(last, '{date_short_pretty}', formatDueFallback(last, 'UTC', false))}` : ''}`
        : 'has not run yet';
  const text = `${stateText(a.is_active)} · *${escapeWithin(a.name, 200)}*${project ? ` · ${escapeWithin(project, 100)}` : ''}\n${ruleText(a)}\n_${runs}_`;
  // Without the project or the state, a toggle could not be checked or worded: none is offered.
  if (a.project_id === null || a.is_active === null || !model.canToggle.has(a.project_id))
    return { type: 'section', text: mrkdwn(text) };
  const wanted = !a.is_active;
  return {
    type: 'section',
    text: mrkdwn(text),
    accessory: {
      type: 'button',
      action_id: TEAM_ACTIONS.automationToggle,
      text: plainText(wanted ? 'Turn on' : 'Turn off', LIMITS.buttonText),
      value: encodeRef('automation', [a.id, a.project_id, wanted ? 1 : 0, model.scope]),
    },
  };
}

export function renderAutomationList(model: AutomationListModel): RenderedMessage {
  const blocks: KnownBlock[] = [];
  if (model.notice) blocks.push({ type: 'section', text: mrkdwn(model.notice) });
  const scopeName = model.scope ? model.projectNames.get(model.scope) : null;
  blocks.push({
    type: 'header',
    text: plainText(scopeName ? `Automations · ${scopeName}` : 'Automations', LIMITS.headerText),
  });
  if (model.automations.length === 0)
    blocks.push({ type: 'section', text: mrkdwn('No automation rules yet.') });
  const more = model.more > 0 ? 1 : 0;
  blocks.push(
    ...capBlocks(
      model.automations.map((a) => row(a, model)),
      LIMITS.messageBlocks - blocks.length - 1 - more,
    ),
  );
  if (more) blocks.push(contextLine(`…and ${model.more} more rules.`));
  if (model.automations.some((a) => a.is_active === null)) blocks.push(contextLine(STATE_NOT_SHOWN));
  blocks.push(
    contextLine('`/task automations new #Project` adds a rule; project admins switch rules on and off.'),
  );
  const on = model.automations.filter((a) => a.is_active).length;
  return { text: `Automations: ${model.automations.length} (${on} on)`, blocks };
}
