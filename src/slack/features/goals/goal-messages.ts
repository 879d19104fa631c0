/**
 * Goals (OKRs): each with its status and overall progress, and each key result's bar with its
 * start → current → target and unit; buttons to update the goal or add a key result.
 */
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock, RenderedMessage } from '../../ui/block-types.ts';
import { TEAM_ACTIONS } from '../../ui/ids.ts';
import { contextLine, LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';
import {
  calendarDate,
  fallbackName,
  fallbackText,
  formatNumber,
  percentText,
  progressBar,
} from '../../ui/team/format.ts';
import { encodeRef } from '../../ui/team/values.ts';

interface KeyResultModel {
  title: string;
  type: string;
  start_value: number;
  current_value: number;
  target_value: number;
  unit: string | null;
  progress: number;
}

interface GoalModel {
  id: number;
  title: string;
  status: string;
  progress: number;
  project_id: number | null;
  owner: { name: string } | null;
  due_date: string | null;
  targets: readonly KeyResultModel[];
  /** False when the service showed neither key results nor a progress (then neither is drawn). */
  progress_shown?: boolean;
}

interface GoalListModel {
  title: string;
  goals: readonly GoalModel[];
  /** Project id → name, for the goals tied to a project. */
  projectNames: ReadonlyMap<number, string>;
  /** Goals left out of this message. */
  more: number;
  /** A line on top, mrkdwn. */
  notice?: string | null | undefined;
}

export const GOAL_STATUS_TEXT: Readonly<Record<string, string>> = {
  on_track: ':large_green_circle: On track',
  at_risk: ':large_yellow_circle: At risk',
  off_track: ':red_circle: Off track',
  done: ':white_check_mark: Done',
};

export function goalStatusText(status: string): string {
  if (status === 'unknown') return ':grey_question: Status not shown by the service';
  return GOAL_STATUS_TEXT[status] ?? `:grey_question: ${escapeWithin(status, 40)}`;
}

/** Blocks per goal: its section, its key results, its buttons. */
const BLOCKS_PER_GOAL = 3;
/** Key results shown per goal; the rest are counted. */
const MAX_KEY_RESULTS = 10;

function withUnit(value: number, unit: string | null): string {
  const number = formatNumber(value);
  if (!unit) return number;
  const u = escapeWithin(unit, 32);
  return unit === '%' ? `${number}%` : `${number} ${u}`;
}

/** One key result: its bar, and start → current → target in its unit. */
function keyResultLine(kr: KeyResultModel): string {
  const title = escapeWithin(kr.title, 120);
  if (kr.type === 'boolean') {
    const done = kr.progress >= 100;
    return `• ${done ? ':white_check_mark:' : ':white_large_square:'} ${title} · ${done ? 'done' : 'not yet'}`;
  }
  const path = `${withUnit(kr.start_value, kr.unit)} → *${withUnit(kr.current_value, kr.unit)}* → ${withUnit(kr.target_value, kr.unit)}`;
  return `• ${title} ${progressBar(kr.progress)} ${percentText(kr.progress)} · ${path}`;
}

function goalBlocks(goal: GoalModel, model: GoalListModel, now: Date): KnownBlock[] {
  const project = goal.project_id === null ? null : model.projectNames.get(goal.project_id);
  const facts = [
    project ? escapeWithin(project, 100) : null,
    goal.owner ? `owner ${escapeWithin(goal.owner.name, 100)}` : null,
    goal.due_date ? `due ${calendarDate(goal.due_date, now)}` : null,
    `number ${goal.id}`,
  ].filter(Boolean);
  const shown = goal.progress_shown !== false;
  const progress = shown ? `${progressBar(goal.progress)} ${percentText(goal.progress)} · ` : '';
  const head = `*${escapeWithin(goal.title, 300)}* · ${goalStatusText(goal.status)}\n${progress}${facts.join(' · ')}`;
  // Ten short lines (titles are capped) stay well within one section's 3000 characters.
  const lines = goal.targets.slice(0, MAX_KEY_RESULTS).map(keyResultLine);
  const hidden = goal.targets.length - lines.length;
  if (hidden > 0) lines.push(`…and ${hidden} more key results`);
  const results: KnownBlock =
    lines.length > 0
      ? { type: 'section', text: mrkdwn(lines.join('\n')) }
      : contextLine(shown ? 'No key results yet.' : 'Key results and progress: not shown by the service.');
  const value = encodeRef('goal', [goal.id]);
  return [
    { type: 'section', text: mrkdwn(head) },
    results,
    {
      type: 'actions',
      block_id: `goal:${goal.id}`,
      elements: [
        {
          type: 'button',
          action_id: TEAM_ACTIONS.goalEdit,
          text: plainText('Update…', LIMITS.buttonText),
          value,
        },
        {
          type: 'button',
          action_id: TEAM_ACTIONS.goalAddKeyResult,
          text: plainText('Add key result…', LIMITS.buttonText),
          value,
        },
      ],
    },
  ];
}

export function renderGoalList(model: GoalListModel, now: Date): RenderedMessage {
  const blocks: KnownBlock[] = [];
  if (model.notice) blocks.push({ type: 'section', text: mrkdwn(model.notice) });
  blocks.push({ type: 'header', text: plainText(model.title, LIMITS.headerText) });
  if (model.goals.length === 0) blocks.push({ type: 'section', text: mrkdwn('No goals here yet.') });
  const room = Math.floor((LIMITS.messageBlocks - blocks.length - 1) / BLOCKS_PER_GOAL);
  const shown = model.goals.slice(0, room);
  for (const goal of shown) blocks.push(...goalBlocks(goal, model, now));
  const more = model.more + model.goals.length - shown.length;
  blocks.push(
    contextLine(
      `${more > 0 ? `…and ${more} more goals. ` : ''}\`/task goal new\` sets a goal; \`/task goal status ID at risk\` updates one.`,
    ),
  );
  const summary = shown.map((g) => `${fallbackName(g.title)} (${percentText(g.progress)})`).join('; ');
  return { text: fallbackText(`${fallbackName(model.title)}: ${summary || 'none'}`), blocks };
}
