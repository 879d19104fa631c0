/**
 * What a team button handler needs from Bolt's arguments, read once: who clicked, where, the
 * trigger (valid 3 s, once) and `respond` (the clicked message's response_url).
 */
import type { AllMiddlewareArgs, BlockAction, RespondFn, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../deps.ts';
import { type Interaction, interaction } from './interaction.ts';
import { personOf } from './person.ts';

export type ActionArgs = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;

export interface TeamActionContext extends Interaction {
  respond: RespondFn;
  /** Null when the click was not in a channel (a modal, the Home tab). */
  channelId: string | null;
  triggerId: string;
  /** The clicked message (for once-only keys). */
  messageTs: string | null;
  /** The clicked element's value or chosen option's value. */
  value: string | null;
}

export function actionContext(deps: AppDeps, args: ActionArgs): TeamActionContext {
  const { body, action } = args;
  const value =
    'value' in action && typeof action.value === 'string'
      ? action.value
      : 'selected_option' in action &&
          action.selected_option &&
          typeof action.selected_option.value === 'string'
        ? action.selected_option.value
        : null;
  const person = personOf(body);
  const channelId = body.channel?.id ?? body.container?.channel_id ?? null;
  return {
    ...interaction(deps, args.client, person, { respond: args.respond, to: { ...person, channelId } }),
    respond: args.respond,
    channelId,
    triggerId: body.trigger_id,
    messageTs: body.container?.message_ts ?? body.message?.ts ?? null,
    value,
  };
}

/** Tells the person a button is out of date (its value no longer reads), without touching the message. */
export async function staleButton(ctx: TeamActionContext): Promise<void> {
  await ctx.respond({
    response_type: 'ephemeral',
    replace_original: false,
    text: ':warning: That button is out of date. Run the command again for a fresh one.',
  });
}

/**
 * A button or menu handler: acknowledges at once, reads the context, runs, and sends any failure
 * down the one failure path (on the message's response_url, else privately, else by DM).
 */
export function buttonHandler(
  run: (ctx: TeamActionContext, args: ActionArgs) => Promise<void>,
  what?: string,
) {
  return (deps: AppDeps) => async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    try {
      await run(ctx, args);
    } catch (error) {
      await ctx.fail(error, {
        what: what ?? ('action_id' in args.action ? args.action.action_id : undefined),
      });
    }
  };
}
