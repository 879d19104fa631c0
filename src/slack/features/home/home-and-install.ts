/**
 * Events: the Home tab opening (publish it), and the app leaving a workspace (app_uninstalled,
 * tokens_revoked: delete everything stored for it). Slack retries events, so each is handled once
 * by its event_id.
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { once } from '../../kit/once.ts';
import { publishHome } from '../../services/publish-home.ts';

export function appHomeOpenedHandler(deps: AppDeps) {
  return async ({
    event,
    body,
    client,
    context,
  }: SlackEventMiddlewareArgs<'app_home_opened'> & AllMiddlewareArgs) => {
    if (event.tab !== 'home') return;
    const teamId = context.teamId ?? body.team_id;
    await once(
      deps.idempotency,
      { purpose: 'home', kind: 'event', teamId, eventId: body.event_id },
      async () => {
        await publishHome(deps, client, teamId, event.user);
        return true;
      },
    );
  };
}

export function workspaceLeftHandler(deps: AppDeps) {
  return async ({
    body,
  }: SlackEventMiddlewareArgs<'app_uninstalled' | 'tokens_revoked'> & AllMiddlewareArgs) => {
    const teamId = body.team_id;
    await once(
      deps.idempotency,
      { purpose: 'left', kind: 'event', teamId, eventId: body.event_id },
      async () => {
        await deps.installations.deleteTeam(teamId);
        // Digests live apart from the installation; left behind they would be retried every minute.
        for (const sub of await deps.digests.subscriptions.listByTeam(teamId)) {
          await deps.digests.subscriptions.delete(teamId, sub.id);
        }
        await deps.profiles.forget(teamId);
        deps.logger.info({ teamId }, 'workspace data deleted after the app left it');
        return true;
      },
    );
  };
}
