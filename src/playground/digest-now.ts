/**
 * "Send digest now" for a channel: each of its digests posts today's digest itself, as the
 * scheduler would, recorded as the day's post: its rows act and the message is redrawn in place,
 * and the scheduler does not post today's again. (A preview, which says it is one, is the digest
 * form's "Send a preview now".)
 */
import type { TaskbridgeApp } from '../create-app.ts';

type Digests = TaskbridgeApp['deps']['digests'];

export async function sendDigestNow(
  digests: Digests,
  teamId: string,
  channelId: string,
): Promise<{ sent: number }> {
  const subscriptions = await digests.subscriptions.listByChannel(teamId, channelId);
  let sent = 0;
  for (const subscription of subscriptions) {
    await digests.runner.sendNow(subscription);
    sent++;
  }
  return { sent };
}
