/**
 * Every command, button, shortcut and form answers within Slack's 3 s, in one place rather than in
 * each handler: if the handler has said nothing `firstWordMs` after the request, the person is told
 * the service is busy and roughly when the result will come (the handler goes on and answers through
 * the same response_url, valid 30 minutes and five times, or by message). A command repeated while
 * the first is still working, before it has answered, is answered once: the repeat is told to wait
 * for the first.
 */
import type { RespondArguments, RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { type Patience, withPatience } from '../../api/limiter-patience.ts';
import { StoreUnavailableError } from '../../store/store-unavailable.ts';
import type { AppDeps } from '../deps.ts';
import { STORE_DOWN_BEFORE_START } from './failure-message.ts';
import { type HeldAck, holdAck } from './held-ack.ts';
import { type PendingCommandHandle, pendingCommand } from './pending-command.ts';
import { respondVia } from './response-url.ts';
import type { RunningCommands } from './running-commands.ts';
import { type Recipient, tellPerson } from './tell-person.ts';
import { WAIT_BUDGETS } from './wait-budgets.ts';

/** What the wrapper reads of any Bolt listener's arguments. */
interface AnyArgs {
  client: WebClient;
  respond?: RespondFn;
  ack?: (response?: unknown) => Promise<void>;
  command?: {
    team_id: string;
    user_id: string;
    channel_id: string;
    command: string;
    text?: string;
    response_url?: string;
    trigger_id?: string;
  };
  body?: {
    response_url?: string;
    response_urls?: readonly { response_url?: string }[];
    team?: { id?: string } | null;
    user?: { id?: string; team_id?: string };
    channel?: { id?: string };
    container?: { channel_id?: string };
  };
}

type Handler<A> = (args: A) => Promise<void>;

interface InTimeOptions {
  /** Defaults: the interactive row of `WAIT_BUDGETS`. */
  firstWordMs?: number;
  /**
   * A command its text alone answers (help, a parse error): it runs at once, without the store's
   * check for a repeat, so it is answered in its ack even while the store is down.
   */
  answeredByText?: (command: NonNullable<AnyArgs['command']>) => boolean;
}

export type { RunningCommands } from './running-commands.ts';

export function answerInTime<A extends AnyArgs>(
  deps: AppDeps,
  handler: Handler<A>,
  running?: RunningCommands,
  options: InTimeOptions = {},
): Handler<A> {
  const firstWordMs = options.firstWordMs ?? WAIT_BUDGETS.interactive.firstWordMs;
  return async (args) => {
    const to = recipientOf(args);
    const command =
      running && args.command && !options.answeredByText?.(args.command) ? args.command : undefined;
    let spoke = false;
    let done = false;
    // Written only if the command has not answered by the time its empty ack goes: from then on it
    // owes its person a result, which the store keeps for another instance should this one die.
    let pending: PendingCommandHandle | undefined;
    // A command's first reply, when ready soon enough, travels in its ack (kit/held-ack.ts).
    const heldAck =
      args.command && args.ack
        ? holdAck(args.ack, deps.logger, {
            clock: deps.clock,
            beforeEmpty: async () => {
              if (!spoke && !done) await pending?.record();
            },
          })
        : undefined;
    // Held while this command runs (here at once, in the store for every instance if it runs
    // long: running-commands.ts); a store that fails holds nothing back: the command runs.
    let held = false;
    if (running && command) {
      const first = await running.start(command).catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'could not mark a command as running');
        return error instanceof StoreUnavailableError ? error : undefined;
      });
      if (first instanceof StoreUnavailableError) {
        // The store is down: whatever the command needs of it would fail too; say so in the ack.
        await sayStoreDown(deps, args, to);
        return;
      }
      if (first === false) {
        await sayStillWorking(deps, args, to);
        return;
      }
      held = first === true;
      pending = pendingCommand(deps, command);
    }
    const letGo = (): void => {
      if (!held || !running || !command) return;
      held = false;
      void running
        .finish(command)
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not clear a running command'));
    };
    const original = fasterRespond(args);
    const respond: RespondFn | undefined = original
      ? async (message) => {
          spoke = true;
          // Answered: the same command typed again now is a new request, not an impatient repeat.
          letGo();
          const sent = await replyVia(heldAck, original, message);
          // The person has an answer: nothing is owed that a crash could lose.
          await pending?.settle();
          return sent;
        }
      : undefined;
    // The client's own wait budget until a result is promised; the promise makes the command patient.
    const patience: Patience = { maxWaitMs: 0 };
    const timer = deps.clock.after(firstWordMs, () => {
      if (spoke || done || !to) return;
      patience.maxWaitMs = WAIT_BUDGETS.interactive.promisedMaxWaitMs;
      void (async () => {
        await heldAck?.release();
        await sayBusy(deps, args.client, original, to);
      })().catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'could not tell a person the service is busy'),
      );
    });
    const given = heldAck ? { ...args, ack: heldAck.ack } : args;
    try {
      await withPatience(patience, () => handler(respond ? { ...given, respond } : given));
    } finally {
      done = true;
      timer.cancel();
      letGo();
      await heldAck?.release();
      await pending?.settle();
    }
  };
}

