/**
 * The short answers of the digest commands and buttons: saved, turned off, resumed, a channel the
 * app cannot post in, and what a Done or Snooze from a digest did. Pure; user text is escaped.
 */
import { formatDueFallback } from '../../../lib/dates.ts';
import { dueMrkdwn, slackDate } from '../../../slack-platform/date-tokens.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { scheduleText } from '../../ui/digest/schedule-text.ts';
import { contextLine, mrkdwn } from '../../ui/limits.ts';

function said(text: string, next?: string): RenderedMessage {
  const blocks: RenderedMessage['blocks'] = [{ type: 'section', text: mrkdwn(text) }];
  if (next) blocks.push(contextLine(next));
  return { text: next ? `${text} ${next}` : text, blocks };
}

/** Where a digest goes, as a person reads it: a channel, or their own direct messages. */
export function destinationText(channelId: string): string {
  return /^[UW]/.test(channelId) ? 'you, by direct message' : `<#${channelId}>`;
}

interface DigestSavedModel {
  subscription: { channelId: string; time: string; timeZone: string; days: readonly number[] };
  projectNames: readonly string[];
  next: Date | null;
  /** Created (else edited). */
  created: boolean;
  /** A preview is on its way. */
  preview: boolean;
}

export function digestSavedMessage(model: DigestSavedModel, now: Date): RenderedMessage {
  const { subscription: sub } = model;
  const projects = model.projectNames.map((n) => `*${escapeMrkdwn(truncate(n, 80))}*`).join(', ');
  const next = model.next
    ? ` First one: ${slackDate(model.next, '{date_short_pretty} at {time}', formatDueFallback(model.next, sub.timeZone, true))}.`
    : '';
  const verb = model.created ? 'Scheduled' : 'Updated';
  const text = `:white_check_mark: ${verb}: a digest of ${truncate(projects, 1500)} in ${destinationText(sub.channelId)}, ${escapeMrkdwn(scheduleText(sub, now))}.${model.created ? next : ''}`;
  return said(
    text,
    model.preview ? 'A preview is being posted now.' : '`/task digest show` lists the digests here.',
  );
}

export function digestsOffMessage(channelId: string, count: number): RenderedMessage {
  if (count === 0) return said(`No digests are scheduled in <#${channelId}>.`);
  return said(
    `:no_bell: Turned off ${count === 1 ? 'the digest' : `all ${count} digests`} in <#${channelId}>.`,
    '`/task digest` sets up a new one.',
  );
}

/** Why the form did not open: the app cannot post where the command was typed. */
export function notPostableText(
  channelId: string,
  reason: 'not_in_channel' | 'archived' | 'unknown',
): string {
  const where = `<#${channelId}>`;
  if (reason === 'archived') return `:warning: ${where} is archived, so no digest can be posted there.`;
  if (reason === 'unknown') {
    return ':warning: I can’t post in this conversation. Run `/task digest` in a channel the app is in, or turn on your personal digest on the app’s Home tab.';
  }
  return `:warning: The app isn’t in ${where}, so it can’t post a digest there. Invite it with \`/invite @Taskbridge\` in the channel, then run \`/task digest\` again.`;
}

export interface TaskActedModel {
  taskId: number;
  title: string;
  action: 'done' | 'snooze';
  /** The new due instant, for a snooze. */
  due?: Date | null | undefined;
  /** The zone the fallback date is written in. */
  timeZone: string;
  /** Nothing to do: it already was so. */
  unchanged: boolean;
  /**
   * What became of the digest message: edited in place, left as it is (a preview or an earlier
   * day's message), or the edit failed (`why`, plain text).
   */
  redraw: { kind: 'edited' } | { kind: 'older' } | { kind: 'failed'; why: string };
}

function redrawNote(redraw: TaskActedModel['redraw']): string | undefined {
  if (redraw.kind === 'older')
    return 'This message is a preview or an earlier post of this digest, so it was not redrawn.';
  if (redraw.kind === 'failed')
    return `The digest could not be redrawn: ${escapeMrkdwn(truncate(redraw.why, 300))}`;
  return undefined;
}

/** Said to the person who clicked Done or Snooze in a digest (the digest itself is edited in place). */
export function taskActedMessage(model: TaskActedModel): RenderedMessage {
  const title = `*${escapeMrkdwn(truncate(model.title, 150))}* (#${model.taskId})`;
  let text: string;
  if (model.action === 'done') {
    text = model.unchanged ? `${title} was already done.` : `:white_check_mark: Marked ${title} done.`;
  } else {
    const when = model.due ? dueMrkdwn(model.due, model.timeZone) : 'later';
    text = model.unchanged ? `${title} is already due ${when}.` : `:zzz: Snoozed ${title} to ${when}.`;
  }
  return said(text, redrawNote(model.redraw));
}

/** A digest button for a digest that no longer exists. */
export function digestGoneMessage(): RenderedMessage {
  return said(':warning: That digest no longer exists. `/task digest show` lists the ones scheduled here.');
}
