/**
 * The sprint forms: planning a new sprint (name, goal, dates, and the project when the command
 * did not name one), and the dates a sprint needs before it can start. Each reader checks what
 * Slack sent back and answers per-field errors before anything reaches the service.
 */

import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock, ModalView, PlainTextOption } from '../../ui/block-types.ts';
import { SPRINT_FIELDS as F, TEAM_VIEWS } from '../../ui/ids.ts';
import { option } from '../../ui/limits.ts';
import { selectedDate, selectedValue, textValue } from '../../ui/modals/view-state.ts';
import {
  checkDateOrder,
  datePicker,
  type FormResult,
  formNote,
  formView,
  staticSelect,
  textInput,
} from '../../ui/team/modal-parts.ts';

/** The contract's limits (CreateSprintBodySchema): name 1..255, goal up to 20 000. */
const MAX_SPRINT_NAME = 255;
const MAX_SPRINT_GOAL = 3000;

interface NewSprintFormModel {
  privateMetadata: string;
  /** The project, when known; otherwise `projects` are offered. */
  project: { id: number; name: string } | null;
  projects: ReadonlyArray<{ id: number; name: string }>;
  initialName?: string | null | undefined;
}

export function renderNewSprintForm(model: NewSprintFormModel): ModalView {
  const blocks: KnownBlock[] = [];
  if (model.project) {
    blocks.push(formNote(`Project: *${escapeWithin(model.project.name, 200)}*`));
  } else {
    const options: PlainTextOption[] = model.projects.map((p) => option(p.name, String(p.id)));
    blocks.push(staticSelect(F.project, 'Project', options, { placeholder: 'Choose a project' }));
  }
  blocks.push(
    textInput(F.name, 'Name', {
      initial: model.initialName,
      maxLength: MAX_SPRINT_NAME,
      placeholder: 'Sprint 2',
    }),
    textInput(F.goal, 'Goal', { multiline: true, optional: true, maxLength: MAX_SPRINT_GOAL }),
    datePicker(F.startDate, 'Start date'),
    datePicker(F.endDate, 'End date', { hint: 'A sprint needs an end date before it can start.' }),
  );
  return formView({
    callbackId: TEAM_VIEWS.sprintNew,
    title: 'Plan a sprint',
    submit: 'Create',
    privateMetadata: model.privateMetadata,
    blocks,
  });
}

interface NewSprintSubmission {
  /** Null when the form had no project field (the metadata names it). */
  projectId: number | null;
  name: string;
  goal: string | null;
  startDate: string | null;
  endDate: string | null;
}

export function readNewSprintForm(
  values: unknown,
  hasProjectField: boolean,
): FormResult<NewSprintSubmission> {
  const errors: Record<string, string> = {};
  const name = textValue(values, F.name).trim();
  if (!name) errors[F.name.block] = 'Give the sprint a name.';
  if (name.length > MAX_SPRINT_NAME) errors[F.name.block] = `At most ${MAX_SPRINT_NAME} characters.`;
  let projectId: number | null = null;
  if (hasProjectField) {
    const chosen = Number(selectedValue(values, F.project));
    if (Number.isSafeInteger(chosen) && chosen > 0) projectId = chosen;
    else errors[F.project.block] = 'Choose the project the sprint belongs to.';
  }
  const startDate = selectedDate(values, F.startDate);
  const endDate = selectedDate(values, F.endDate);
  Object.assign(errors, checkDateOrder(startDate, endDate, F.endDate.block));
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const goal = textValue(values, F.goal).trim();
  return { ok: true, value: { projectId, name, goal: goal || null, startDate, endDate } };
}

interface StartDatesFormModel {
  privateMetadata: string;
  sprintName: string;
  projectName: string;
  /** Initial picks: the sprint's own dates, else today for the start. */
  startDate: string | null;
  endDate: string | null;
}

export function renderStartDatesForm(model: StartDatesFormModel): ModalView {
  return formView({
    callbackId: TEAM_VIEWS.sprintStartDates,
    title: 'Start the sprint',
    submit: 'Start',
    privateMetadata: model.privateMetadata,
    blocks: [
      formNote(
        `*${escapeWithin(model.sprintName, 200)}* in ${escapeWithin(model.projectName, 200)} needs an end date to start.`,
      ),
      datePicker(F.startDate, 'Start date', { initial: model.startDate }),
      datePicker(F.endDate, 'End date', { initial: model.endDate, optional: false }),
    ],
  });
}

export function readStartDatesForm(
  values: unknown,
): FormResult<{ startDate: string | null; endDate: string }> {
  const startDate = selectedDate(values, F.startDate);
  const endDate = selectedDate(values, F.endDate);
  if (!endDate) return { ok: false, errors: { [F.endDate.block]: 'Pick the day the sprint ends.' } };
  const order = checkDateOrder(startDate, endDate, F.endDate.block);
  if (Object.keys(order).length > 0) return { ok: false, errors: order };
  return { ok: true, value: { startDate, endDate } };
}
