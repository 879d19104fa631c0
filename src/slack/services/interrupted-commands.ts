/**
 * Commands whose instance died before their person had an answer (`store/repositories/
 * pending-commands.ts`): every instance looks for records whose lease has lapsed, takes one, finds
 * out what became of the command, tells the person, and removes the record. A `/task new` is
 * checked first, by its idempotency record and then on the service, so the person reads whether
 * the task exists; nothing is ever created here, so nothing is created twice. Told at least once:
 * an instance that dies while telling leaves the record to the next look.
 */
import type { WorkApiClient } from '../../api/index.ts';
import type { Clock, Timer } from '../../lib/clock.ts';
import type { Logger } from '../../lib/logger.ts';
import { slackDate } from '../../slack-platform/date-tokens.ts';
import { escapeMrkdwn, truncate } from '../../slack-platform/mrkdwn.ts';
import type { Idempotency } from '../../store/repositories/idempotency.ts';
import type { PendingCommand, PendingCommands } from '../../store/repositories/pending-commands.ts';
import { parseTaskCommand } from '../commands/parse.ts';
import { onceKey } from '../kit/once.ts';
import { postToResponseUrl } from '../kit/response-url.ts';
import { tellPerson } from '../kit/tell-person.ts';
import { WAIT_BUDGETS } from '../kit/wait-budgets.ts';
import type { TeamSlackClients } from './team-slack-clients.ts';

/** A response_url answers for 30 minutes; a little less, so the post does not race its end. */
const RESPONSE_URL_MS = 29 * 60_000;
/** A task stamped this long before the command still counts as its own (the service's clock may differ). */
const CLOCK_MARGIN_MS = 30_000;
/** The longest a request is in flight: after this, one sent before an instance died has its answer. */
const IN_FLIGHT_MS = WAIT_BUDGETS.interactive.inFlightMs;
/** Verbs that only read: running one again is always safe. */
const READS = new Set([
  'mine',
  'list',
  'show',
  'projects',
  'members',
  'goals',
  'automations',
  'mindmaps',
  'workspaces',
  'subscriptions',
  'help',
]);

interface InterruptedCommandsOptions {
  pending: PendingCommands;
  idempotency: Idempotency;
  /** The workspace's service client, when it is connected. */
  api(teamId: string): Promise<WorkApiClient | undefined>;
  slack: TeamSlackClients;
  /** The lease a look takes on a record while it answers for it. */
  leaseMs: number;
  /** How often each instance looks. */
  lookMs: number;
  clock: Clock;
  logger: Logger;
}

interface InterruptedCommands {
  /** Answers for every record whose lease has lapsed; true when any record (lapsed or not) was there. */
  look(): Promise<boolean>;
  start(): void;
  stop(): Promise<void>;
}

