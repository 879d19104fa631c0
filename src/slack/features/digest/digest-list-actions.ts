/**
 * The buttons of `/task digest show` and `off`: Edit opens the form, Resume restarts a paused digest
 * (once the app can post there again), Turn off removes one, Turn all off removes the channel's.
 * Each redraws the list in place with a line saying what happened.
 */
import type {
  AllMiddlewareArgs,
  BlockAction,
  BlockButtonAction,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import { SubscriptionIdSchema } from '../../../digest/types.ts';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { reportFailure } from '../../kit/report-failure.ts';
import { checkPostable } from '../../services/digest-channel.ts';
import { scheduleText } from '../../ui/digest/schedule-text.ts';
import { digestListMessage } from './digest-list-model.ts';
import { digestGoneMessage, digestsOffMessage, notPostableText } from './digest-messages.ts';
import { openDigestForm } from './open-digest-form.ts';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

function teamOf(body: BlockAction): string {
  return personOf(body).teamId;
}

/** The subscription id a button carries, or null when the value is not one. */
function subscriptionIdOf(value: string | undefined): string | null {
  return SubscriptionIdSchema.safeParse(value).success ? (value as string) : null;
}

/** Runs a button's work; a failure becomes a private line instead of silence. */
function listAction(deps: AppDeps, run: (args: Args, teamId: string) => Promise<void>) {
  return async (args: Args) => {
    await args.ack();
    try {
      await run(args, teamOf(args.body));
    } catch (error) {
      await reportFailure(deps, { respond: args.respond }, error, { what: args.action.action_id });
    }
  };
}

export function digestEditHandler(deps: AppDeps) {
  return listAction(deps, async ({ body, action, client, respond }, teamId) => {
    const id = subscriptionIdOf(action.value);
    if (!id) {
      await respond({ response_type: 'ephemeral', replace_original: false, ...digestGoneMessage() });
      return;
    }
    await openDigestForm(deps, client, {
      triggerId: body.trigger_id,
      teamId,
      userId: body.user.id,
      channelId: body.channel?.id ?? '',
      subscriptionId: id,
    });
  });
}

export function digestRemoveHandler(deps: AppDeps) {
  return listAction(deps, async ({ body, action, respond }, teamId) => {
    const id = subscriptionIdOf(action.value);
    const sub = id ? await deps.digests.subscriptions.get(teamId, id) : undefined;
    if (!sub) {
      await respond({ response_type: 'ephemeral', replace_original: false, ...digestGoneMessage() });
      return;
    }
    await deps.digests.subscriptions.delete(teamId, sub.id);
    deps.logger.info({ teamId, subscriptionId: sub.id, by: body.user.id }, 'digest turned off');
    const notice = `:no_bell: Turned off the ${scheduleText(sub, deps.clock.now())} digest.`;
    const list = await digestListMessage(deps, { teamId, channelId: sub.channelId, notice });
    await respond({ response_type: 'ephemeral', replace_original: true, ...list });
  });
}

export function digestResumeHandler(deps: AppDeps) {
  return listAction(deps, async ({ action, respond, client }, teamId) => {
    const id = subscriptionIdOf(action.value);
    const sub = id ? await deps.digests.subscriptions.get(teamId, id) : undefined;
    if (!sub) {
      await respond({ response_type: 'ephemeral', replace_original: false, ...digestGoneMessage() });
      return;
    }
    // Resuming where the app still cannot post would only pause it again at the next firing.
    const postable = /^[UW]/.test(sub.channelId)
      ? { ok: true as const }
      : await checkPostable(client, sub.channelId);
    if (!postable.ok) {
      await respond({
        response_type: 'ephemeral',
        replace_original: false,
        text: notPostableText(sub.channelId, postable.reason),
      });
      return;
    }
    await deps.digests.subscriptions.resume(teamId, sub.id);
    const notice = `:arrow_forward: Resumed the ${scheduleText(sub, deps.clock.now())} digest.`;
    const list = await digestListMessage(deps, { teamId, channelId: sub.channelId, notice });
    await respond({ response_type: 'ephemeral', replace_original: true, ...list });
  });
}

export function digestRemoveAllHandler(deps: AppDeps) {
  return listAction(deps, async ({ body, action, respond }, teamId) => {
    // The button names its channel; it must be the one it was clicked in.
    const channelId = body.channel?.id ?? '';
    if (!channelId || action.value !== channelId) {
      await respond({ response_type: 'ephemeral', replace_original: false, ...digestGoneMessage() });
      return;
    }
    const removed = await deps.digests.subscriptions.deleteChannel(teamId, channelId);
    deps.logger.info({ teamId, channelId, removed, by: body.user.id }, 'digests turned off');
    await respond({
      response_type: 'ephemeral',
      replace_original: true,
      ...digestsOffMessage(channelId, removed),
    });
  });
}
