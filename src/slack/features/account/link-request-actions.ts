/** Approve and Decline on an admin's "asks to be linked" message; the decision is made in `link-approval.ts` under the rule of `approval-rules.ts`. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { describeFailure } from '../../kit/failure-message.ts';
import { personOf } from '../../kit/person.ts';
import { requireApi } from '../../kit/require-api.ts';
import { decideLinkRequest } from './link-approval.ts';
import { readLinkRequestValue } from './link-request.ts';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

export function linkRequestDecisionHandler(approve: boolean) {
  return (deps: AppDeps) =>
    async ({ ack, body, action, client, respond }: Args) => {
      await ack();
      const teamId = personOf(body).teamId;
      const request = readLinkRequestValue(action.value);
      const say = (text: string, replace: boolean) =>
        respond({ response_type: 'ephemeral', replace_original: replace, text }).catch((error: unknown) =>
          deps.logger.warn({ err: error }, 'could not answer a link decision'),
        );
      if (!request) {
        await say(
          ':warning: This request could not be read. Ask the person to run `/task link` again.',
          false,
        );
        return;
      }
      try {
        const decision = await decideLinkRequest(deps, client, await requireApi(deps, teamId), {
          teamId,
          approverId: body.user.id,
          requesterId: request.requester,
          memberId: request.memberId,
          approve,
        });
        // A decision replaces the buttons; a refusal leaves them for someone who may decide.
        await say(decision.ok ? decision.text : `:no_entry_sign: ${decision.text}`, decision.ok);
      } catch (error) {
        await say(describeFailure(error).text, false);
      }
    };
}
