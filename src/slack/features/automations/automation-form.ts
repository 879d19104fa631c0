/**
 * The automation form: a rule's name, its trigger, one action and that action's setting. The
 * setting becomes the action's config (`set_priority` → `{priority}`, `notify` → `{channel}`…).
 */
import { ACTION_TYPES, PRIORITIES, TRIGGER_TYPES } from '../../../contract/index.ts';
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock, ModalView } from '../../ui/block-types.ts';
import { AUTOMATION_FIELDS as F, TEAM_VIEWS } from '../../ui/ids.ts';
import { option } from '../../ui/limits.ts';
import { selectedValue, textValue } from '../../ui/modals/view-state.ts';
import {
  type FormResult,
  formNote,
  formView,
  idValue,
  staticSelect,
  textInput,
} from '../../ui/team/modal-parts.ts';
import { ACTION_TEXT, TRIGGER_TEXT } from './automation-message-blocks.ts';

/** The contract's limit (CreateAutomationBodySchema): name 1..255. */
const MAX_AUTOMATION_NAME = 255;
const MAX_SETTING = 200;

/** Each action's setting: the config key it fills, and whether the action needs it. */
const SETTINGS: Readonly<Record<string, { key: string; required: boolean }>> = {
  set_status: { key: 'status', required: true },
  assign: { key: 'assignee', required: true },
  set_priority: { key: 'priority', required: true },
  move_to_sprint: { key: 'sprint', required: true },
  notify: { key: 'channel', required: false },
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function renderAutomationForm(model: {
  privateMetadata: string;
  project: { id: number; name: string } | null;
  projects: ReadonlyArray<{ id: number; name: string }>;
}): ModalView {
  const blocks: KnownBlock[] = [];
  if (model.project) blocks.push(formNote(`Project: *${escapeWithin(model.project.name, 200)}*`));
  else {
    blocks.push(
      staticSelect(
        F.project,
        'Project',
        model.projects.map((p) => option(p.name, String(p.id))),
        {
          placeholder: 'Choose a project',
        },
      ),
    );
  }
  blocks.push(
    textInput(F.name, 'Name', { maxLength: MAX_AUTOMATION_NAME, placeholder: 'Escalate overdue tasks' }),
    staticSelect(
      F.trigger,
      'When',
      TRIGGER_TYPES.map((t) => option(capitalise(TRIGGER_TEXT[t] ?? t), t)),
      {
        initial: 'task_created',
      },
    ),
    staticSelect(
      F.action,
      'Then',
      ACTION_TYPES.map((a) => option(capitalise(ACTION_TEXT[a] ?? a), a)),
      {
        initial: 'notify',
      },
    ),
    textInput(F.setting, 'Setting', {
      optional: true,
      maxLength: MAX_SETTING,
      hint: 'What the action sets: a status name, a person, a priority (urgent, high, medium, low, none), a sprint, or the channel to notify.',
    }),
  );
  return formView({
    callbackId: TEAM_VIEWS.automationForm,
    title: 'New automation',
    submit: 'Create',
    privateMetadata: model.privateMetadata,
    blocks,
  });
}

interface AutomationSubmission {
  projectId: number | null;
  name: string;
  trigger: (typeof TRIGGER_TYPES)[number];
  action: { type: (typeof ACTION_TYPES)[number]; config: Record<string, string> };
}

export function readAutomationForm(
  values: unknown,
  hasProjectField: boolean,
): FormResult<AutomationSubmission> {
  const errors: Record<string, string> = {};
  const name = textValue(values, F.name).trim();
  if (!name) errors[F.name.block] = 'Name the rule.';
  else if (name.length > MAX_AUTOMATION_NAME)
    errors[F.name.block] = `At most ${MAX_AUTOMATION_NAME} characters.`;
  const projectId = hasProjectField ? idValue(selectedValue(values, F.project)) : null;
  if (hasProjectField && projectId === null)
    errors[F.project.block] = 'Choose the project the rule belongs to.';
  const trigger = TRIGGER_TYPES.find((t) => t === selectedValue(values, F.trigger));
  if (!trigger) errors[F.trigger.block] = 'Choose when the rule runs.';
  const type = ACTION_TYPES.find((a) => a === selectedValue(values, F.action));
  if (!type) errors[F.action.block] = 'Choose what the rule does.';
  const setting = textValue(values, F.setting).trim();
  const spec = type ? SETTINGS[type] : undefined;
  if (spec?.required && !setting)
    errors[F.setting.block] = `Say what to ${ACTION_TEXT[type ?? ''] ?? 'set'}.`;
  let value = setting;
  if (type === 'set_priority' && setting) {
    const priority = PRIORITIES.find((p) => p === setting.toLowerCase());
    if (!priority)
      errors[F.setting.block] =
        `“${setting.slice(0, 30)}” isn't a priority: use urgent, high, medium, low or none.`;
    value = priority ?? setting;
  }
  if (Object.keys(errors).length > 0 || !trigger || !type || !spec) return { ok: false, errors };
  return {
    ok: true,
    value: { projectId, name, trigger, action: { type, config: value ? { [spec.key]: value } : {} } },
  };
}
