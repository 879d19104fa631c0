/** Buttons that open a set-up form: link my account, connect the service. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { openConnectModal } from './open-connect-modal.ts';
import { openLinkModal } from './open-link-modal.ts';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

export function openLinkHandler(deps: AppDeps) {
  return async ({ ack, body, client }: Args) => {
    await ack();
    await openLinkModal(deps, client, { ...personOf(body), triggerId: body.trigger_id });
  };
}

export function openConnectHandler(deps: AppDeps) {
  return async ({ ack, body, client }: Args) => {
    await ack();
    await openConnectModal(deps, client, { ...personOf(body), triggerId: body.trigger_id });
  };
}
