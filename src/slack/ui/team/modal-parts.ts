/**
 * Inputs for the team forms, each clamped to Block Kit's limits, and the modal around them.
 * Pure builders: a form is a list of these with its `private_metadata` already sealed.
 */

import { truncate } from '../../../slack-platform/mrkdwn.ts';
import type { InputBlock, KnownBlock, ModalView, PlainTextOption } from '../block-types.ts';
import type { FieldId } from '../ids.ts';
import { LIMITS, mrkdwn, plainText } from '../limits.ts';

interface TextInputOptions {
  /** Text already in the field, cut to `maxLength`. Default: empty. */
  initial?: string | null | undefined;
  /** Default false. */
  multiline?: boolean;
  /** Default 3000 (Slack's maximum). */
  maxLength?: number;
  /** Whether the form submits without it. Default false. */
  optional?: boolean;
  /** Default: none. */
  placeholder?: string;
  /** A line under the field. Default: none. */
  hint?: string;
}

/** An input block holding `element`, its label and hint cut to Block Kit's limits. Required unless `optional`. */
export function inputBlock(
  field: FieldId,
  label: string,
  element: InputBlock['element'],
  settings: { optional?: boolean | undefined; hint?: string | undefined } = {},
): InputBlock {
  return {
    type: 'input',
    block_id: field.block,
    optional: settings.optional ?? false,
    label: plainText(label, LIMITS.inputLabel),
    ...(settings.hint ? { hint: plainText(settings.hint, LIMITS.inputHint) } : {}),
    element,
  };
}

export function textInput(field: FieldId, label: string, options: TextInputOptions = {}): InputBlock {
  const maxLength = Math.min(options.maxLength ?? LIMITS.plainTextInput, LIMITS.plainTextInput);
  const initial = options.initial?.trim() ? truncate(options.initial, maxLength) : undefined;
  const element: InputBlock['element'] = {
    type: 'plain_text_input',
    action_id: field.action,
    max_length: maxLength,
    multiline: options.multiline ?? false,
    ...(options.placeholder ? { placeholder: plainText(options.placeholder, LIMITS.placeholder) } : {}),
    ...(initial ? { initial_value: initial } : {}),
  };
  return inputBlock(field, label, element, options);
}

const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** A date picker; `initial` (YYYY-MM-DD) is used only when well formed. Optional unless `optional: false`. */
export function datePicker(
  field: FieldId,
  label: string,
  options: { initial?: string | null | undefined; optional?: boolean; hint?: string } = {},
): InputBlock {
  const element: InputBlock['element'] = {
    type: 'datepicker',
    action_id: field.action,
    ...(options.initial && YMD.test(options.initial) ? { initial_date: options.initial } : {}),
  };
  return inputBlock(field, label, element, { optional: options.optional ?? true, hint: options.hint });
}

/**
 * A static select of at most 100 options; the initial option is the one of `options` with that
 * value, if any. Required unless `optional: true`.
 */
export function staticSelect(
  field: FieldId,
  label: string,
  options: readonly PlainTextOption[],
  settings: { initial?: string | null | undefined; optional?: boolean; placeholder?: string } = {},
): InputBlock {
  const shown = options.slice(0, LIMITS.staticSelectOptions);
  const initial = shown.find((o) => o.value === settings.initial);
  const element: InputBlock['element'] = {
    type: 'static_select',
    action_id: field.action,
    options: [...shown],
    ...(settings.placeholder ? { placeholder: plainText(settings.placeholder, LIMITS.placeholder) } : {}),
    ...(initial ? { initial_option: initial } : {}),
  };
  return inputBlock(field, label, element, { optional: settings.optional });
}

/** A line of explanation inside a form, mrkdwn. */
export function formNote(text: string): KnownBlock {
  return { type: 'context', elements: [mrkdwn(text, LIMITS.contextText)] };
}

export function formView(model: {
  callbackId: string;
  title: string;
  submit: string;
  privateMetadata: string;
  blocks: readonly KnownBlock[];
}): ModalView {
  return {
    type: 'modal',
    callback_id: model.callbackId,
    title: plainText(model.title, LIMITS.modalTitle),
    submit: plainText(model.submit, LIMITS.modalButton),
    close: plainText('Cancel', LIMITS.modalButton),
    private_metadata: model.privateMetadata,
    blocks: model.blocks.slice(0, LIMITS.viewBlocks),
  };
}

/** What a form reader answers: the typed value, or messages keyed by block for `response_action: errors`. */
export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** Start and end in order, or the error keyed by the end's block. */
export function checkDateOrder(
  start: string | null,
  end: string | null,
  endBlock: string,
): Record<string, string> {
  return start && end && end < start ? { [endBlock]: 'The end date must not be before the start date.' } : {};
}

/** A chosen option's value as a positive id, or null. */
export function idValue(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}
