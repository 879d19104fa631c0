/**
 * Reading a submitted view's `state.values` (block_id → action_id → element state) defensively:
 * a payload that lacks a value or holds the wrong shape reads as "nothing chosen", never a crash.
 */
import type { FieldId } from '../ids.ts';

function elementState(values: unknown, field: FieldId): Record<string, unknown> | null {
  if (typeof values !== 'object' || values === null) return null;
  const block = (values as Record<string, unknown>)[field.block];
  if (typeof block !== 'object' || block === null) return null;
  const state = (block as Record<string, unknown>)[field.action];
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : null;
}

/** A text input's value ('' when empty). */
export function textValue(values: unknown, field: FieldId): string {
  const value = elementState(values, field)?.value;
  return typeof value === 'string' ? value : '';
}

/** A select's chosen option value, or null. */
export function selectedValue(values: unknown, field: FieldId): string | null {
  const option = elementState(values, field)?.selected_option;
  if (typeof option !== 'object' || option === null) return null;
  const value = (option as Record<string, unknown>).value;
  return typeof value === 'string' ? value : null;
}

/** A checkboxes' (or multi select's) chosen option values. */
export function selectedOptionValues(values: unknown, field: FieldId): string[] {
  const options = elementState(values, field)?.selected_options;
  if (!Array.isArray(options)) return [];
  return options.flatMap((o) => {
    const value = typeof o === 'object' && o !== null ? (o as Record<string, unknown>).value : undefined;
    return typeof value === 'string' ? [value] : [];
  });
}

/** A multi users select's users. */
export function selectedUsers(values: unknown, field: FieldId): string[] {
  const users = elementState(values, field)?.selected_users;
  return Array.isArray(users) ? users.filter((u): u is string => typeof u === 'string') : [];
}

/** A datepicker's `YYYY-MM-DD`, or null. */
export function selectedDate(values: unknown, field: FieldId): string | null {
  const date = elementState(values, field)?.selected_date;
  return typeof date === 'string' && date !== '' ? date : null;
}

/** A timepicker's `HH:mm`, or null. */
export function selectedTime(values: unknown, field: FieldId): string | null {
  const time = elementState(values, field)?.selected_time;
  return typeof time === 'string' && time !== '' ? time : null;
}
