/**
 * One sprint as a card: a "Start" button while it is planned; once active, its report (done
 * versus remaining, days left, the tasks at risk of missing it).
 */
import { toLocalDateString } from '../../../lib/dates.ts';
import { escapeWithin, slackLink } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock, RenderedMessage } from '../../ui/block-types.ts';
import { TEAM_ACTIONS } from '../../ui/ids.ts';
import { contextLine, LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';
import {
  daysBetween,
  fallbackName,
  percentText,
  plural,
  progressBar,
  shareOf,
} from '../../ui/team/format.ts';
import { linesToSections } from '../../ui/team/sections.ts';
import { encodeRef } from '../../ui/team/values.ts';
import { type SprintModel, sprintSummaryLine } from './sprint-parts.ts';

/** A task that may miss the sprint, and why, in words ("overdue", "no assignee"…). */
export interface AtRiskTask {
  id: number;
  title: string;
  reasons: readonly string[];
  url?: string | null | undefined;
}

export interface SprintReportModel {
  done: number;
  total: number;
  atRisk: readonly AtRiskTask[];
  /** False when the service does not show which sprint a task is in: nothing can be counted. */
  tasksShown?: boolean | undefined;
}

interface SprintCardModel {
  sprint: SprintModel;
  projectName: string;
  /** The report of an active sprint; null when not active or not available. */
  report: SprintReportModel | null;
  /** The reader's zone: it decides which day "today" is. */
  timeZone: string;
  /** A line above the card, mrkdwn (e.g. "Started by @ana"). */
  notice?: string | null | undefined;
}

/** At-risk rows shown at most; the rest are counted. */
const MAX_AT_RISK = 10;

/** "4 days left", "ends today", "ended 2 days ago"; null without an end date. */
function daysLeftText(endDate: string | null, timeZone: string, now: Date): string | null {
  if (!endDate) return null;
  const left = daysBetween(toLocalDateString(now, timeZone), endDate);
  if (left === null) return null;
  if (left > 0) return `${plural(left, 'day')} left`;
  if (left === 0) return 'ends today';
  return `ended ${plural(-left, 'day')} ago`;
}

function reportBlocks(model: SprintCardModel, report: SprintReportModel, now: Date): KnownBlock[] {
  if (report.tasksShown === false) {
    const left = daysLeftText(model.sprint.end_date, model.timeZone, now);
    return [
      contextLine(
        `:grey_question: Done, remaining and risks: not shown, as the service does not show which sprint a task is in.${left ? ` ${left}.` : ''}`,
      ),
    ];
  }
  const remaining = Math.max(0, report.total - report.done);
  const share = shareOf(report.done, report.total);
  const left = daysLeftText(model.sprint.end_date, model.timeZone, now) ?? 'no end date';
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      fields: [
        mrkdwn(`*Done*\n${report.done} of ${report.total}`, LIMITS.fieldText),
        mrkdwn(`*Remaining*\n${remaining}`, LIMITS.fieldText),
        mrkdwn(`*Time*\n${left}`, LIMITS.fieldText),
        mrkdwn(`*Progress*\n${progressBar(share)} ${percentText(share)}`, LIMITS.fieldText),
      ],
    },
  ];
  if (report.atRisk.length === 0) {
    blocks.push(contextLine(':white_check_mark: No task looks at risk.'));
    return blocks;
  }
  const lines = report.atRisk.map(
    (t) =>
      `• ${slackLink(t.url, `#${t.id} ${t.title.slice(0, 150)}`)}: ${escapeWithin(t.reasons.join(', '), 200)}`,
  );
  blocks.push({ type: 'section', text: mrkdwn(`:warning: *At risk* (${report.atRisk.length})`) });
  blocks.push(
    ...linesToSections(lines, {
      maxBlocks: 2,
      maxLines: MAX_AT_RISK,
      more: (n) => `…and ${n} more at risk: \`/task list\` shows every task.`,
    }),
  );
  return blocks;
}

export function renderSprintCard(model: SprintCardModel, now: Date): RenderedMessage {
  const { sprint } = model;
  const blocks: KnownBlock[] = [];
  if (model.notice) blocks.push({ type: 'section', text: mrkdwn(model.notice) });
  blocks.push({ type: 'header', text: plainText(sprint.name, LIMITS.headerText) });
  const goal = sprint.goal ? `\n_${escapeWithin(sprint.goal, 1000)}_` : '';
  blocks.push({
    type: 'section',
    text: mrkdwn(`${escapeWithin(model.projectName, 100)} · ${sprintSummaryLine(sprint, now)}${goal}`),
  });
  if (sprint.status === 'planned') {
    blocks.push({
      type: 'actions',
      block_id: `sprint_card:${sprint.id}`,
      elements: [
        {
          type: 'button',
          action_id: TEAM_ACTIONS.sprintStart,
          style: 'primary',
          text: plainText('Start…', LIMITS.buttonText),
          value: encodeRef('sprint', [sprint.id, sprint.project_id]),
        },
      ],
    });
  }
  if (sprint.status === 'active' && model.report) blocks.push(...reportBlocks(model, model.report, now));
  const report = model.report;
  const summary =
    sprint.status === 'active' && report
      ? `: ${report.done} of ${report.total} done, ${daysLeftText(sprint.end_date, model.timeZone, now) ?? 'no end date'}`
      : '';
  return { text: `Sprint ${fallbackName(sprint.name)} (${fallbackName(sprint.status)})${summary}`, blocks };
}
