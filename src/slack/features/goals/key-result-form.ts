/**
 * The key result form: title, type, start, target, current value and unit. Numbers are read the
 * way people type them ("1,400", "2.5%"); a yes/no result takes 0/1, yes/no or done/not done.
 */
import { TARGET_TYPES, type TargetType } from '../../../contract/index.ts';
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { ModalView } from '../../ui/block-types.ts';
import { KEY_RESULT_FIELDS as F, TEAM_VIEWS } from '../../ui/ids.ts';
import { option } from '../../ui/limits.ts';
import { selectedValue, textValue } from '../../ui/modals/view-state.ts';
import { type FormResult, formNote, formView, staticSelect, textInput } from '../../ui/team/modal-parts.ts';

/** The contract's limits (CreateTargetBodySchema): title 1..500, unit up to 32. */
const MAX_KEY_RESULT_TITLE = 500;
const MAX_UNIT = 32;

const TYPE_LABELS: Readonly<Record<TargetType, string>> = {
  number: 'Number',
  percentage: 'Percentage',
  currency: 'Currency',
  boolean: 'Yes / no',
};

export function renderKeyResultForm(model: { privateMetadata: string; goalTitle: string }): ModalView {
  return formView({
    callbackId: TEAM_VIEWS.keyResultForm,
    title: 'Add a key result',
    submit: 'Add',
    privateMetadata: model.privateMetadata,
    blocks: [
      formNote(`For *${escapeWithin(model.goalTitle, 300)}*`),
      textInput(F.title, 'Key result', { maxLength: MAX_KEY_RESULT_TITLE, placeholder: 'Monthly sign-ups' }),
      staticSelect(
        F.type,
        'Type',
        TARGET_TYPES.map((t) => option(TYPE_LABELS[t], t)),
        { initial: 'number' },
      ),
      textInput(F.start, 'Start value', {
        optional: true,
        maxLength: 40,
        placeholder: '0',
        hint: 'Default 0.',
      }),
      textInput(F.target, 'Target value', {
        optional: true,
        maxLength: 40,
        placeholder: '2000',
        hint: 'Required, except for a yes / no result (done means 1).',
      }),
      textInput(F.current, 'Current value', {
        optional: true,
        maxLength: 40,
        hint: 'Default: the start value.',
      }),
      textInput(F.unit, 'Unit', { optional: true, maxLength: MAX_UNIT, placeholder: 'sign-ups, %, EUR' }),
    ],
  });
}

interface KeyResultSubmission {
  title: string;
  type: TargetType;
  start_value: number;
  target_value: number;
  current_value: number;
  unit: string | null;
}

const YES = new Set(['1', 'yes', 'true', 'done', 'y']);
const NO = new Set(['0', 'no', 'false', 'not done', 'n', '']);

/** A typed number: `1,400`, `2.5`, `40%`, ` -3 `; null when it is not one. */
export function readNumber(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/[\s,_]/g, '')
    .replace(/%$/, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

function readYesNo(text: string): number | null {
  const word = text.trim().toLowerCase();
  if (YES.has(word)) return 1;
  if (NO.has(word)) return 0;
  return null;
}

export function readKeyResultForm(values: unknown): FormResult<KeyResultSubmission> {
  const errors: Record<string, string> = {};
  const title = textValue(values, F.title).trim();
  if (!title) errors[F.title.block] = 'Name the key result.';
  else if (title.length > MAX_KEY_RESULT_TITLE)
    errors[F.title.block] = `At most ${MAX_KEY_RESULT_TITLE} characters.`;
  const type = TARGET_TYPES.find((t) => t === (selectedValue(values, F.type) ?? 'number'));
  if (!type) errors[F.type.block] = 'Choose a type.';
  const unit = textValue(values, F.unit).trim();
  if (unit.length > MAX_UNIT) errors[F.unit.block] = `At most ${MAX_UNIT} characters.`;
  const raw = {
    start: textValue(values, F.start),
    target: textValue(values, F.target),
    current: textValue(values, F.current),
  };
  const read = (field: keyof typeof raw, fallback: number | null): number | null => {
    const text = raw[field];
    if (text.trim() === '') return fallback;
    const value = type === 'boolean' ? readYesNo(text) : readNumber(text);
    if (value === null) {
      errors[F[field].block] =
        type === 'boolean' ? 'Use yes or no (1 or 0).' : `“${text.trim().slice(0, 30)}” isn't a number.`;
    }
    return value;
  };
  const start = read('start', 0) ?? 0;
  const target = read('target', type === 'boolean' ? 1 : null);
  const current = read('current', start) ?? start;
  if (target === null && !errors[F.target.block]) errors[F.target.block] = 'Give the value to reach.';
  if (target !== null && target === start && type !== 'boolean') {
    errors[F.target.block] = 'The target must differ from the start value.';
  }
  if (Object.keys(errors).length > 0 || !type || target === null) return { ok: false, errors };
  return {
    ok: true,
    value: {
      title,
      type,
      start_value: start,
      target_value: target,
      current_value: current,
      unit: unit || null,
    },
  };
}
