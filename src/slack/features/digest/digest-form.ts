/**
 * The digest form behind `/task digest` (and Edit in `/task digest show`, and the personal digest):
 * projects, time of day, time zone, days, sections, filters, whether to post when nothing is due,
 * and "Send a preview now". Pure: the reader of what comes back is digest-form-values.ts.
 */
import type { DigestSections } from '../../../digest/types.ts';
import { MAX_DUE_WITHIN_DAYS } from '../../../digest/types.ts';
import type { InputBlock, KnownBlock, ModalView, PlainTextOption } from '../../ui/block-types.ts';
import { DAY_LABELS } from '../../ui/digest/schedule-text.ts';
import { zoneOption } from '../../ui/digest/time-zones.ts';
import { DIGEST_VIEWS, DIGEST_FIELDS as F } from '../../ui/ids.ts';
import { LIMITS, option, plainText } from '../../ui/limits.ts';
import { formNote, formView, inputBlock, textInput } from '../../ui/team/modal-parts.ts';

/** Option values of the sections and options checkboxes. */
export const SECTION_CHOICES = { overdue: 'overdue', dueToday: 'due_today' } as const;
export const OPTION_CHOICES = { postWhenEmpty: 'post_when_empty', preview: 'preview' } as const;

/** What "Also due in the next…" offers, in days (0: nothing ahead). */
const UPCOMING_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7, 10, 14, 21, MAX_DUE_WITHIN_DAYS] as const;

/** What the form starts with: a new digest's defaults or the digest being edited. */
export interface DigestFormInitial {
  projectIds: readonly number[];
  /** HH:mm. */
  time: string;
  timeZone: string;
  days: readonly number[];
  sections: DigestSections;
  statuses: readonly string[];
  assigneeIds: readonly number[];
  postWhenEmpty: boolean;
}

interface DigestFormModel {
  privateMetadata: string;
  /** Where the digest goes, mrkdwn: "<#C123>" or "you, by direct message". */
  destination: string;
  /** Active projects to choose from (at most 100 are offered). */
  projects: ReadonlyArray<{ id: number; name: string }>;
  /** Members to filter by; none leaves the assignee filter out. */
  members: ReadonlyArray<{ id: number; name: string; email?: string }>;
  initial: DigestFormInitial;
  /** Editing an existing digest (the title says so). Default false. */
  editing?: boolean;
}

function checkboxes(
  field: { block: string; action: string },
  label: string,
  options: PlainTextOption[],
  chosen: readonly string[],
  settings: { optional?: boolean; hint?: string } = {},
): InputBlock {
  const initial = options.filter((o) => chosen.includes(o.value ?? ''));
  const element: InputBlock['element'] = {
    type: 'checkboxes',
    action_id: field.action,
    options,
    // Slack refuses an empty initial_options.
    ...(initial.length > 0 ? { initial_options: initial } : {}),
  };
  return inputBlock(field, label, element, settings);
}

function multiSelect(
  field: { block: string; action: string },
  label: string,
  options: PlainTextOption[],
  chosen: readonly string[],
  settings: { optional?: boolean; placeholder: string; hint?: string },
): InputBlock {
  const shown = options.slice(0, LIMITS.staticSelectOptions);
  const initial = shown.filter((o) => chosen.includes(o.value ?? ''));
  const element: InputBlock['element'] = {
    type: 'multi_static_select',
    action_id: field.action,
    placeholder: plainText(settings.placeholder, LIMITS.placeholder),
    options: shown,
    ...(initial.length > 0 ? { initial_options: initial } : {}),
  };
  return inputBlock(field, label, element, settings);
}

function upcomingLabel(days: number): string {
  if (days === 0) return 'Nothing ahead';
  return days === 1 ? 'Tomorrow' : `The next ${days} days`;
}

