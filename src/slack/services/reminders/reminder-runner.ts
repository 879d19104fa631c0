/**
 * Sends personal reminders when they fall due: a direct message with the task's card as it is now,
 * or nothing when the task is done (or gone) by then. One look every `lookMs` (default 15 s) reads
 * only the reminders already due from the store's time index, so the wake-ups do not grow with the
 * number of reminders. Each reminder is claimed before it is sent, so across instances it goes once.
 */
import type { WebClient } from '@slack/web-api';
import { NotFoundError } from '../../../api/errors.ts';
import { doneFor } from '../../../api/task-lists.ts';
import type { Clock, Timer } from '../../../lib/clock.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { Reminder, Reminders } from '../../../store/repositories/reminders.ts';
import type { AppDeps } from '../../deps.ts';
import { contextLine } from '../../ui/limits.ts';
import { renderTaskCard } from '../../ui/messages/task-card.ts';
import { taskCardModel } from '../task-card-model.ts';
import type { TeamSlackClients } from '../team-slack-clients.ts';

/** Reminders sent in one look at most; the rest wait for the next (a backlog after downtime). */
const PER_LOOK = 200;

export interface ReminderRunner {
  reminders: Reminders;
  /** Sends what is due now; resolves with how many went out. Tests call it after moving the clock. */
  look(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

interface ReminderRunnerOptions {
  reminders: Reminders;
  deps: () => AppDeps;
  slack: TeamSlackClients;
  clock: Clock;
  logger: Logger;
  lookMs?: number | undefined;
}

type Outcome = 'sent' | 'done' | 'gone' | 'no-slack';

export function createReminderRunner(o: ReminderRunnerOptions): ReminderRunner {
  const lookMs = o.lookMs ?? 15_000;
  const logger = o.logger.child({ component: 'reminders' });

  const dm = (client: WebClient, r: Reminder, message: { text: string; blocks?: unknown[] }) =>
    client.chat.postMessage({ channel: r.userId, text: message.text, blocks: message.blocks as never });

  const send = async (r: Reminder): Promise<Outcome> => {
    const deps = o.deps();
    const client = await o.slack(r.teamId);
    if (!client) return 'no-slack';
    const api = await deps.workApi.clientFor(r.teamId);
    const intro = `:alarm_clock: The reminder you set about task #${r.taskId}`;
    if (!api) {
      await dm(client, r, { text: `${intro}: ${r.title}. Taskbridge is no longer connected to read it.` });
      return 'sent';
    }
    let task: Awaited<ReturnType<typeof api.tasks.get>>;
    try {
      task = await api.tasks.get(r.taskId);
    } catch (error) {
      if (error instanceof NotFoundError) return 'gone';
      throw error;
    }
    if (doneFor(api)(task.status)) return 'done';
    const model = await taskCardModel(deps, client, api, { teamId: r.teamId, userId: r.userId, task });
    const card = renderTaskCard(model, o.clock.now());
    await dm(client, r, {
      text: `Reminder: ${card.text}`,
      blocks: [contextLine(`${intro}.`), ...card.blocks],
    });
    return 'sent';
  };

  const look = async (): Promise<number> => {
    let sent = 0;
    for (const r of await o.reminders.due(o.clock.now(), PER_LOOK)) {
      if (!(await o.reminders.claimSending(r))) continue;
      try {
        const outcome = await send(r);
        if (outcome === 'no-slack') {
          await o.reminders.releaseSending(r);
          continue;
        }
        await o.reminders.remove(r);
        if (outcome === 'sent') sent++;
        else logger.info({ taskId: r.taskId, outcome }, 'reminder skipped');
      } catch (error) {
        // Left for the next look once the claim lapses; the record expires a week after its time.
        logger.warn({ err: error, taskId: r.taskId }, 'reminder not sent');
      }
    }
    return sent;
  };

  // A timer on the app clock, not a loop of sleeps: a test's clock moves it, and a look still
  // under way when the next is due lets that one pass.
  let timer: Timer | undefined;
  let looking: Promise<void> | undefined;
  const lookLogged = (): void => {
    looking ??= look()
      .catch((error: unknown) => logger.warn({ err: error }, 'could not look for reminders'))
      .then(() => {
        looking = undefined;
      });
  };
  return {
    reminders: o.reminders,
    look,
    start() {
      if (timer) return;
      timer = o.clock.every(lookMs, lookLogged).unref();
      lookLogged();
    },
    async stop() {
      timer?.cancel();
      await looking;
    },
  };
}
