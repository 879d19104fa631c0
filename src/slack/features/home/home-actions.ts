/** Home tab buttons that change state in place: unlink, refresh. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { publishHome } from '../../services/publish-home.ts';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

export function homeUnlinkHandler(deps: AppDeps) {
  return async ({ ack, body, client }: Args) => {
    await ack();
    const teamId = personOf(body).teamId;
    await deps.userLinks.unlink(teamId, body.user.id);
    await publishHome(deps, client, teamId, body.user.id);
  };
}

export function homeRefreshHandler(deps: AppDeps) {
  return async ({ ack, body, client }: Args) => {
    await ack();
    await publishHome(deps, client, personOf(body).teamId, body.user.id);
  };
}
