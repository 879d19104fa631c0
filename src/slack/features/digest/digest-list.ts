/**
 * `/task digest show` (and `off` when a channel has several): the channel's digests, each with its
 * schedule, projects, sections, filters and next run, and Edit / Resume / Turn off buttons. Pure.
 */
import type { DigestSubscription } from '../../../digest/types.ts';
import { formatDueFallback } from '../../../lib/dates.ts';
import { slackDate } from '../../../slack-platform/date-tokens.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { Button, KnownBlock, RenderedMessage } from '../../ui/block-types.ts';
import { scheduleText, sectionsText } from '../../ui/digest/schedule-text.ts';
import { DIGEST_ACTIONS } from '../../ui/ids.ts';
import { capBlocks, contextLine, joinWithin, LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';

interface DigestListItem {
  subscription: DigestSubscription;
  /** When it next fires; null while paused. */
  next: Date | null;
}

interface DigestListModel {
  channelId: string;
  items: readonly DigestListItem[];
  /** Project id → name; an unknown id is shown as "project 12". */
  projectNames: ReadonlyMap<number, string>;
  /** Member id → name, for the assignee filter. */
  memberNames?: ReadonlyMap<number, string> | undefined;
  /** `off`: asks which to turn off, with a button for all of them. Default `show`. */
  purpose?: 'show' | 'off';
  /** A line on top about what just happened (mrkdwn). Default: none. */
  notice?: string | null | undefined;
}

function button(actionId: string, text: string, value: string, style?: 'primary' | 'danger'): Button {
  return {
    type: 'button',
    action_id: actionId,
    text: plainText(text, LIMITS.buttonText),
    value,
    ...(style ? { style } : {}),
  };
}

function turnOffButton(sub: DigestSubscription, label: string): Button {
  return {
    ...button(DIGEST_ACTIONS.remove, 'Turn off', sub.id, 'danger'),
    confirm: {
      title: plainText('Turn this digest off?', 100),
      text: plainText(`The ${label} digest stops and is removed.`, 300),
      confirm: plainText('Turn off', 30),
      deny: plainText('Keep it', 30),
    },
  };
}

function projectsText(sub: DigestSubscription, names: ReadonlyMap<number, string>): string {
  const list = sub.projectIds.map(
    (id) => `*${escapeMrkdwn(truncate(names.get(id) ?? `project ${id}`, 80))}*`,
  );
  return joinWithin(list, ', ', 1000);
}

function filtersText(sub: DigestSubscription, members: ReadonlyMap<number, string> | undefined): string {
  const parts: string[] = [];
  if (sub.filters.statuses?.length) {
    parts.push(`status ${escapeMrkdwn(truncate(sub.filters.statuses.join(', '), 300))}`);
  }
  if (sub.filters.assigneeIds?.length) {
    const who = sub.filters.assigneeIds.map((id) =>
      escapeMrkdwn(truncate(members?.get(id) ?? `member ${id}`, 60)),
    );
    parts.push(`assigned to ${joinWithin(who, ', ', 500)}`);
  }
  return parts.length > 0 ? ` · only ${parts.join('; ')}` : '';
}

function itemBlocks(item: DigestListItem, model: DigestListModel, now: Date): KnownBlock[] {
  const sub = item.subscription;
  const schedule = scheduleText(sub, now);
  const next = item.next
    ? `Next: ${slackDate(item.next, '{date_short_pretty} at {time}', formatDueFallback(item.next, sub.timeZone, true))}`
    : '';
  const paused = sub.paused
    ? `\n:double_vertical_bar: *Paused*: ${escapeMrkdwn(truncate(sub.paused.reason, 200))}. Add the app to the channel again, then Resume.`
    : '';
  const lines = [
    `:calendar: *${escapeMrkdwn(schedule)}* · ${projectsText(sub, model.projectNames)}`,
    `${sectionsText(sub.sections)}${filtersText(sub, model.memberNames)}${sub.postWhenEmpty ? ' · posts even when nothing is due' : ''}`,
    [next, `set up by <@${sub.createdBy}>`].filter(Boolean).join(' · '),
  ];
  const buttons: Button[] = [button(DIGEST_ACTIONS.edit, 'Edit', sub.id)];
  if (sub.paused) buttons.push(button(DIGEST_ACTIONS.resume, 'Resume', sub.id, 'primary'));
  buttons.push(turnOffButton(sub, schedule));
  return [
    { type: 'section', text: mrkdwn(`${lines.join('\n')}${paused}`) },
    { type: 'actions', block_id: `digest_item:${sub.id}`, elements: buttons },
  ];
}

export function renderDigestList(model: DigestListModel, now: Date): RenderedMessage {
  const where = `<#${model.channelId}>`;
  const count = model.items.length;
  const head: KnownBlock[] = [];
  if (model.notice) head.push({ type: 'section', text: mrkdwn(model.notice) });
  if (count === 0) {
    const text = `No digests are scheduled in ${where}. \`/task digest\` sets one up.`;
    return { text, blocks: [...head, { type: 'section', text: mrkdwn(text) }] };
  }
  const off = model.purpose === 'off';
  const title = off
    ? `${where} has ${count} digests. Which should stop?`
    : `${count === 1 ? 'One digest is' : `${count} digests are`} scheduled in ${where}:`;
  head.push({ type: 'section', text: mrkdwn(title) });
  const body = model.items.flatMap((item) => itemBlocks(item, model, now));
  const tail: KnownBlock[] = off
    ? [
        {
          type: 'actions',
          block_id: 'digest_all',
          elements: [
            {
              ...button(DIGEST_ACTIONS.removeAll, `Turn all ${count} off`, model.channelId, 'danger'),
              confirm: {
                title: plainText('Turn every digest off?', 100),
                text: plainText(`All ${count} digests of this channel stop and are removed.`, 300),
                confirm: plainText('Turn all off', 30),
                deny: plainText('Keep them', 30),
              },
            },
          ],
        },
      ]
    : [contextLine('`/task digest` adds another; `/task digest off` turns them off.')];
  const blocks = capBlocks([...head, ...body], LIMITS.messageBlocks - tail.length, (hidden) =>
    contextLine(`…and ${Math.ceil(hidden / 2)} more.`),
  );
  return {
    text: off ? `Which digest in ${where} should stop?` : `Digests in ${where}`,
    blocks: [...blocks, ...tail],
  };
}
