/**
 * Task links pasted in Slack become task cards (chat.unfurl), within GitHub's guards: nothing for
 * a message with 3 or more links, and a task unfurled in a channel in the last 30 minutes is not
 * unfurled there again. The service's web addresses are configured (the task URL pattern); links
 * that do not match are left alone. Slack retries events, so each is handled once by its event_id.
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { reportMetadataWarning } from '../../kit/metadata-warnings.ts';
import { once } from '../../kit/once.ts';
import { slackUsersByMember } from '../../services/resolve-people.ts';
import { readTask } from '../../services/task-read.ts';
import { renderTaskCard } from '../../ui/messages/task-card.ts';
import { type TaskEntity, taskEntity } from '../../ui/messages/task-entity.ts';
import { tooManyLinks, unfurlGuard } from './task-unfurls.ts';

type Args = SlackEventMiddlewareArgs<'link_shared'> & AllMiddlewareArgs;

export function linkSharedHandler(deps: AppDeps) {
  return async ({ event, body, client }: Args) => {
    const teamId = body.team_id;
    if (tooManyLinks(event.links.length)) return;
    // Links typed in the message box (not yet sent) have no channel to remember them in.
    const composer = event.source === 'composer';
    const origin = { purpose: 'unfurl', kind: 'event', teamId, eventId: body.event_id } as const;
    await once(deps.idempotency, origin, async () => {
      const api = await deps.workApi.clientFor(teamId);
      if (!api) return false;
      const guard = unfurlGuard(deps.store, deps.clock, teamId);
      const seen = new Set<number>();
      const links: Array<{ url: string; taskId: number }> = [];
      for (const link of event.links) {
        const ref = deps.taskLinks.parse(link.url);
        if (!ref || seen.has(ref.taskId)) continue;
        seen.add(ref.taskId);
        if (composer || (await guard.begin(event.channel, ref.taskId)))
          links.push({ url: link.url, taskId: ref.taskId });
      }
      if (links.length === 0) return false;
      const slackUserIds = await slackUsersByMember(deps, teamId);
      const unfurls: Record<string, { blocks: unknown[] }> = {};
      // Each task's Work Object beside its card: Slack shows the entity where it can, the card elsewhere.
      const entities: TaskEntity[] = [];
      for (const link of links) {
        try {
          const task = await readTask(deps, teamId, api, link.taskId);
          const project =
            task.project_id === null
              ? undefined
              : await api.projects.get(task.project_id).catch(() => undefined);
          const card = renderTaskCard(
            { task, url: link.url, projectName: project?.name ?? null, slackUserIds, withActions: false },
            deps.clock.now(),
          );
          unfurls[link.url] = { blocks: card.blocks };
          const url = deps.taskLinks.urlFor(task) ?? link.url;
          entities.push(taskEntity({ task, url, slackUserIds, appUnfurlUrl: link.url }));
        } catch (error) {
          deps.logger.info({ err: error, taskId: link.taskId }, 'a task link could not be unfurled');
        }
      }
      let posted = false;
      try {
        if (Object.keys(unfurls).length > 0) {
          const metadata = entities.length > 0 ? { metadata: { entities } } : {};
          const answer = await client.chat.unfurl(
            composer && event.unfurl_id
              ? ({ source: 'composer', unfurl_id: event.unfurl_id, unfurls, ...metadata } as never)
              : ({ channel: event.channel, ts: event.message_ts, unfurls, ...metadata } as never),
          );
          reportMetadataWarning(deps.logger, 'chat.unfurl', answer);
          posted = true;
        }
      } finally {
        if (!composer) {
          for (const link of links)
            await guard.done(event.channel, link.taskId, posted && link.url in unfurls);
        }
      }
      return posted;
    });
  };
}
