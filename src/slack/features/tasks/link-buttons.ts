/** A card's link buttons (to the service, to the source message) still send an action: acknowledge it, nothing else. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';

export function linkButtonHandler() {
  return async ({ ack }: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs) => {
    await ack();
  };
}
