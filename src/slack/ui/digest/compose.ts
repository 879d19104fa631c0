/**
 * The digest message as Block Kit, a pure function of the model and the clock. The same call
 * renders the first post and every edit in place after a task is done or snoozed; block ids carry
 * the render time, so an edited message gets new ones as Slack asks.
 * Limits: https://docs.slack.dev/reference/block-kit/blocks (50 blocks, section text ≤ 3000,
 * header ≤ 150, option value ≤ 75) and a text fallback ≤ 4000 characters, as BLOCK_KIT_LIMITS.
 */
import type { types } from '@slack/bolt';
import { type DigestMessage, type DigestMessageModel, STALE_LIST_MS } from '../../../digest/messages.ts';
import type { DigestSelection, DigestTask } from '../../../digest/select.ts';
import { formatDueFallback } from '../../../lib/dates.ts';
import { BLOCK_KIT_LIMITS } from '../../../slack-platform/block-kit-limits.ts';
import { dueMrkdwn, slackDate } from '../../../slack-platform/date-tokens.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import { DIGEST_BLOCK_ID_PREFIX, DIGEST_TASK_MENU_ACTION_ID } from './ids.ts';
import {
  countPerPerson,
  fitRows,
  fullCost,
  type LayoutRow,
  type LayoutSection,
  layoutSections,
  type SectionKey,
  UNASSIGNED,
} from './layout.ts';
import { link, mention } from './mrkdwn.ts';
import { scheduleText } from './schedule-text.ts';
import { encodeTaskActionValue } from './task-action-value.ts';

type KnownBlock = types.KnownBlock;

const MAX_MESSAGE_BLOCKS = BLOCK_KIT_LIMITS.messageBlocks;
const MAX_SECTION_TEXT = BLOCK_KIT_LIMITS.sectionText;
const MAX_HEADER_TEXT = BLOCK_KIT_LIMITS.headerText;
const MAX_FALLBACK_TEXT = BLOCK_KIT_LIMITS.messageText;
/** Titles are cut here: a digest row is a reminder, the link leads to the whole task. */
const MAX_TITLE_CHARS = 150;
const MAX_NAME_CHARS = 80;
const MAX_CO_ASSIGNEES = 3;

const headerDates = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** "Tuesday 3 March" for 2026-03-03: the calendar date itself, whatever the zone. */
export function formatLocalDate(localDate: string): string {
  return headerDates.format(new Date(`${localDate}T00:00:00Z`));
}

function sectionLabel(key: SectionKey, dueWithinDays: number): string {
  if (key === 'overdue') return 'Overdue';
  if (key === 'dueToday') return 'Due today';
  return dueWithinDays === 1 ? 'Due tomorrow' : `Due in the next ${dueWithinDays} days`;
}

function sectionTotals(selection: DigestSelection, dueWithinDays: number): string[] {
  const parts: string[] = [];
  if (selection.overdue.length > 0) parts.push(`${selection.overdue.length} overdue`);
  if (selection.dueToday.length > 0) parts.push(`${selection.dueToday.length} due today`);
  if (selection.upcoming.length > 0) {
    parts.push(`${selection.upcoming.length} ${sectionLabel('upcoming', dueWithinDays).toLowerCase()}`);
  }
  return parts;
}

function personLabel(memberId: number, name: string, slackUserIds: ReadonlyMap<number, string>): string {
  if (memberId === UNASSIGNED) return '_Unassigned_';
  return mention(slackUserIds.get(memberId)) ?? `*${escapeMrkdwn(truncate(name, MAX_NAME_CHARS))}*`;
}

/** Adds lines while they fit in one section's text, ending with how many did not. */
function linesWithin(lines: readonly string[], max: number, more: (n: number) => string): string {
  let text = '';
  for (const [i, line] of lines.entries()) {
    const next = text ? `${text}\n${line}` : line;
    const tail = i < lines.length - 1 ? `\n${more(lines.length - i - 1)}` : '';
    if (next.length + tail.length > max) return `${text}\n${more(lines.length - i)}`.trim();
    text = next;
  }
  return text;
}

function summaryBlock(
  selection: DigestSelection,
  slackUserIds: ReadonlyMap<number, string>,
  blockId: string,
): KnownBlock {
  const lines = countPerPerson(selection).map((p) => {
    const counts = [p.due > 0 ? `${p.due} due` : '', p.overdue > 0 ? `${p.overdue} overdue` : '']
      .filter(Boolean)
      .join(', ');
    return `• ${personLabel(p.memberId, p.name, slackUserIds)}: ${counts}`;
  });
  const text = linesWithin(lines, MAX_SECTION_TEXT, (n) => `…and ${n} more ${n === 1 ? 'person' : 'people'}`);
  return { type: 'section', block_id: blockId, text: { type: 'mrkdwn', text } };
}

