/**
 * One acknowledged command's record in the store (`store/repositories/pending-commands.ts`), kept
 * while it owes its person a result: written before the app first promises anything (the empty ack
 * going out, then the busy note), its lease renewed while the command runs, removed once the person
 * has their answer. Should this instance die in between, the record outlives it and another
 * instance tells the person what became of the command (`services/interrupted-commands.ts`).
 */
import type { AppDeps } from '../deps.ts';

/** What a command carries that the record keeps. */
interface CommandOrigin {
  team_id: string;
  user_id: string;
  channel_id: string;
  command: string;
  text?: string;
  trigger_id?: string;
  response_url?: string;
}

export interface PendingCommandHandle {
  /** Writes the record and takes its lease, once; resolves when written (or failed, logged). */
  record(): Promise<void>;
  /** The person has their answer: the record and its lease go (if one was written). */
  settle(): Promise<void>;
}

export function pendingCommand(deps: AppDeps, command: CommandOrigin): PendingCommandHandle | undefined {
  const { pendingCommands: pending, pendingCommandLeaseMs: leaseMs } = deps;
  if (!command.trigger_id || !command.response_url) return undefined;
  const teamId = command.team_id;
  const triggerId = command.trigger_id;
  const receivedAt = deps.clock.now().getTime();
  // Worked out only for a command that is recorded: most answer first and never are.
  let id = '';
  let renewal: AbortController | undefined;
  let written: Promise<boolean> | undefined;
  let settled: Promise<void> | undefined;

  const renew = async (until: AbortController): Promise<void> => {
    // A third of the lease between renewals: two can be late before another instance may take it.
    while (!until.signal.aborted) {
      await deps.clock.sleep(leaseMs / 3, until.signal);
      if (!(await pending.renewLease(teamId, id, leaseMs))) {
        deps.logger.warn({ teamId }, 'a running command’s lease lapsed; another instance may answer for it');
      }
    }
  };

  return {
    record() {
      written ??= (async () => {
        id = pending.idOf(triggerId);
        renewal = new AbortController();
        const renewing = renewal;
        // The lease before the record: no look elsewhere may find the record free while this runs.
        await pending.lease(teamId, id, leaseMs);
        await pending.add({
          id,
          teamId,
          userId: command.user_id,
          channelId: command.channel_id,
          command: command.command,
          text: command.text ?? '',
          triggerId,
          responseUrl: command.response_url ?? '',
          receivedAt,
        });
        void renew(renewing).catch(() => {
          // Stopped (the command ended) or the store failed: the lease then lapses on its own.
        });
        return true;
      })().catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'could not record a running command');
        return false;
      });
      return written.then(() => undefined);
    },
    settle() {
      settled ??= (async () => {
        renewal?.abort();
        if (!written || !(await written)) return;
        renewal?.abort();
        try {
          await pending.remove(teamId, id);
          await pending.releaseLease(teamId, id);
        } catch (error) {
          deps.logger.warn({ err: error }, 'could not clear a finished command’s record');
        }
      })();
      return settled;
    },
  };
}
