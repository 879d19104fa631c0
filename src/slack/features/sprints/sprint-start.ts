/**
 * Before a sprint starts, what would start: its tasks, dates, and the tasks without an assignee
 * or a due date, with Confirm. When another sprint is active, or dates are missing, the message
 * says so and offers the way forward instead of a Confirm that would fail.
 */
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { ActionsBlock, KnownBlock, RenderedMessage } from '../../ui/block-types.ts';
import { TEAM_ACTIONS } from '../../ui/ids.ts';
import { contextLine, LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';
import { dateRange, fallbackName, plural } from '../../ui/team/format.ts';
import { encodeRef } from '../../ui/team/values.ts';
import { type SprintModel, sprintName, sprintStatusText } from './sprint-parts.ts';

/** What starting would take in. */
export interface SprintScope {
  tasks: number;
  unassigned: number;
  undated: number;
  /** False when the service does not show which sprint a task is in: the counts mean nothing. */
  shown?: boolean | undefined;
}

interface SprintStartModel {
  sprint: SprintModel;
  projectName: string;
  scope: SprintScope;
  /** Another sprint already active in the project: starting must wait for it. */
  active: Pick<SprintModel, 'id' | 'project_id' | 'name'> | null;
  /** A line on top, mrkdwn (e.g. why an attempt to start did not). */
  notice?: string | null | undefined;
}

/** A button that shows another sprint's card. */
function showButton(sprint: Pick<SprintModel, 'id' | 'project_id' | 'name'>): ActionsBlock {
  return {
    type: 'actions',
    block_id: `sprint_active:${sprint.id}`,
    elements: [
      {
        type: 'button',
        action_id: TEAM_ACTIONS.sprintShow,
        text: plainText(`Show ${sprint.name}`, LIMITS.buttonText),
        value: encodeRef('sprint', [sprint.id, sprint.project_id]),
      },
    ],
  };
}

function scopeLine(model: SprintStartModel, now: Date): string {
  const { scope, sprint } = model;
  const counted = scope.shown !== false;
  const parts = [
    counted ? plural(scope.tasks, 'task') : 'its tasks are not shown by the service',
    sprint.details_shown === false
      ? 'dates not shown by the service'
      : (dateRange(sprint.start_date, sprint.end_date, now) ?? 'no dates yet'),
    counted && scope.unassigned > 0 ? `:bust_in_silhouette: ${scope.unassigned} without an assignee` : null,
    counted && scope.undated > 0 ? `:calendar: ${scope.undated} without a due date` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

export function renderSprintStart(model: SprintStartModel, now: Date): RenderedMessage {
  const { sprint } = model;
  const name = sprintName(sprint);
  const project = escapeWithin(model.projectName, 100);
  const value = encodeRef('sprint', [sprint.id, sprint.project_id]);
  const blocks: KnownBlock[] = [];
  if (model.notice) blocks.push({ type: 'section', text: mrkdwn(model.notice) });
  if (sprint.status !== 'planned') {
    blocks.push({
      type: 'section',
      text: mrkdwn(
        `${name} can't start: it is ${sprintStatusText(sprint.status)}, and only a planned sprint starts.`,
      ),
    });
    blocks.push(showButton(sprint));
    return {
      text: `${fallbackName(sprint.name)} is ${fallbackName(sprint.status)}: only a planned sprint starts.`,
      blocks,
    };
  }
  blocks.push({
    type: 'section',
    text: mrkdwn(`Start ${name} in *${project}*?\n${scopeLine(model, now)}`),
  });
  if (model.active) {
    blocks.push({
      type: 'section',
      text: mrkdwn(
        `:no_entry: ${sprintName(model.active)} is already active in *${project}*: a project runs one sprint at a time. Complete it first.`,
      ),
    });
    blocks.push(showButton(model.active));
    return {
      text: `${fallbackName(sprint.name)} can't start: ${fallbackName(model.active.name)} is already active in ${fallbackName(model.projectName)}.`,
      blocks,
    };
  }
  const needsDates = !sprint.end_date;
  if (needsDates) {
    blocks.push(
      contextLine(
        sprint.details_shown === false
          ? ':calendar: The service does not show its dates: pick them to start it.'
          : ':calendar: It has no end date yet: pick its dates to start it.',
      ),
    );
  }
  blocks.push({
    type: 'actions',
    block_id: `sprint_confirm:${sprint.id}`,
    elements: [
      needsDates
        ? {
            type: 'button',
            action_id: TEAM_ACTIONS.sprintSetDates,
            style: 'primary',
            text: plainText('Pick dates and start…', LIMITS.buttonText),
            value,
          }
        : {
            type: 'button',
            action_id: TEAM_ACTIONS.sprintConfirmStart,
            style: 'primary',
            text: plainText('Confirm: start it', LIMITS.buttonText),
            value,
          },
      {
        type: 'button',
        action_id: TEAM_ACTIONS.dismiss,
        text: plainText('Cancel', LIMITS.buttonText),
        value: 'cancel',
      },
    ],
  });
  return {
    text: `Start ${fallbackName(sprint.name)} in ${fallbackName(model.projectName)}?${model.scope.shown === false ? '' : ` ${plural(model.scope.tasks, 'task')}.`}`,
    blocks,
  };
}
