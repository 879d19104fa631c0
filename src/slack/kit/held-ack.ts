/**
 * A slash command's empty ack, held a moment so that the handler's first reply can travel in it:
 * Slack shows a message in the ack as the command's answer, so a reply ready in time needs no
 * second request to the response_url (one round trip less for the person, one request less for the
 * app). The hold ends well inside Slack's 3 s and before the busy note (`kit/in-time.ts`); after it,
 * the empty ack goes and replies take the response_url as before.
 */
import type { RespondArguments } from '@slack/bolt';
import { type Clock, systemClock, type Timer } from '../../lib/clock.ts';
import type { Logger } from '../../lib/logger.ts';

/**
 * The longest a command's empty ack waits for the first reply: long enough for most service calls,
 * while Slack's 3 s (which also covers the network both ways) keeps 2 s to spare, and before the
 * busy note at 1.5 s.
 */
export const ACK_HOLD_MS = 1_000;

type Ack = (response?: unknown) => Promise<void>;

export interface HeldAck {
  /** Bolt's `ack` as the handler sees it: a message goes at once; an empty ack is held. */
  ack: Ack;
  /**
   * Sends `message` as the ack when the empty ack is still held and the message is a new ephemeral
   * one (not a replacement or a deletion; an in-channel message in an ack would also show the
   * person's command in the channel, so those keep the response_url); resolves false, sending
   * nothing, otherwise.
   */
  carry(message: string | RespondArguments): Promise<boolean>;
  /** Sends the empty ack now if it is still held (the handler ended, or the busy note is due). */
  release(): Promise<void>;
}

interface HoldOptions {
  holdMs?: number;
  /**
   * Runs before the empty ack goes (the command then owes a result it has not given): the ack waits
   * for it, up to `beforeEmptyMs`, so the command is recorded before anything is promised.
   */
  beforeEmpty?: () => Promise<void>;
  beforeEmptyMs?: number;
  /** Times the hold and `beforeEmptyMs` (default: the system clock). */
  clock?: Clock;
}

/** The longest the empty ack waits for `beforeEmpty`: Slack's 3 s still has room after the hold. */
const BEFORE_EMPTY_MS = 500;

export function holdAck(boltAck: Ack, logger: Logger, options: HoldOptions = {}): HeldAck {
  const { holdMs = ACK_HOLD_MS, beforeEmpty, beforeEmptyMs = BEFORE_EMPTY_MS, clock = systemClock } = options;
  let state: 'waiting' | 'held' | 'sent' = 'waiting';
  let timer: Timer | undefined;
  let emptyGoing: Promise<void> | undefined;
  const send = async (response?: unknown): Promise<void> => {
    state = 'sent';
    timer?.cancel();
    await boltAck(response);
  };
  const sendEmpty = async (): Promise<void> => {
    state = 'sent';
    timer?.cancel();
    if (beforeEmpty) await withinMs(beforeEmpty(), beforeEmptyMs, clock);
    await boltAck();
  };
  const sendLogged = (): Promise<void> => {
    emptyGoing ??= sendEmpty().catch((error: unknown) =>
      logger.warn({ err: error }, 'could not acknowledge a command'),
    );
    return emptyGoing;
  };
  return {
    ack: (response) => {
      if (state !== 'waiting') return Promise.resolve();
      if (response !== undefined) return send(response);
      state = 'held';
      timer = clock.after(holdMs, () => void sendLogged());
      return Promise.resolve();
    },
    async carry(message) {
      if (state !== 'held') return false;
      const body = typeof message === 'string' ? { text: message } : message;
      if (body.replace_original === true || body.delete_original === true) return false;
      if (body.response_type === 'in_channel') return false;
      await send(body);
      return true;
    },
    release: () => (state === 'held' ? sendLogged() : (emptyGoing ?? Promise.resolve())),
  };
}

/** `work`, or nothing once `ms` have passed (its failure is its own to log). */
async function withinMs(work: Promise<void>, ms: number, clock: Clock): Promise<void> {
  const stop = new AbortController();
  const late = clock.sleep(ms, stop.signal).catch(() => undefined);
  await Promise.race([work.catch(() => undefined), late]);
  stop.abort();
}
