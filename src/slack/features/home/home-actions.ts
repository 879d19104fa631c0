/** Home tab buttons that change state in place: unlink, refresh. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { publishHome } from '../../services/publish-home.ts';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

export function homeUnlinkHandler(deps: AppDeps) {
  return async ({ ack, body, client }: Args) => {
    await ack();
    const teamId = body.team?.id ?? body.user.team_id ?? '';
    await deps.userLinks.unlink(teamId, body.user.id);
    await publishHome(deps, client, teamId, body.user.id);
  };
}

export function homeRefreshHandler(deps: AppDeps) {
  return async ({ ack, body, client }: Args) => {
    await ack();
    await publishHome(deps, client, body.team?.id ?? body.user.team_id ?? '', body.user.id);
  };
}
