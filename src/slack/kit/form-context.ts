/**
 * What a form's submission handler and a shortcut handler get, built like every other context
 * (`interaction.ts`): the person from the payload, the clock's moment, `api()` and `fail`. A form
 * keeps its `ack` (problems go in it, before any service call) and has no response_url, so its
 * failures are told privately in the form's channel, else by direct message; a shortcut answers on
 * its response_url when it has one (a message shortcut), else the same way.
 */
import type {
  AllMiddlewareArgs,
  GlobalShortcut,
  MessageShortcut,
  RespondFn,
  SlackShortcutMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewOutput,
  ViewSubmitAction,
} from '@slack/bolt';
import type { AppDeps } from '../deps.ts';
import { type Interaction, interaction } from './interaction.ts';
import { personOf } from './person.ts';
import type { Recipient } from './tell-person.ts';

export type FormArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

export interface FormContext extends Interaction {
  view: ViewOutput;
  ack: FormArgs['ack'];
  /** Where the outcome and any failure go. */
  to: Recipient;
}

/** `channelId`: the channel the form came from, when its metadata says (null: a direct message). */
export function formContext(
  deps: AppDeps,
  args: Pick<FormArgs, 'ack' | 'body' | 'view' | 'client'>,
  channelId: string | null = null,
): FormContext {
  const person = personOf(args.body);
  const to = { userId: person.userId, channelId };
  return { ...interaction(deps, args.client, person, { to }), view: args.view, ack: args.ack, to };
}

type AnyShortcut = MessageShortcut | GlobalShortcut;

export type ShortcutArgs<S extends AnyShortcut> = SlackShortcutMiddlewareArgs<S> & AllMiddlewareArgs;

export interface ShortcutContext<S extends AnyShortcut> extends Interaction {
  shortcut: S;
  /** The shortcut's response_url (a message shortcut's; a global shortcut has none). */
  respond: RespondFn | undefined;
  /** The message's channel; null for a global shortcut. */
  channelId: string | null;
  /** Valid 3 s from the shortcut and once: open the form before anything slow. */
  triggerId: string;
}

export function shortcutContext<S extends AnyShortcut>(
  deps: AppDeps,
  args: Pick<ShortcutArgs<S>, 'shortcut' | 'client'> & {
    respond?: RespondFn | undefined;
  },
): ShortcutContext<S> {
  const { shortcut, client, respond } = args;
  const person = personOf(shortcut);
  const channelId = shortcut.type === 'message_action' ? shortcut.channel.id : null;
  return {
    ...interaction(deps, client, person, { respond, to: { userId: person.userId, channelId } }),
    shortcut,
    respond,
    channelId,
    triggerId: shortcut.trigger_id,
  };
}