export function renderDigestForm(model: DigestFormModel, now: Date): ModalView {
  const { initial } = model;
  const blocks: KnownBlock[] = [formNote(`Posts to ${model.destination}.`)];

  const projectOptions = model.projects.map((p) => option(p.name, String(p.id)));
  blocks.push(
    multiSelect(
      F.projects,
      'Projects',
      projectOptions,
      initial.projectIds.map(String),
      model.projects.length > LIMITS.staticSelectOptions
        ? {
            placeholder: 'Choose projects',
            hint: `The first ${LIMITS.staticSelectOptions} projects are listed.`,
          }
        : { placeholder: 'Choose projects' },
    ),
  );

  blocks.push({
    type: 'input',
    block_id: F.time.block,
    label: plainText('Time of day', LIMITS.inputLabel),
    element: { type: 'timepicker', action_id: F.time.action, initial_time: initial.time },
  });

  blocks.push({
    type: 'input',
    block_id: F.timeZone.block,
    label: plainText('Time zone', LIMITS.inputLabel),
    hint: plainText('The digest follows this zone’s clock changes.', LIMITS.inputHint),
    element: {
      type: 'external_select',
      action_id: F.timeZone.action,
      min_query_length: 0,
      placeholder: plainText('Search zones, e.g. London', LIMITS.placeholder),
      initial_option: zoneOption(initial.timeZone, now),
    },
  });

  const dayOptions = [1, 2, 3, 4, 5, 6, 7].map((d) => option(DAY_LABELS[d] ?? String(d), String(d)));
  blocks.push(checkboxes(F.days, 'Days', dayOptions, initial.days.map(String)));

  const sectionOptions = [
    option('Overdue', SECTION_CHOICES.overdue),
    option('Due today', SECTION_CHOICES.dueToday),
  ];
  const sections = [
    initial.sections.overdue ? SECTION_CHOICES.overdue : '',
    initial.sections.dueToday ? SECTION_CHOICES.dueToday : '',
  ];
  blocks.push(checkboxes(F.sections, 'Show tasks that are', sectionOptions, sections, { optional: true }));

  const upcoming = UPCOMING_CHOICES.map((d) => option(upcomingLabel(d), String(d)));
  const initialUpcoming =
    upcoming.find((o) => o.value === String(initial.sections.dueWithinDays)) ?? upcoming[0];
  blocks.push({
    type: 'input',
    block_id: F.upcomingDays.block,
    label: plainText('And tasks due in', LIMITS.inputLabel),
    element: {
      type: 'static_select',
      action_id: F.upcomingDays.action,
      options: upcoming,
      ...(initialUpcoming ? { initial_option: initialUpcoming } : {}),
    },
  });

  blocks.push(
    textInput(F.statuses, 'Only these statuses', {
      initial: initial.statuses.join(', '),
      optional: true,
      maxLength: 1000,
      placeholder: 'e.g. To do, In progress',
      hint: 'Comma-separated status names. Empty: every open status.',
    }),
  );

  if (model.members.length > 0) {
    const memberOptions = model.members.map((m) =>
      option(m.email ? `${m.name} (${m.email})` : m.name, String(m.id)),
    );
    blocks.push(
      multiSelect(F.assignees, 'Only tasks assigned to', memberOptions, initial.assigneeIds.map(String), {
        optional: true,
        placeholder: 'Anyone',
      }),
    );
  }

  const extraOptions = [
    option('Post even when nothing is due', OPTION_CHOICES.postWhenEmpty),
    option('Send a preview now', OPTION_CHOICES.preview),
  ];
  blocks.push(
    checkboxes(
      F.options,
      'Options',
      extraOptions,
      initial.postWhenEmpty ? [OPTION_CHOICES.postWhenEmpty] : [],
      { optional: true },
    ),
  );

  return formView({
    callbackId: DIGEST_VIEWS.form,
    title: model.editing ? 'Edit digest' : 'Schedule a digest',
    submit: 'Save',
    privateMetadata: model.privateMetadata,
    blocks,
  });
}
