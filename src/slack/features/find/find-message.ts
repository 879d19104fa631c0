/**
 * `/task find`'s answer, only for the person who asked: the best matches as task rows (with Done),
 * each with "Share in channel" and "Remind me", the typeahead to jump to any other task, and, when
 * nothing matched, what there is to find.
 */
import type { TaskRecord } from '../../../api/index.ts';
import { resolveTimeZone } from '../../../lib/dates.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { ActionsBlock, KnownBlock, RenderedMessage } from '../../ui/block-types.ts';
import { ACTIONS } from '../../ui/ids.ts';
import { contextLine, LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';
import { remindMenu } from '../../ui/messages/remind-menu.ts';
import { renderTaskRow } from '../../ui/messages/task-card.ts';
import type { SlackUserIds } from '../../ui/messages/task-parts.ts';
import { encodeTaskRef } from '../../ui/values.ts';

/** Results shown; two blocks each keeps the message well within Slack's 50. */
const SHOWN_RESULTS = 10;

interface FindResultsModel {
  /** What was asked, as the person typed it (after `/task find`). */
  asked: string;
  results: readonly TaskRecord[];
  /** How many matched in all. */
  total: number;
  timeZone: string;
  slackUserIds?: SlackUserIds | undefined;
  taskUrl?: ((task: TaskRecord) => string | null | undefined) | undefined;
  isDone: (task: TaskRecord) => boolean;
  /** Plain sentences: how fresh the copy is, what could not be read. */
  notes: readonly string[];
  /** When nothing matched: what there is (mrkdwn). */
  whatExists?: string | undefined;
}

function pickRow(): ActionsBlock {
  return {
    type: 'actions',
    block_id: 'find_pick',
    elements: [
      {
        type: 'external_select',
        action_id: ACTIONS.findTaskPick,
        placeholder: plainText('Jump to a task by its title…', LIMITS.placeholder),
        min_query_length: 1,
      },
    ],
  };
}

export function renderFindResults(model: FindResultsModel, now: Date): RenderedMessage {
  const asked = escapeMrkdwn(truncate(model.asked, 200));
  const blocks: KnownBlock[] = [];
  const notes =
    model.notes.length > 0 ? [contextLine(escapeMrkdwn(truncate(model.notes.join(' '), 1500)))] : [];
  if (model.results.length === 0) {
    blocks.push({ type: 'section', text: mrkdwn(`Nothing matches “${asked}”.`) });
    if (model.whatExists) blocks.push({ type: 'section', text: mrkdwn(model.whatExists) });
    blocks.push(...notes, pickRow());
    return { text: `Nothing matches “${truncate(model.asked, 200)}”.`, blocks };
  }
  const count = `${model.total} task${model.total === 1 ? '' : 's'}`;
  blocks.push({ type: 'section', text: mrkdwn(`*${count} match “${asked}”*`) });
  const timeZone = resolveTimeZone(model.timeZone);
  for (const task of model.results.slice(0, SHOWN_RESULTS)) {
    const ref = { taskId: task.id, projectId: task.project_id };
    blocks.push(
      renderTaskRow({ task, url: model.taskUrl?.(task), slackUserIds: model.slackUserIds, timeZone }, now),
    );
    const done = model.isDone(task);
    blocks.push({
      type: 'actions',
      block_id: `find_acts_${task.id}`,
      elements: [
        {
          type: 'button',
          action_id: ACTIONS.taskShare,
          text: plainText('Share in channel', LIMITS.buttonText),
          value: encodeTaskRef(ref),
        },
        ...(done ? [] : [remindMenu(ref)]),
      ],
    });
  }
  if (model.total > SHOWN_RESULTS) {
    blocks.push(
      contextLine(
        `…and ${model.total - SHOWN_RESULTS} more: add a word, a #project or a person to narrow it.`,
      ),
    );
  }
  blocks.push(...notes, pickRow());
  return { text: `${count} match “${truncate(model.asked, 200)}”`, blocks };
}

/** While the view is read for the first time. */
export function renderFindReading(asked: string): RenderedMessage {
  const text = `:hourglass_flowing_sand: Taskbridge is reading every project’s tasks once, to look through them for “${escapeMrkdwn(truncate(asked, 200))}”. The results appear here when that is done; later searches are immediate.`;
  return { text, blocks: [{ type: 'section', text: mrkdwn(text) }] };
}
