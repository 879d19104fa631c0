/** The direct messages of notifications: assigned to a task, tasks due tomorrow. Pure. */
import { escapeMrkdwn, escapeWithin, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock, RenderedMessage } from '../block-types.ts';
import { capBlocks, contextLine, LIMITS, mrkdwn } from '../limits.ts';
import { renderTaskCard, renderTaskRow, type TaskCardModel } from '../messages/task-card.ts';

const SWITCH_HINT = 'Switch these messages off on the app’s Home tab.';

export function renderAssignedDm(card: TaskCardModel, now: Date): RenderedMessage {
  const project = card.projectName ? ` in *${escapeMrkdwn(truncate(card.projectName, 100))}*` : '';
  const rendered = renderTaskCard(card, now);
  return {
    text: `You were assigned task #${card.task.id}: ${escapeWithin(truncate(card.task.title, 200), 300)}`,
    blocks: [
      { type: 'section', text: mrkdwn(`:bust_in_silhouette: You were assigned a task${project}.`) },
      ...rendered.blocks,
      contextLine(SWITCH_HINT),
    ],
  };
}

export function renderDueTomorrowDm(rows: readonly TaskCardModel[], now: Date): RenderedMessage {
  const count = rows.length;
  const head: KnownBlock = {
    type: 'section',
    text: mrkdwn(
      `:alarm_clock: ${count === 1 ? 'A task of yours is' : `${count} tasks of yours are`} due tomorrow.`,
    ),
  };
  const body = rows.map((row) => renderTaskRow(row, now));
  return {
    text: `${count} task${count === 1 ? '' : 's'} due tomorrow: ${escapeWithin(rows.map((r) => truncate(r.task.title, 80)).join(', '), 2000)}`,
    blocks: capBlocks([head, ...body, contextLine(SWITCH_HINT)], LIMITS.messageBlocks),
  };
}
