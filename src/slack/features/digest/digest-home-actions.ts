/**
 * The personal digest on the Home tab: Turn on (weekdays 09:00 in the person's zone, their own
 * tasks by direct message), Turn off, and the time picker that moves it. Each redraws the tab; one
 * that cannot act tells the person by direct message (the Home tab has no ephemeral answers).
 */
import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { reportFailure } from '../../kit/report-failure.ts';
import { requireApi } from '../../kit/require-api.ts';
import {
  setPersonalDigestTime,
  turnOffPersonalDigest,
  turnOnPersonalDigest,
} from '../../services/digest-personal.ts';
import { publishHome } from '../../services/publish-home.ts';
import { taskActor } from '../../services/task-actor.ts';
import { describeTaskRefusal } from '../../services/task-refusal.ts';

type Args = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;

interface HomeContext {
  deps: AppDeps;
  client: WebClient;
  teamId: string;
  userId: string;
  action: BlockAction['actions'][number];
}

function homeAction(deps: AppDeps, run: (ctx: HomeContext) => Promise<void>) {
  return async ({ ack, body, client }: Args) => {
    await ack();
    const teamId = personOf(body).teamId;
    const userId = body.user.id;
    const action = body.actions[0];
    if (!action) return;
    try {
      await run({ deps, client, teamId, userId, action });
    } catch (error) {
      // The Home tab has no ephemeral answers: the failure goes by direct message.
      await reportFailure(deps, { client, to: { userId, channelId: null } }, error, {
        what: action.action_id,
        describe: (e) => describeTaskRefusal(e, null),
      });
    }
    await publishHome(deps, client, teamId, userId);
  };
}

export function digestHomeOnHandler(deps: AppDeps) {
  return homeAction(deps, async ({ client, teamId, userId }) => {
    const actor = await taskActor(deps, teamId, userId);
    // Home shows the link button to an unlinked person; without a link there are no "own tasks".
    if (!actor) return;
    const api = await requireApi(deps, teamId);
    const timeZone = await deps.profiles.timeZone(client, teamId, userId);
    const sub = await turnOnPersonalDigest(deps, api, { teamId, userId, memberId: actor.memberId, timeZone });
    if (sub) deps.logger.info({ teamId, subscriptionId: sub.id }, 'personal digest on');
  });
}

export function digestHomeOffHandler(deps: AppDeps) {
  return homeAction(deps, async ({ teamId, userId }) => {
    if (await turnOffPersonalDigest(deps, teamId, userId))
      deps.logger.info({ teamId }, 'personal digest off');
  });
}

export function digestHomeTimeHandler(deps: AppDeps) {
  return homeAction(deps, async ({ client, teamId, userId, action }) => {
    const time = 'selected_time' in action ? action.selected_time : undefined;
    if (typeof time !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return;
    const timeZone = await deps.profiles.timeZone(client, teamId, userId);
    await setPersonalDigestTime(deps, { teamId, userId, time, timeZone });
  });
}