/**
 * The reply in the held ack when it can go there; else the empty ack goes first (nothing is left
 * for it to carry, and Slack shows the command's answer before what follows it), then the reply to
 * the response_url.
 */
async function replyVia(
  held: HeldAck | undefined,
  original: RespondFn,
  message: string | RespondArguments,
): ReturnType<RespondFn> {
  if (held) {
    if (await held.carry(message)) return undefined as unknown as Awaited<ReturnType<RespondFn>>;
    await held.release();
  }
  return original(message);
}

/** Bolt's `respond` (global `fetch`) swapped for undici's, on the same response_url. */
function fasterRespond(args: AnyArgs): RespondFn | undefined {
  if (!args.respond) return undefined;
  const url =
    args.command?.response_url ?? args.body?.response_url ?? args.body?.response_urls?.[0]?.response_url;
  return url ? respondVia(url) : args.respond;
}

function recipientOf(args: AnyArgs): (Recipient & { teamId: string }) | undefined {
  if (args.command) {
    const { team_id, user_id, channel_id } = args.command;
    return { teamId: team_id, userId: user_id, channelId: channel_id };
  }
  const body = args.body;
  const userId = body?.user?.id;
  const teamId = body?.team?.id ?? body?.user?.team_id;
  if (!userId || !teamId) return undefined;
  return { teamId, userId, channelId: body?.channel?.id ?? body?.container?.channel_id ?? null };
}

/**
 * The busy note's promise: the limiter's wait now (foreseen from every instance's waiters when the
 * budget is shared), plus one request's time.
 */
async function promisedSeconds(deps: AppDeps, teamId: string): Promise<number> {
  let waitMs = 0;
  try {
    const api = await deps.workApi.clientFor(teamId);
    waitMs = api ? await api.limiter.estimateWait() : 0;
  } catch {
    waitMs = 0;
  }
  const bound =
    Math.min(waitMs, WAIT_BUDGETS.interactive.promisedMaxWaitMs) + WAIT_BUDGETS.interactive.inFlightMs;
  return Math.ceil(bound / 1000);
}

export function busyText(seconds: number): string {
  return `:hourglass_flowing_sand: The service is busy; I'll post the result here when it's done, within about ${seconds} s.`;
}

async function sayBusy(
  deps: AppDeps,
  client: WebClient,
  respond: RespondFn | undefined,
  to: Recipient & { teamId: string },
): Promise<void> {
  const text = busyText(await promisedSeconds(deps, to.teamId));
  await say(client, respond, to, { response_type: 'ephemeral', replace_original: false, text });
}

/** The store is down: the command is answered in its ack, within Slack's 3 s, and did nothing. */
async function sayStoreDown(deps: AppDeps, args: AnyArgs, to: Recipient | undefined): Promise<void> {
  const message = {
    response_type: 'ephemeral' as const,
    replace_original: false,
    text: STORE_DOWN_BEFORE_START,
  };
  try {
    if (args.ack) {
      await args.ack({ response_type: message.response_type, text: message.text });
      return;
    }
    await say(args.client, args.respond, to, message);
  } catch (sayError) {
    deps.logger.warn({ err: sayError }, 'could not tell a person the store is down');
  }
}

/** A repeat of a command still running is answered in its own ack: it needs nothing else. */
async function sayStillWorking(deps: AppDeps, args: AnyArgs, to: Recipient | undefined): Promise<void> {
  const shown = `${args.command?.command ?? ''} ${args.command?.text ?? ''}`.trim();
  const text = `:hourglass_flowing_sand: Still working on your earlier \`${shown}\`; I'll post its result here once, when it's done.`;
  const message = { response_type: 'ephemeral' as const, replace_original: false, text };
  try {
    if (args.ack) {
      await args.ack(message);
      return;
    }
    await say(args.client, args.respond, to, message);
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not tell a person a command is still running');
  }
}

async function say(
  client: WebClient,
  respond: RespondFn | undefined,
  to: Recipient | undefined,
  message: RespondArguments & { text: string },
): Promise<void> {
  if (respond) {
    try {
      await respond(message);
      return;
    } catch {
      // An expired or used-up response_url: tell the person in the channel or by DM instead.
    }
  }
  if (to) await tellPerson(client, to, { text: message.text });
}
