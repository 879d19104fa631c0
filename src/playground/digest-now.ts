/**
 * "Send digest now" for a channel: each of its digests fires as the scheduler would fire it at
 * today's scheduled minute (in its own time zone), so the post is the day's digest and its rows
 * act and edit in place; one that already went out today, had nothing due, or is not scheduled today is sent
 * again as the preview the digest form sends.
 */
import type { TaskbridgeApp } from '../create-app.ts';
import { localDateOf } from '../digest/local-time.ts';
import { scheduledInstant } from '../digest/schedule.ts';

type Digests = TaskbridgeApp['deps']['digests'];

export async function sendDigestNow(
  digests: Digests,
  teamId: string,
  channelId: string,
  now: Date,
): Promise<{ sent: number }> {
  const subscriptions = await digests.subscriptions.listByChannel(teamId, channelId);
  let sent = 0;
  for (const subscription of subscriptions) {
    const today = localDateOf(now, subscription.timeZone);
    const report = await digests.runner.tick(scheduledInstant(subscription, today));
    if (report.sent === 0) await digests.runner.sendPreview(subscription);
    sent++;
  }
  return { sent };
}
