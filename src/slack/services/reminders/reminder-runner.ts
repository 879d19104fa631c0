/**
 * Sends personal reminders when they fall due: a direct message with the task's card as it is now,
 * or nothing when the task is done (or gone) by then. One look every `lookMs` (default 15 s) reads
 * only the reminders already due from the store's time index, so the wake-ups do not grow with the
 * number of reminders. Each reminder is claimed before it is sent, so across instances it goes once.
 * The tasks of a look are read together where they can be: a project with several reminders due
 * in one look has its task list read once (fresh, not from a cache) rather than each task, so a
 * busy minute stays inside the token's budget (bench/reminder-delivery.ts).
 */
import type { WebClient } from '@slack/web-api';
import { NotFoundError } from '../../../api/errors.ts';
import type { TaskRecord, WorkApiClient } from '../../../api/index.ts';
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

/** A project's list is read for a look once this many of its reminders are due in it. */
const LIST_FROM = 2;

/** The tasks of the projects with several reminders in `due`, by id; read fresh. */
async function readTogether(api: WorkApiClient, due: readonly Reminder[]): Promise<Map<number, TaskRecord>> {
  const perProject = new Map<number, number>();
  for (const r of due)
    if (r.projectId !== null) perProject.set(r.projectId, (perProject.get(r.projectId) ?? 0) + 1);
  const tasks = new Map<number, TaskRecord>();
  for (const [projectId, count] of perProject) {
    if (count < LIST_FROM) continue;
    const page = await api.tasks.listByProject(projectId, { per_page: 100 }, { fresh: true });
    for (const t of page.data) tasks.set(t.id, t);
  }
  return tasks;
}

type ReadAhead = (teamId: string, api: WorkApiClient) => Promise<Map<number, TaskRecord>>;

export function createReminderRunner(o: ReminderRunnerOptions): ReminderRunner {
  const lookMs = o.lookMs ?? 15_000;
  const logger = o.logger.child({ component: 'reminders' });

  const dm = (client: WebClient, r: Reminder, message: { text: string; blocks?: unknown[] }) =>
    client.chat.postMessage({ channel: r.userId, text: message.text, blocks: message.blocks as never });

  const send = async (r: Reminder, readAhead: ReadAhead): Promise<Outcome> => {
    const deps = o.deps();
    const client = await o.slack(r.teamId);
    if (!client) return 'no-slack';
    const api = await deps.workApi.clientFor(r.teamId);
    const intro = `:alarm_clock: The reminder you set about task #${r.taskId}`;
    if (!api) {
      await dm(client, r, { text: `${intro}: ${r.title}. Taskbridge is no longer connected to read it.` });
      return 'sent';
    }
    let task: TaskRecord;
    try {
      task = (await readAhead(r.teamId, api)).get(r.taskId) ?? (await api.tasks.get(r.taskId));
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
    const due = await o.reminders.due(o.clock.now(), PER_LOOK);
    // Per workspace, read when its first reminder goes; a failed read leaves each to its own get.
    const read = new Map<string, Promise<Map<number, TaskRecord>>>();
    const readAhead: ReadAhead = (teamId, api) => {
      let tasks = read.get(teamId);
      if (!tasks) {
        const mine = due.filter((r) => r.teamId === teamId);
        tasks = readTogether(api, mine).catch((error: unknown) => {
          logger.info({ err: error }, 'reminders read one by one: the list read failed');
          return new Map<number, TaskRecord>();
        });
        read.set(teamId, tasks);
      }
      return tasks;
    };
    for (const r of due) {
      if (!(await o.reminders.claimSending(r))) continue;
      try {
        const outcome = await send(r, readAhead);
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
