/**
 * Reads a submitted digest form: every field checked, and what is wrong answered per block (for
 * `response_action: errors`) before anything is stored. Pure; the payload comes from outside, so
 * any shape reads as "nothing chosen" rather than a crash.
 */

import type { DigestSections } from '../../../digest/types.ts';
import { MAX_DUE_WITHIN_DAYS } from '../../../digest/types.ts';
import { isValidTimeZone } from '../../../lib/dates.ts';
import { DIGEST_FIELDS as F, type FieldId } from '../../ui/ids.ts';
import { selectedTime, selectedValue, textValue } from '../../ui/modals/view-state.ts';
import type { FormResult } from '../../ui/team/modal-parts.ts';
import { OPTION_CHOICES, SECTION_CHOICES } from './digest-form.ts';

/** The contract's bounds: at most 100 projects, 50 statuses of up to 255 characters, 100 assignees. */
const MAX_PROJECTS = 100;
const MAX_STATUSES = 50;
const MAX_STATUS_LENGTH = 255;
const MAX_ASSIGNEES = 100;

export interface DigestFormValue {
  projectIds: number[];
  time: string;
  timeZone: string;
  days: number[];
  sections: DigestSections;
  statuses: string[];
  assigneeIds: number[];
  postWhenEmpty: boolean;
  /** "Send a preview now" was ticked. */
  preview: boolean;
}

function selectedOptions(values: unknown, field: FieldId): Record<string, unknown>[] {
  if (typeof values !== 'object' || values === null) return [];
  const block = (values as Record<string, unknown>)[field.block];
  if (typeof block !== 'object' || block === null) return [];
  const state = (block as Record<string, unknown>)[field.action];
  if (typeof state !== 'object' || state === null) return [];
  const options = (state as Record<string, unknown>).selected_options;
  if (!Array.isArray(options)) return [];
  return options.filter((o): o is Record<string, unknown> => typeof o === 'object' && o !== null);
}

/** The values of a multi select's or checkboxes' chosen options. */
export function selectedOptionValues(values: unknown, field: FieldId): string[] {
  return selectedOptions(values, field).flatMap((o) => (typeof o.value === 'string' ? [o.value] : []));
}

/** The labels of a multi select's chosen options (Slack sends them back with the values). */
export function selectedOptionLabels(values: unknown, field: FieldId): string[] {
  return selectedOptions(values, field).flatMap((o) => {
    const text = (o.text as { text?: unknown } | undefined)?.text;
    return typeof text === 'string' ? [text] : [];
  });
}

const ID = /^[1-9]\d{0,15}$/;

function ids(texts: readonly string[]): number[] | null {
  const out: number[] = [];
  for (const text of texts) {
    if (!ID.test(text) || !Number.isSafeInteger(Number(text))) return null;
    out.push(Number(text));
  }
  return [...new Set(out)];
}

export function readDigestForm(values: unknown): FormResult<DigestFormValue> {
  const errors: Record<string, string> = {};

  const projectIds = ids(selectedOptionValues(values, F.projects));
  if (!projectIds || projectIds.length === 0) errors[F.projects.block] = 'Choose at least one project.';
  else if (projectIds.length > MAX_PROJECTS)
    errors[F.projects.block] = `Choose at most ${MAX_PROJECTS} projects.`;

  const time = selectedTime(values, F.time);
  if (!time || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) errors[F.time.block] = 'Choose a time of day.';

  const timeZone = selectedValue(values, F.timeZone);
  if (!timeZone) errors[F.timeZone.block] = 'Choose a time zone.';
  else if (!isValidTimeZone(timeZone))
    errors[F.timeZone.block] = `“${timeZone.slice(0, 64)}” is not a time zone.`;

  const days = ids(selectedOptionValues(values, F.days))?.filter((d) => d <= 7) ?? [];
  if (days.length === 0) errors[F.days.block] = 'Choose at least one day.';

  const ticked = selectedOptionValues(values, F.sections);
  const upcomingText = selectedValue(values, F.upcomingDays) ?? '0';
  const dueWithinDays = /^\d{1,2}$/.test(upcomingText) ? Number(upcomingText) : Number.NaN;
  if (!(dueWithinDays >= 0 && dueWithinDays <= MAX_DUE_WITHIN_DAYS)) {
    errors[F.upcomingDays.block] = `Choose up to ${MAX_DUE_WITHIN_DAYS} days ahead.`;
  }
  const sections: DigestSections = {
    overdue: ticked.includes(SECTION_CHOICES.overdue),
    dueToday: ticked.includes(SECTION_CHOICES.dueToday),
    dueWithinDays: Number.isNaN(dueWithinDays) ? 0 : dueWithinDays,
  };
  if (
    !sections.overdue &&
    !sections.dueToday &&
    sections.dueWithinDays === 0 &&
    !errors[F.upcomingDays.block]
  ) {
    errors[F.sections.block] = 'Choose what to show: overdue, due today, or tasks due in the next days.';
  }

  const statuses = [
    ...new Set(
      textValue(values, F.statuses)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (statuses.length > MAX_STATUSES) errors[F.statuses.block] = `Name at most ${MAX_STATUSES} statuses.`;
  else if (statuses.some((s) => s.length > MAX_STATUS_LENGTH)) {
    errors[F.statuses.block] = `A status name is at most ${MAX_STATUS_LENGTH} characters.`;
  }

  const assigneeIds = ids(selectedOptionValues(values, F.assignees));
  if (!assigneeIds) errors[F.assignees.block] = 'Choose people from the list.';
  else if (assigneeIds.length > MAX_ASSIGNEES)
    errors[F.assignees.block] = `Choose at most ${MAX_ASSIGNEES} people.`;

  const options = selectedOptionValues(values, F.options);
  if (Object.keys(errors).length > 0 || !projectIds || !time || !timeZone || !assigneeIds) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: {
      projectIds,
      time,
      timeZone,
      days: days.sort((a, b) => a - b),
      sections,
      statuses,
      assigneeIds,
      postWhenEmpty: options.includes(OPTION_CHOICES.postWhenEmpty),
      preview: options.includes(OPTION_CHOICES.preview),
    },
  };
}
