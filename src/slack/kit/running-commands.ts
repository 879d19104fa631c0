/**
 * Commands running now, shared by every instance through the store: a command is held by a claim
 * from its start until it first answers (or ends), so the same command typed again meanwhile, on
 * whichever instance Slack sends it to, is answered "still working" rather than run twice.
 */
import { hash } from 'node:crypto';
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
export const RUNNING_HOLD_MS = 2 * (WAIT_BUDGETS.interactive.maxWaitMs + WAIT_BUDGETS.interactive.inFlightMs);

export function runningCommandsIn(store: Store, holdMs = RUNNING_HOLD_MS): RunningCommands {
  return {
    start: (command) => store.claim(keyOf(command), holdMs),
    finish: (command) => store.release(keyOf(command)),
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
