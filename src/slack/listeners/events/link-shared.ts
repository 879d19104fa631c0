/**
 * Task links pasted in Slack become task cards (chat.unfurl). The service's web addresses are
 * configured (WORK_TASK_URL_PATTERN); links that do not match are left alone.
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { Task } from '../../../contract/index.ts';
import type { AppDeps } from '../../deps.ts';
import { slackUsersByMember } from '../../services/resolve-people.ts';
import { renderTaskCard } from '../../ui/messages/task-card.ts';

/** Slack unfurls at most this many links of one message usefully; more is noise. */
const MAX_UNFURLS = 2;

export function linkSharedHandler(deps: AppDeps) {
  return async ({ event, body, client }: SlackEventMiddlewareArgs<'link_shared'> & AllMiddlewareArgs) => {
    const teamId = body.team_id;
    const outcome = await deps.idempotency.once(`event:${body.event_id}`, 60 * 60_000, async () => {
      const api = await deps.workApi.clientFor(teamId);
      if (!api) return false;
      const links = event.links
        .map((l) => ({ url: l.url, ref: deps.taskLinks.parse(l.url) }))
        .filter((l): l is { url: string; ref: { taskId: number } } => l.ref !== undefined)
        .slice(0, MAX_UNFURLS);
      if (links.length === 0) return false;
      const slackUserIds = await slackUsersByMember(deps, teamId);
      const unfurls: Record<string, { blocks: unknown[] }> = {};
      for (const link of links) {
        try {
          const task = (await api.tasks.get(link.ref.taskId)) as Task;
          const card = renderTaskCard(
            { task, url: link.url, slackUserIds, withActions: false },
            deps.clock.now(),
          );
          unfurls[link.url] = { blocks: card.blocks };
        } catch (error) {
          deps.logger.info({ err: error }, 'a task link could not be unfurled');
        }
      }
      if (Object.keys(unfurls).length === 0) return false;
      await client.chat.unfurl({ channel: event.channel, ts: event.message_ts, unfurls: unfurls as never });
      return true;
    });
    if (outcome.state === 'pending') deps.logger.debug('link_shared already being handled');
  };
}