export function createInterruptedCommands(o: InterruptedCommandsOptions): InterruptedCommands {
  const answerFor = async (teamId: string, id: string): Promise<void> => {
    if (!(await o.pending.lease(teamId, id, o.leaseMs))) return;
    try {
      const entry = await o.pending.get(teamId, id);
      if (entry) {
        const text = await whatBecameOf(entry);
        // Not known yet: a request of the dead instance's may still be answered; a later look asks again.
        if (text === undefined) {
          await o.pending.releaseLease(teamId, id);
          return;
        }
        await tell(entry, text);
        await o.pending.remove(teamId, id);
      }
    } catch (error) {
      // Kept, lease and all, until the lease lapses: the next look after that tries again.
      o.logger.warn({ err: error, teamId }, 'could not answer for an interrupted command; tried again later');
      return;
    }
    await o.pending.releaseLease(teamId, id);
  };

  const whatBecameOf = async (entry: PendingCommand): Promise<string | undefined> => {
    const shown = `\`${truncate(`${entry.command} ${entry.text}`.trim(), 200).replace(/`/g, "'")}\``;
    const at = new Date(entry.receivedAt);
    const when = slackDate(at, '{time}', `${at.toISOString().slice(11, 16)} UTC`);
    const head = `:warning: Your ${shown} from ${when} was interrupted (Taskbridge restarted)`;
    const intent = parseTaskCommand(entry.text);
    if (intent.kind !== 'error' && intent.verb === 'new' && intent.title) {
      const made = await createdTask(entry, intent.title);
      if (made === 'unsettled') return undefined;
      if (made)
        return `${head}, but it did its work: task #${made.id} *${escapeMrkdwn(truncate(made.title, 150))}* was created. \`/task show ${made.id}\` shows it.`;
      return `${head}; the task was not created. Run it again.`;
    }
    if (intent.kind !== 'error' && READS.has(intent.verb))
      return `${head}; it changed nothing. Run it again.`;
    return `${head} before it could say whether it was done. Check before running it again.`;
  };

  /** The task a `/task new` made, if it made one: its stored result, else a look on the service. */
  const createdTask = async (
    entry: PendingCommand,
    title: string,
  ): Promise<{ id: number; title: string } | 'unsettled' | undefined> => {
    const key = onceKey({
      purpose: 'create-task',
      kind: 'trigger',
      teamId: entry.teamId,
      triggerId: entry.triggerId,
    });
    const outcome = await o.idempotency.peek<{ id: number; title: string }>(key);
    if (outcome.state === 'done') return outcome.value;
    // Never claimed: the creation had not begun.
    if (outcome.state === 'none') return undefined;
    // Claimed and no result: the request may have reached the service before the instance died,
    // and the service may still be carrying it out. A request's time after the instance was found
    // gone, every answer is in: the service is asked then, once.
    const now = o.clock.now().getTime();
    if (entry.orphanedAt === undefined) {
      await o.pending.update({ ...entry, orphanedAt: now });
      return 'unsettled';
    }
    if (now - entry.orphanedAt < IN_FLIGHT_MS) return 'unsettled';
    const api = await o.api(entry.teamId);
    if (!api) return undefined;
    const page = await api.tasks.list({ q: title.trim(), per_page: 100 });
    return page.data.find(
      (t) => t.title === title.trim() && Date.parse(t.created_at) >= entry.receivedAt - CLOCK_MARGIN_MS,
    );
  };

  const tell = async (entry: PendingCommand, text: string): Promise<void> => {
    if (o.clock.now().getTime() - entry.receivedAt < RESPONSE_URL_MS) {
      try {
        await postToResponseUrl(entry.responseUrl, {
          response_type: 'ephemeral',
          replace_original: false,
          text,
        });
        return;
      } catch {
        // Used up (five posts) or expired: a message in the channel, seen only by them, or a DM.
      }
    }
    const client = await o.slack(entry.teamId);
    if (!client) throw new Error('no Slack client for the workspace');
    await tellPerson(client, { userId: entry.userId, channelId: entry.channelId }, { text });
  };

  /** Answers whether any record was there (lapsed or not). */
  const look = async (): Promise<boolean> => {
    const teams = await o.pending.teams();
    for (const teamId of teams) {
      for (const id of await o.pending.waiting(teamId)) await answerFor(teamId, id);
    }
    return teams.length > 0;
  };
  // With no record at all, none can lapse sooner than a lease from now (each is leased as it is
  // written): look again after half of one rather than every `lookMs`.
  const quietMs = Math.max(o.lookMs, o.leaseMs / 2);

  // A timer on the app clock, not a loop of sleeps: a test's clock moves it. The next look is set
  // once this one has ended: after `lookMs` while records exist, `quietMs` while there are none.
  let timer: Timer | undefined;
  let looking: Promise<void> | undefined;
  let running = false;
  const lookThenWait = (): void => {
    looking = look()
      .catch((error: unknown) => {
        o.logger.warn({ err: error }, 'could not look for interrupted commands');
        return true;
      })
      .then((any) => {
        looking = undefined;
        if (running) timer = o.clock.after(any ? o.lookMs : quietMs, lookThenWait).unref();
      });
  };
  return {
    look,
    start() {
      if (running) return;
      running = true;
      lookThenWait();
    },
    async stop() {
      running = false;
      timer?.cancel();
      await looking;
    },
  };
}
