/** The goal form (create or update): title, description, status, project, dates. */
import { GOAL_STATUSES, type GoalStatus } from '../../../contract/index.ts';
import type { KnownBlock, ModalView } from '../../ui/block-types.ts';
import { GOAL_FIELDS as F, TEAM_VIEWS } from '../../ui/ids.ts';
import { option } from '../../ui/limits.ts';
import { selectedDate, selectedValue, textValue } from '../../ui/modals/view-state.ts';
import {
  checkDateOrder,
  datePicker,
  type FormResult,
  formView,
  idValue,
  staticSelect,
  textInput,
} from '../../ui/team/modal-parts.ts';
import { GOAL_STATUS_TEXT } from './goal-messages.ts';

/** The contract's limits (CreateGoalBodySchema): title 1..500. */
const MAX_GOAL_TITLE = 500;
const MAX_GOAL_DESCRIPTION = 3000;
const NO_PROJECT = 'none';

interface GoalFormModel {
  privateMetadata: string;
  /** The goal being updated; null to create one. */
  goal: {
    title: string;
    description: string | null;
    status: string;
    project_id: number | null;
    start_date: string | null;
    due_date: string | null;
  } | null;
  /** Workspaces to choose from when creating in more than one. */
  workspaces: ReadonlyArray<{ id: number; name: string }>;
  projects: ReadonlyArray<{ id: number; name: string }>;
  /** Preselected project for a new goal. */
  projectId?: number | null | undefined;
}

function statusLabel(status: GoalStatus): string {
  return (GOAL_STATUS_TEXT[status] ?? status).replace(/^:[a-z_]+: /, '');
}

export function renderGoalForm(model: GoalFormModel): ModalView {
  const g = model.goal;
  const blocks: KnownBlock[] = [];
  if (!g && model.workspaces.length > 1) {
    blocks.push(
      staticSelect(
        F.workspace,
        'Workspace',
        model.workspaces.map((w) => option(w.name, String(w.id))),
        {
          initial: String(model.workspaces[0]?.id),
        },
      ),
    );
  }
  const projectOptions = [
    option('No project', NO_PROJECT),
    ...model.projects.map((p) => option(p.name, String(p.id))),
  ];
  const projectId = g ? g.project_id : (model.projectId ?? null);
  blocks.push(
    textInput(F.title, 'Objective', {
      initial: g?.title,
      maxLength: MAX_GOAL_TITLE,
      placeholder: 'Grow sign-ups',
    }),
    textInput(F.description, 'Description', {
      initial: g?.description,
      multiline: true,
      optional: true,
      maxLength: MAX_GOAL_DESCRIPTION,
    }),
    staticSelect(
      F.status,
      'Status',
      GOAL_STATUSES.map((s) => option(statusLabel(s), s)),
      {
        // A status the service does not show (or one Taskbridge does not know) preselects the usual one.
        initial: g && (GOAL_STATUSES as readonly string[]).includes(g.status) ? g.status : 'on_track',
      },
    ),
    staticSelect(F.project, 'Project', projectOptions, {
      initial: projectId === null ? NO_PROJECT : String(projectId),
      optional: true,
    }),
    datePicker(F.startDate, 'Start date', { initial: g?.start_date }),
    datePicker(F.dueDate, 'Due date', { initial: g?.due_date }),
  );
  return formView({
    callbackId: TEAM_VIEWS.goalForm,
    title: g ? 'Update goal' : 'New goal',
    submit: g ? 'Save' : 'Create',
    privateMetadata: model.privateMetadata,
    blocks,
  });
}

interface GoalSubmission {
  workspaceId: number | null;
  title: string;
  description: string | null;
  status: GoalStatus;
  projectId: number | null;
  startDate: string | null;
  dueDate: string | null;
}

export function readGoalForm(values: unknown, hasWorkspaceField: boolean): FormResult<GoalSubmission> {
  const errors: Record<string, string> = {};
  const title = textValue(values, F.title).trim();
  if (!title) errors[F.title.block] = 'Say what the objective is.';
  else if (title.length > MAX_GOAL_TITLE) errors[F.title.block] = `At most ${MAX_GOAL_TITLE} characters.`;
  const chosenStatus = selectedValue(values, F.status) ?? 'on_track';
  const status = GOAL_STATUSES.find((s) => s === chosenStatus);
  if (!status) errors[F.status.block] = 'Choose a status.';
  const workspaceId = hasWorkspaceField ? idValue(selectedValue(values, F.workspace)) : null;
  if (hasWorkspaceField && workspaceId === null) errors[F.workspace.block] = 'Choose a workspace.';
  const project = selectedValue(values, F.project);
  const projectId = project === null || project === NO_PROJECT ? null : idValue(project);
  if (project !== null && project !== NO_PROJECT && projectId === null)
    errors[F.project.block] = 'Choose a project.';
  const startDate = selectedDate(values, F.startDate);
  const dueDate = selectedDate(values, F.dueDate);
  Object.assign(errors, checkDateOrder(startDate, dueDate, F.dueDate.block));
  if (Object.keys(errors).length > 0 || !status) return { ok: false, errors };
  const description = textValue(values, F.description).trim();
  return {
    ok: true,
    value: { workspaceId, title, description: description || null, status, projectId, startDate, dueDate },
  };
}
