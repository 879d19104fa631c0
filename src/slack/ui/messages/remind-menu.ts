/**
 * "Remind me" beside a task: a menu of the usual times, read in the reader's zone when chosen. Its
 * option values carry the choice and the task (`hour:12.3`), well within an option's 75 characters.
 */
import type { StaticSelect } from '../block-types.ts';
import { ACTIONS } from '../ids.ts';
import { LIMITS, option, plainText } from '../limits.ts';
import { decodeTaskRef, encodeTaskRef, type TaskRef } from '../values.ts';

const REMIND_CHOICES = ['hour', 'tomorrow', 'monday'] as const;
export type RemindChoice = (typeof REMIND_CHOICES)[number];

const LABELS: Record<RemindChoice, string> = {
  hour: 'In 1 hour',
  tomorrow: 'Tomorrow 9:00',
  monday: 'Next Monday 9:00',
};

export function remindMenu(ref: TaskRef): StaticSelect {
  return {
    type: 'static_select',
    action_id: ACTIONS.taskRemind,
    placeholder: plainText('Remind me', LIMITS.placeholder),
    options: REMIND_CHOICES.map((choice) => option(LABELS[choice], `${choice}:${encodeTaskRef(ref)}`)),
  };
}

/** Tasks one list's menu offers: Slack takes 100 options in all, three choices each. */
const LIST_MENU_TASKS = 33;

/**
 * "Remind me" under a list (`/task mine`, `/task list`): one menu for its rows, a group per task
 * (its number and title) holding the usual times, so each row keeps its one button (Done) and the
 * list its room. The same action and values as beside a single task.
 */
export function remindListMenu(tasks: ReadonlyArray<{ ref: TaskRef; title: string }>): StaticSelect | null {
  const shown = tasks.slice(0, LIST_MENU_TASKS);
  if (shown.length === 0) return null;
  return {
    type: 'static_select',
    action_id: ACTIONS.taskRemind,
    placeholder: plainText('Remind me about…', LIMITS.placeholder),
    option_groups: shown.map(({ ref, title }) => ({
      label: plainText(`#${ref.taskId} ${title.trim() || 'Untitled'}`, LIMITS.optionText),
      options: REMIND_CHOICES.map((choice) => option(LABELS[choice], `${choice}:${encodeTaskRef(ref)}`)),
    })),
  };
}

export function decodeRemindChoice(value: string): { choice: RemindChoice; ref: TaskRef } | null {
  const [choice, rest = ''] = value.split(':');
  const ref = decodeTaskRef(rest);
  return ref && (REMIND_CHOICES as readonly string[]).includes(choice ?? '')
    ? { choice: choice as RemindChoice, ref }
    : null;
}