function rowBlock<T extends DigestTask>(
  model: DigestMessageModel<T>,
  row: LayoutRow<T>,
  blockId: string,
): KnownBlock {
  const { task } = row;
  const title = truncate(task.title.trim() || `Task ${task.id}`, MAX_TITLE_CHARS);
  const due = task.due_date ? new Date(task.due_date) : null;
  const dueText =
    due && !Number.isNaN(due.getTime()) ? ` · due ${dueMrkdwn(due, model.subscription.timeZone)}` : '';
  const others = task.assignees.filter((a) => a.id !== row.groupId);
  const withText =
    others.length > 0
      ? ` · with ${others
          .slice(0, MAX_CO_ASSIGNEES)
          .map((a) => personLabel(a.id, a.name, model.slackUserIds))
          .join(', ')}${others.length > MAX_CO_ASSIGNEES ? ` +${others.length - MAX_CO_ASSIGNEES}` : ''}`
      : '';
  // The number as the commands take it (`/task show 12`).
  let text = `\`#${task.id}\` ${link(model.taskUrl(task), title)}${dueText}${withText}`;
  // Only an absurdly long URL can push a row past the limit; the title alone still says what is due.
  if (text.length > MAX_SECTION_TEXT) {
    text = truncate(`\`#${task.id}\` *${escapeMrkdwn(title)}*${dueText}`, MAX_SECTION_TEXT);
  }
  const value = (action: 'done' | 'snooze_1d' | 'snooze_next_monday') =>
    encodeTaskActionValue({ action, subscriptionId: model.subscription.id, taskId: task.id });
  return {
    type: 'section',
    block_id: blockId,
    text: { type: 'mrkdwn', text },
    accessory: {
      type: 'overflow',
      action_id: DIGEST_TASK_MENU_ACTION_ID,
      options: [
        { text: { type: 'plain_text', text: 'Mark done' }, value: value('done') },
        { text: { type: 'plain_text', text: 'Snooze 1 day' }, value: value('snooze_1d') },
        { text: { type: 'plain_text', text: 'Snooze to next Monday' }, value: value('snooze_next_monday') },
      ],
    },
  };
}

/** "a", "a or b", "a, b or c". */
function orList(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '');
}

type BlockIds = (kind: string) => string;

/** Section titles, group headings and rows within `budget` blocks, then "and N more" if some did not fit. */
function taskBlocks<T extends DigestTask>(
  model: DigestMessageModel<T>,
  budget: number,
  blockId: BlockIds,
): KnownBlock[] {
  const dueWithinDays = model.subscription.sections.dueWithinDays;
  const sections = layoutSections(model.selection, new Set(model.subscription.filters.assigneeIds ?? []));
  const shown =
    fullCost(sections) <= budget ? sections.map((s) => s.rows.length) : fitRows(sections, budget - 1);
  const blocks: KnownBlock[] = [];
  const hidden: string[] = [];
  sections.forEach((section: LayoutSection<T>, s) => {
    const count = shown[s] ?? 0;
    const label = sectionLabel(section.key, dueWithinDays);
    if (count < section.rows.length)
      hidden.push(`${section.rows.length - count} more ${label.toLowerCase()}`);
    if (count === 0) return;
    blocks.push({
      type: 'section',
      block_id: blockId('s'),
      text: { type: 'mrkdwn', text: `*${label}* (${section.rows.length})` },
    });
    for (const row of section.rows.slice(0, count)) {
      if (row.startsGroup) {
        blocks.push({
          type: 'context',
          block_id: blockId('g'),
          elements: [{ type: 'mrkdwn', text: personLabel(row.groupId, row.groupName, model.slackUserIds) }],
        });
      }
      blocks.push(rowBlock(model, row, blockId('r')));
    }
  });
  if (hidden.length > 0) {
    const more = `…and ${hidden.join(', ')}.`;
    const withLink = model.moreUrl
      ? `${more} ${link(model.moreUrl, 'See them all')}`
      : `${more} \`/task list\` shows them all.`;
    blocks.push({
      type: 'section',
      block_id: blockId('m'),
      text: { type: 'mrkdwn', text: withLink.length <= MAX_SECTION_TEXT ? withLink : more },
    });
  }
  return blocks;
}

