/**
 * A new task's card that someone's own action shows in a channel (`/task new`, the create form).
 * Where the channel follows the task's project, the card is posted as the task's thread there:
 * the subscription then replies under it and posts no second card of its own, whichever of the two
 * got there first. Elsewhere, and whenever this cannot post, the caller shows the card its own way
 * (a response_url reaches channels the app is not in), so the person never goes without it.
 */
import type { WebClient } from '@slack/web-api';
import type { TaskRecord } from '../../../api/index.ts';
import type { AppDeps } from '../../deps.ts';
import { reportMetadataWarning } from '../../kit/metadata-warnings.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { taskEntityMetadata } from '../../ui/messages/task-entity.ts';

/** True when the task's card is in the channel: posted now, or already there from the subscription. */
export async function cardInSubscribedChannel(
  deps: Pick<AppDeps, 'notifications' | 'logger' | 'taskLinks'>,
  client: WebClient,
  q: { teamId: string; channelId: string; task: TaskRecord; projectId: number; card: RenderedMessage },
): Promise<boolean> {
  const { teamId, channelId, task, card } = q;
  let postedHere = false;
  const post = async () => {
    try {
      // The card carries the task as a Work Object (its entity in the metadata); the blocks stay as its fallback.
      const url = deps.taskLinks.urlFor(task);
      const metadata = url ? { metadata: taskEntityMetadata({ task, url }) as never } : {};
      const posted = await client.chat.postMessage({
        channel: channelId,
        ...card,
        ...metadata,
        unfurl_links: false,
      });
      reportMetadataWarning(deps.logger, 'chat.postMessage', posted);
      if (typeof posted.ts !== 'string') return undefined;
      postedHere = true;
      return { channelId: typeof posted.channel === 'string' ? posted.channel : channelId, ts: posted.ts };
    } catch (error) {
      // The app was removed from the channel, or Slack is down: the caller's own way may still reach it.
      deps.logger.warn({ err: error, teamId, channelId }, 'a new task card could not be posted');
      return undefined;
    }
  };
  try {
    const outcome = await deps.notifications.shareCard(
      teamId,
      channelId,
      { id: task.id, title: task.title, project_id: task.project_id ?? q.projectId },
      post,
    );
    return outcome === 'posted' || outcome === 'shown';
  } catch (error) {
    // The store failed around the post: a card that went out stays the only one.
    deps.logger.warn({ err: error, teamId, channelId }, 'could not tell whether the channel has the card');
    return postedHere;
  }
}
