/** What a channel follows, said back: after subscribing, in the list (with Edit and Remove), after removing. Pure. */
import { PROJECT_EVENT_KINDS } from '../../../notify/events/project-event.ts';
import type { Subscription, SubscriptionFilters } from '../../../notify/store/subscriptions.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import { FILTER_HELP } from '../../commands/verbs/notify.ts';
import type { KnownBlock, RenderedMessage } from '../../ui/block-types.ts';
import { NOTIFY_ACTIONS } from '../../ui/ids.ts';
import { capBlocks, contextLine, LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';
import { KIND_LABELS } from './event-kinds.ts';

const quote = (text: string) => (/\s/.test(text) ? `"${text}"` : text);

/** The filters in the syntax people type (the form's Filters field shows the same). */
export function filtersText(f: SubscriptionFilters): string {
  const person = (name: string) => `@${quote(name.split(/\s+/)[0] ?? name)}`;
  return [
    ...f.statuses.map((s) => `status:${quote(s)}`),
    ...f.priorities.map((p) => `!${p}`),
    ...f.assignees.map((m) => person(m.name)),
    ...f.text.map((t) => `"${t}"`),
    ...f.notStatuses.map((s) => `-status:${quote(s)}`),
    ...f.notPriorities.map((p) => `-!${p}`),
    ...f.notAssignees.map((m) => `-${person(m.name)}`),
    ...f.notText.map((t) => `not:"${t}"`),
  ].join(' ');
}

function describeSubscription(sub: Subscription): string {
  const all = PROJECT_EVENT_KINDS.every((k) => sub.events.includes(k));
  const events = all ? 'every event' : sub.events.map((k) => KIND_LABELS[k]).join(', ');
  const filters = filtersText(sub.filters);
  const parts = [`*${escapeMrkdwn(truncate(sub.projectName, 100))}*: ${events}`];
  parts.push(filters ? `filters \`${escapeMrkdwn(truncate(filters, 500))}\`` : 'no filters');
  if (sub.broadcast) parts.push('replies also sent to the channel');
  return parts.join(' · ');
}

const said = (text: string): RenderedMessage => ({ text, blocks: [{ type: 'section', text: mrkdwn(text) }] });

export function subscribedMessage(sub: Subscription, replaced: boolean): RenderedMessage {
  return said(
    `:bell: <#${sub.channelId}> ${replaced ? 'now follows' : 'follows'} ${describeSubscription(sub)}. Each task gets one thread here; \`/task subscriptions\` lists what this channel follows.`,
  );
}

export function unsubscribedMessage(channelId: string, projectNames: readonly string[]): RenderedMessage {
  if (projectNames.length === 0) return said(`<#${channelId}> follows no project now.`);
  const names = projectNames.map((n) => `*${escapeMrkdwn(truncate(n, 100))}*`).join(', ');
  return said(`:no_bell: <#${channelId}> no longer follows ${names}.`);
}

export function notSubscribedText(channelId: string, projectName: string | null): string {
  return projectName
    ? `<#${channelId}> doesn’t follow *${escapeMrkdwn(truncate(projectName, 100))}*. \`/task subscriptions\` lists what it follows.`
    : `<#${channelId}> follows no project. Try \`/task subscribe #Project\`.`;
}

export function notPostableForNotifications(
  channelId: string,
  reason: 'not_in_channel' | 'archived' | 'unknown',
): string {
  if (reason === 'archived') return `:warning: <#${channelId}> is archived, so nothing can be posted there.`;
  if (reason === 'unknown')
    return ':warning: I can’t post in this conversation. Run `/task subscribe` in a channel the app is in.';
  return `:warning: The app isn’t in <#${channelId}>, so it can’t post there. Invite it with \`/invite @Taskbridge\` in the channel, then run \`/task subscribe\` again.`;
}

export function subscriptionListMessage(channelId: string, subs: readonly Subscription[]): RenderedMessage {
  if (subs.length === 0) {
    return said(
      `<#${channelId}> follows no project. Try \`/task subscribe #Project\`, or \`/task subscribe\` for the form.`,
    );
  }
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: mrkdwn(`*<#${channelId}> follows ${subs.length} project${subs.length === 1 ? '' : 's'}*`),
    },
  ];
  for (const sub of subs) {
    blocks.push({
      type: 'section',
      block_id: `nt_sub_${sub.projectId}`,
      text: mrkdwn(describeSubscription(sub)),
    });
    blocks.push({
      type: 'actions',
      block_id: `nt_sub_actions_${sub.projectId}`,
      elements: [
        {
          type: 'button',
          action_id: NOTIFY_ACTIONS.edit,
          text: plainText('Edit', LIMITS.buttonText),
          value: String(sub.projectId),
        },
        {
          type: 'button',
          action_id: NOTIFY_ACTIONS.remove,
          text: plainText('Remove', LIMITS.buttonText),
          style: 'danger',
          value: String(sub.projectId),
        },
      ],
    });
  }
  blocks.push(contextLine(FILTER_HELP));
  return {
    text: `This channel follows ${subs.map((s) => s.projectName).join(', ')}`.slice(0, 3000),
    blocks: capBlocks(blocks, LIMITS.messageBlocks),
  };
}
