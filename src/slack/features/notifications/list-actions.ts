/** The Edit and Remove buttons of `/task subscriptions`: Edit opens the form prefilled, Remove redraws the list without it. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { reportFailure } from '../../kit/report-failure.ts';
import { openSubscribeForm } from './open-subscribe-form.ts';
import { subscriptionListMessage } from './subscription-messages.ts';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

function listAction(
  deps: AppDeps,
  run: (args: Args, q: { teamId: string; channelId: string; projectId: number }) => Promise<void>,
) {
  return async (args: Args) => {
    await args.ack();
    const teamId = personOf(args.body).teamId;
    const channelId = args.body.channel?.id ?? '';
    const projectId = Number(args.action.value);
    try {
      if (!channelId || !Number.isSafeInteger(projectId) || projectId <= 0)
        throw new Error('not a subscription button');
      await run(args, { teamId, channelId, projectId });
    } catch (error) {
      await reportFailure(deps, { respond: args.respond }, error, { what: args.action.action_id });
    }
  };
}

export function subscriptionEditHandler(deps: AppDeps) {
  return listAction(deps, async ({ body, client }, q) => {
    await openSubscribeForm(deps, client, { triggerId: body.trigger_id, userId: body.user.id, ...q });
  });
}

export function subscriptionRemoveHandler(deps: AppDeps) {
  return listAction(deps, async ({ respond }, q) => {
    await deps.notifications.subscriptions.remove(q.teamId, q.channelId, q.projectId);
    deps.logger.info(q, 'channel unsubscribed');
    const subs = await deps.notifications.subscriptions.listByChannel(q.teamId, q.channelId);
    await respond({
      response_type: 'ephemeral',
      replace_original: true,
      ...subscriptionListMessage(q.channelId, subs),
    });
  });
}
