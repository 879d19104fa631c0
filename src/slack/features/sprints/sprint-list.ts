/**
 * `/task sprint`: a project's sprints, each with its status, dates and a bar of done versus all
 * tasks; "Start" on planned sprints, "Report" on the active one.
 */
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { Button, KnownBlock, RenderedMessage } from '../../ui/block-types.ts';
import { TEAM_ACTIONS } from '../../ui/ids.ts';
import { capBlocks, contextLine, LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';
import { fallbackName, percentText, progressBar, projectArgument, shareOf } from '../../ui/team/format.ts';
import { encodeRef } from '../../ui/team/values.ts';
import { type SprintModel, sprintName, sprintSummaryLine } from './sprint-parts.ts';

interface SprintListModel {
  project: { id: number; name: string };
  /** In the order to show; `done` is null when it could not be counted. */
  sprints: ReadonlyArray<{ sprint: SprintModel; done: number | null | 'not shown' }>;
  /** Older sprints left out of the list. */
  hidden?: number | undefined;
}

function rowButton(sprint: SprintModel): Button | null {
  const value = encodeRef('sprint', [sprint.id, sprint.project_id]);
  if (sprint.status === 'planned') {
    return {
      type: 'button',
      action_id: TEAM_ACTIONS.sprintStart,
      text: plainText('Start…', LIMITS.buttonText),
      value,
    };
  }
  if (sprint.status === 'active') {
    return {
      type: 'button',
      action_id: TEAM_ACTIONS.sprintShow,
      text: plainText('Report', LIMITS.buttonText),
      value,
    };
  }
  return null;
}

function progressLine(sprint: SprintModel, done: number | null | 'not shown'): string {
  if (done === 'not shown')
    return '_progress not shown: the service does not show which sprint a task is in_';
  if (done === null) return '_progress unavailable_';
  const all = Math.max(sprint.tasks_count ?? 0, done);
  if (all === 0) return '_no tasks yet_';
  const share = shareOf(done, all);
  return `${progressBar(share)} ${done}/${all} done (${percentText(share)})`;
}

export function renderSprintList(model: SprintListModel, now: Date): RenderedMessage {
  const project = escapeWithin(model.project.name, 100);
  const blocks: KnownBlock[] = [
    { type: 'header', text: plainText(`Sprints · ${model.project.name}`, LIMITS.headerText) },
  ];
  if (model.sprints.length === 0) {
    blocks.push({ type: 'section', text: mrkdwn(`*${project}* has no sprints yet.`) });
  }
  const rows: KnownBlock[] = model.sprints.map(({ sprint, done }) => {
    const text = `${sprintName(sprint)}\n${sprintSummaryLine(sprint, now)}\n${progressLine(sprint, done)}`;
    const button = rowButton(sprint);
    return { type: 'section', text: mrkdwn(text), ...(button ? { accessory: button } : {}) };
  });
  const footer = contextLine(
    `\`/task sprint new ${escapeWithin(projectArgument(model.project.name), 120)}\` plans another sprint.`,
  );
  if (model.hidden) rows.push(contextLine(`…and ${model.hidden} older completed sprints.`));
  blocks.push(...capBlocks(rows, LIMITS.messageBlocks - blocks.length - 1), footer);
  const active = model.sprints.find((s) => s.sprint.status === 'active');
  return {
    text: `Sprints of ${fallbackName(model.project.name)}: ${model.sprints.length}${active ? `, ${fallbackName(active.sprint.name)} active` : ''}`,
    blocks,
  };
}
