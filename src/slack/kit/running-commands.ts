/**
 * Commands running now, shared by every instance through the store, so that the same command typed
 * again while the first is still working, on whichever instance Slack sends it to, is answered
 * "still working" rather than run twice.
 *
 * A command is held in this instance from its start until it first answers (or ends). It is held
 * in the store only once it has run for `sharedAfterMs` without answering: most commands answer
 * sooner, and then cost one store read rather than a claim and its release (two writes, each a
 * commit). A person cannot type a command again within that time; a repeat comes when the first
 * is slow, and by then the store holds it.
 */
import { hash } from 'node:crypto';
import { type Clock, systemClock, type Timer } from '../../lib/clock.ts';
import { storeKeys } from '../../store/keys.ts';
import type { Store } from '../../store/types.ts';
import { WAIT_BUDGETS } from './wait-budgets.ts';

/** What identifies a command: the same person, channel and text (spaces folded) is a repeat. */
export interface CommandIdentity {
  team_id: string;
  user_id: string;
  channel_id: string;
  command: string;
  text?: string;
}

export interface RunningCommands {
  /** True when the command was not running (it now is, until `finish` or the hold lapses). */
  start(command: CommandIdentity): Promise<boolean>;
  finish(command: CommandIdentity): Promise<void>;
}

/**
 * Longest a command is held: its longest wait for the service and one request, twice. An instance
 * that dies mid-command holds back a repeat no longer than this.
 */
const RUNNING_HOLD_MS = 2 * (WAIT_BUDGETS.interactive.maxWaitMs + WAIT_BUDGETS.interactive.inFlightMs);

interface Held {
  timer?: Timer | undefined;
  claimed: boolean;
  until: number;
}

/** How long a command runs before the store holds it for every instance to see. */
const SHARED_AFTER_MS = 250;

export function runningCommandsIn(
  store: Store,
  clock: Clock = systemClock,
  holdMs = RUNNING_HOLD_MS,
  sharedAfterMs = SHARED_AFTER_MS,
): RunningCommands {
  /**
   * This instance's running commands: the timer that will claim each (or `claimed` once it has),
   * and when the hold lapses here as it would in the store, should a command never end.
   */
  const here = new Map<string, Held>();
  /** Each running command's own hold, so that its end clears that one and not a later start's. */
  const holds = new WeakMap<CommandIdentity, Held>();
  const runningHere = (key: string): boolean => {
    const held = here.get(key);
    return held !== undefined && held.until > clock.now().getTime();
  };
  return {
    async start(command) {
      const key = keyOf(command);
      if (runningHere(key) || (await store.claimed(key))) return false;
      // Checked again: another start of the same command may have been waiting on the read too.
      if (runningHere(key)) return false;
      const held: Held = { claimed: false, until: clock.now().getTime() + holdMs };
      held.timer = clock.after(sharedAfterMs, () => {
        held.timer = undefined;
        void store.claim(key, holdMs).then(
          (won) => {
            // Lost only to the same command started elsewhere within that time: both run.
            held.claimed = won;
            if (won && here.get(key) !== held) void store.release(key).catch(() => {});
          },
          // A store that fails holds nothing back, as at the start (kit/in-time.ts): the command runs.
          () => {},
        );
      });
      held.timer.unref();
      here.set(key, held);
      holds.set(command, held);
      return true;
    },
    async finish(command) {
      const held = holds.get(command);
      if (!held) return;
      holds.delete(command);
      const key = keyOf(command);
      if (here.get(key) === held) here.delete(key);
      if (held.timer) held.timer.cancel();
      else if (held.claimed) await store.release(key);
    },
  };
}

/** Each command's key, worked out once for its `start` and its `finish` (a hash each time otherwise). */
const keys = new WeakMap<CommandIdentity, string>();

function keyOf(command: CommandIdentity): string {
  let key = keys.get(command);
  if (key === undefined) {
    key = keyFor(command);
    keys.set(command, key);
  }
  return key;
}

function keyFor(command: CommandIdentity): string {
  const text = `${command.command} ${(command.text ?? '').trim().replace(/\s+/g, ' ')}`;
  // The one-shot digest: the same hex as a Hash object's, without building one per command.
  const digest = hash('sha256', text, 'hex').slice(0, 32);
  return storeKeys.runningCommand(command.team_id, command.user_id, command.channel_id, digest);
}