/**
 * The digest message, or null when nothing is due and the subscription does not post empty
 * digests. Sections are listed by assignee, each row with a menu (Done, Snooze); whatever does
 * not fit in 50 blocks is summed up in an "and N more" line linking to the full list.
 */
export function digestMessage<T extends DigestTask>(
  model: DigestMessageModel<T>,
  now: Date,
): DigestMessage | null {
  const { subscription, firing, selection } = model;
  const { timeZone } = subscription;
  const dueWithinDays = subscription.sections.dueWithinDays;
  const totals = sectionTotals(selection, dueWithinDays);
  if (totals.length === 0 && !subscription.postWhenEmpty) return null;

  const stamp = now.getTime().toString(36);
  let serial = 0;
  const blockId: BlockIds = (kind) => `${DIGEST_BLOCK_ID_PREFIX}:${kind}${serial++}:${stamp}`;
  // A preview must not pass for the day's digest: it is never redrawn, and the real one follows.
  const title = `${model.preview ? 'Preview: ' : ''}Due tasks for ${formatLocalDate(firing.localDate)}`;
  const head: KnownBlock[] = [
    {
      type: 'header',
      block_id: blockId('h'),
      text: { type: 'plain_text', text: truncate(title, MAX_HEADER_TEXT) },
    },
  ];
  if (model.preview) {
    const by = mention(model.preview.by);
    head.push({
      type: 'context',
      block_id: blockId('v'),
      elements: [
        {
          type: 'mrkdwn',
          text: `:eyes: *Preview*${by ? ` — sent by ${by}` : ''}, not updated after this. The scheduled digest posts at ${scheduleText(subscription, now)}.`,
        },
      ],
    });
  }
  if (firing.late) {
    const due = slackDate(
      firing.scheduledAt,
      '{time}',
      formatDueFallback(firing.scheduledAt, timeZone, true),
    );
    head.push({
      type: 'context',
      block_id: blockId('l'),
      elements: [{ type: 'mrkdwn', text: `:hourglass: Sent late: this digest was due at ${due}.` }],
    });
  }
  // Lists read well ahead (a slow service's lead can reach an hour) say when they were read.
  const listedAt =
    model.listedAt && now.getTime() - model.listedAt.getTime() > STALE_LIST_MS ? model.listedAt : now;
  const asOf = slackDate(
    listedAt,
    '{date_short_pretty} at {time}',
    formatDueFallback(listedAt, timeZone, true),
  );
  const foot: KnownBlock = {
    type: 'context',
    block_id: blockId('f'),
    elements: [{ type: 'mrkdwn', text: `As of ${asOf}` }],
  };
  const heading = `${title}${firing.late ? ' (sent late)' : ''}`;

  if (totals.length === 0) {
    const enabled = [
      subscription.sections.overdue ? 'overdue' : '',
      subscription.sections.dueToday ? 'due today' : '',
      dueWithinDays > 0 ? sectionLabel('upcoming', dueWithinDays).toLowerCase() : '',
    ].filter(Boolean);
    const nothing: KnownBlock = {
      type: 'section',
      block_id: blockId('e'),
      text: { type: 'mrkdwn', text: `:tada: Nothing ${orList(enabled)}.` },
    };
    return { text: `${heading}: nothing due.`, blocks: [...head, nothing, foot] };
  }

  const summary = summaryBlock(selection, model.slackUserIds, blockId('p'));
  // What is left of the 50 blocks after the header, late line, summary and footer.
  const budget = MAX_MESSAGE_BLOCKS - head.length - 2;
  return {
    text: truncate(`${heading}: ${totals.join(', ')}.`, MAX_FALLBACK_TEXT),
    blocks: [...head, summary, ...taskBlocks(model, budget, blockId), snoozeNote(foot)],
  };
}

/**
 * The footer under a digest with tasks: Snooze moves a task's due date for everyone who follows it,
 * which a person wanting only a nudge should know, with the way to get one.
 */
function snoozeNote(foot: KnownBlock): KnownBlock {
  if (foot.type !== 'context') return foot;
  return {
    ...foot,
    elements: [
      ...foot.elements,
      {
        type: 'mrkdwn',
        text: 'Snooze moves the due date for everyone; `/task remind ID WHEN` or a card’s Remind me reminds only you.',
      },
    ],
  };
}
