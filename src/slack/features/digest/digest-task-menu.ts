/**
 * Done and Snooze in a digest's task menu: the task is changed through the service as the person
 * who clicked (who must have linked their account), then the day's digest is re-rendered from fresh
 * data and edited in place, and the person is told privately what was done. One delivery acts once.
 */
import type {
  AllMiddlewareArgs,
  BlockAction,
  OverflowAction,
  RespondFn,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import { DigestDeliveryError } from '../../../digest/slack-failure.ts';
import type { DigestSubscription } from '../../../digest/types.ts';
import type { AppDeps } from '../../deps.ts';
import { once } from '../../kit/once.ts';
import { personOf } from '../../kit/person.ts';
import { noteFailure } from '../../kit/report-failure.ts';
import { requireApi } from '../../kit/require-api.ts';
import { linkOfferForActing, taskActor } from '../../services/task-actor.ts';
import { describeTaskRefusal } from '../../services/task-refusal.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { parseTaskActionValue } from '../../ui/digest/task-action-value.ts';
import { digestGoneMessage, type TaskActedModel, taskActedMessage } from './digest-messages.ts';
import { applyDigestTaskAction } from './digest-task-actions.ts';

type Args = SlackActionMiddlewareArgs<BlockAction<OverflowAction>> & AllMiddlewareArgs;

function privately(respond: RespondFn, message: RenderedMessage | { text: string }) {
  return respond({ response_type: 'ephemeral', replace_original: false, ...message });
}

/**
 * Edits the digest message the click came from, when it is the subscription's latest post (an
 * older day's message or a preview is left as it is); answers whether it was redrawn.
 */
async function redraw(
  deps: AppDeps,
  sub: DigestSubscription,
  messageTs: string | undefined,
): Promise<boolean> {
  const last = await deps.digests.subscriptions.lastFiring(sub.teamId, sub.id);
  if (!last?.post || (messageTs !== undefined && last.post.ts !== messageTs)) return false;
  return deps.digests.runner.refreshPosted(sub.teamId, sub.id, last.localDate);
}

export function digestTaskMenuHandler(deps: AppDeps) {
  return async ({ ack, body, action, respond }: Args) => {
    await ack();
    const parsed = parseTaskActionValue(action.selected_option?.value);
    if (!parsed.ok) {
      deps.logger.info({ problem: parsed.error }, 'digest task menu: unreadable value');
      await privately(respond, {
        text: ':warning: That menu is out of date. The next digest has fresh ones.',
      });
      return;
    }
    const { action: choice, subscriptionId, taskId } = parsed.value;
    const teamId = personOf(body).teamId;
    const userId = body.user.id;
    try {
      const sub = await deps.digests.subscriptions.get(teamId, subscriptionId);
      if (!sub) {
        await privately(respond, digestGoneMessage());
        return;
      }
      const actor = await taskActor(deps, teamId, userId);
      if (!actor) {
        await privately(respond, linkOfferForActing());
        return;
      }
      const api = await requireApi(deps, teamId);
      const origin = {
        purpose: 'digest-task',
        kind: 'action',
        teamId,
        userId,
        actionTs: action.action_ts,
        actionId: action.action_id,
      } as const;
      await once(deps.idempotency, origin, async () => {
        const now = deps.clock.now();
        const result = await applyDigestTaskAction(api, choice, taskId, { timeZone: sub.timeZone, now });
        deps.logger.info(
          { teamId, subscriptionId, taskId, choice, by: actor.memberId },
          'digest task action',
        );
        let redrawn: TaskActedModel['redraw'];
        try {
          redrawn = (await redraw(deps, sub, body.message?.ts)) ? { kind: 'edited' } : { kind: 'older' };
        } catch (error) {
          // The task changed all the same; only the edit of the message failed.
          deps.logger.warn(
            { err: error, teamId, subscriptionId },
            'digest: could not redraw after an action',
          );
          const why = error instanceof DigestDeliveryError ? error.message : 'Slack did not take the edit.';
          redrawn = { kind: 'failed', why };
        }
        await privately(
          respond,
          taskActedMessage({
            taskId,
            title: result.task.title,
            action: choice === 'done' ? 'done' : 'snooze',
            due: result.due,
            timeZone: sub.timeZone,
            unchanged: !result.changed,
            redraw: redrawn,
          }),
        );
        return true;
      });
    } catch (error) {
      const { text } = noteFailure(deps, error, {
        what: 'digest task action',
        describe: (e) => describeTaskRefusal(e, taskId),
      });
      await privately(respond, { text }).catch(() => undefined);
    }
  };
}
