/**
 * Notifications by direct message to linked people: when they are assigned a task, and once a day
 * (from 09:00 in their own zone) for their tasks due tomorrow. Each is switched on the Home tab;
 * people without a link get nothing.
 */
import type { TaskRecord, WorkApiClient } from '../api/index.ts';
import type { Clock } from '../lib/clock.ts';
import { dueKind, dueOf, toLocalDateString, toLocalTimeString } from '../lib/dates.ts';
import type { Logger } from '../lib/logger.ts';
import type { PostQueue } from '../lib/post-queue.ts';
import { storeKeys } from '../store/keys.ts';
import type { UserLinks } from '../store/repositories/user-links.ts';
import type { Store } from '../store/types.ts';
import type { NotifyChatClient } from './chat-client.ts';
import type { ProjectEvent } from './events/project-event.ts';
import type { CardContext, NotifyCard, NotifyMessage, NotifyMessages } from './messages.ts';
import { newlyAssigned } from './newly-assigned.ts';
import type { NotifyPrefsRepo } from './store/notify-prefs.ts';

/** From this local time on, the day's "due tomorrow" message may go. */
const DUE_REMINDER_FROM = '09:00';
const DUE_CLAIM_TTL_MS = 3 * 24 * 3_600_000;
/**
 * A person's tasks are read from the service for "due tomorrow" at most this often: the reminder timer ticks every
 * 10 minutes, and reading each linked person's tasks at every tick would spend a share of the
 * service's 60 requests a minute that interactive commands need. Two hours still catches a task
 * made due tomorrow later in the day.
 */
export const DUE_RECHECK_MS = 2 * 3_600_000;

interface DirectMessagesOptions {
  store: Store;
  userLinks: UserLinks;
  prefs: NotifyPrefsRepo;
  queue: PostQueue;
  slack: (teamId: string) => Promise<NotifyChatClient | undefined>;
  messages: NotifyMessages;
  /** Reads linked people's time zones in a workspace; undefined where the app cannot read them. */
  zones: (teamId: string) => Promise<PersonZone | undefined>;
  api: (teamId: string) => Promise<WorkApiClient | undefined>;
  /** A member's open tasks, and whether Taskbridge's own copy answered (no request spent). */
  openTasks: (api: WorkApiClient, memberId: number, now: Date) => Promise<OpenTasks>;
  cardContext: (teamId: string, task: TaskRecord) => Promise<CardContext>;
  projectName: (teamId: string, projectId: number | null) => Promise<string | null>;
  clock: Clock;
  logger: Logger;
  signal: () => AbortSignal;
}

/** A person's time zone (their Slack profile's, or a fallback) by their Slack user id. */
export type PersonZone = (slackUserId: string) => Promise<string>;

export interface OpenTasks {
  tasks: TaskRecord[];
  fromView: boolean;
}

/** Whether an event may owe someone an assignment message (who is linked is read when it goes). */
export function mayAssignSomeone(event: ProjectEvent): boolean {
  if (!event.task || (event.kind !== 'task.assigned' && event.kind !== 'task.created')) return false;
  return newlyAssigned([event]).length > 0;
}

export function createDirectMessages(o: DirectMessagesOptions) {
  const post = async (teamId: string, userId: string, message: NotifyMessage) => {
    const slack = await o.slack(teamId);
    if (!slack) return false;
    try {
      await o.queue.send(teamId, userId, o.signal(), () =>
        slack.chat.postMessage({ channel: userId, text: message.text, blocks: message.blocks }),
      );
      return true;
    } catch (error) {
      o.logger.warn({ err: error, teamId }, 'a notification could not be sent by direct message');
      return false;
    }
  };

  const cardOf = async (teamId: string, task: TaskRecord): Promise<NotifyCard> => {
    const [context, projectName] = await Promise.all([
      o.cardContext(teamId, task),
      o.projectName(teamId, task.project_id),
    ]);
    return { ...context, task, projectName };
  };

  return {
    /** DMs each linked person the event newly assigns (their switch on). Returns how many went. */
    async assigned(teamId: string, event: ProjectEvent): Promise<number> {
      if (!event.task || !mayAssignSomeone(event)) return 0;
      let sent = 0;
      for (const member of newlyAssigned([event])) {
        const link = await o.userLinks.findByMember(teamId, member.id);
        if (!link || !(await o.prefs.get(teamId, link.slackUserId)).assigned) continue;
        const message = o.messages.assignedDm(await cardOf(teamId, event.task), o.clock.now());
        if (await post(teamId, link.slackUserId, message)) sent++;
      }
      return sent;
    },

    /**
     * For each linked person whose switch is on and whose local time is past 09:00: their open
     * tasks due tomorrow (in their zone), in one message, each task told once per day.
     */
    async dueTomorrow(teamId: string): Promise<number> {
      const api = await o.api(teamId);
      const zoneOf = await o.zones(teamId);
      if (!api || !zoneOf) return 0;
      const now = o.clock.now();
      let sent = 0;
      for (const link of await o.userLinks.listForTeam(teamId)) {
        try {
          if (!(await o.prefs.get(teamId, link.slackUserId)).dueTomorrow) continue;
          const zone = await zoneOf(link.slackUserId);
          if (toLocalTimeString(now, zone) < DUE_REMINDER_FROM) continue;
          const checkedKey = storeKeys.notifyDueChecked(teamId, link.slackUserId);
          // Compared on the app's clock (the record's own expiry only tidies up).
          const checkedAt = await o.store.get<string>(checkedKey);
          if (checkedAt && now.getTime() - Date.parse(checkedAt) < DUE_RECHECK_MS) continue;
          const today = toLocalDateString(now, zone);
          const tomorrow = nextDay(today);
          const read = await o.openTasks(api, link.memberId, now);
          const tasks = read.tasks.filter((task) => {
            const due = dueOf(task);
            return due !== null && dueDay(due, zone) === tomorrow;
          });
          // Only a read from the service counts (Taskbridge's own copy costs nothing and refreshes
          // itself); a failed read counts neither: the next tick reads again.
          if (!read.fromView) await o.store.set(checkedKey, now.toISOString(), DUE_RECHECK_MS);
          const fresh: TaskRecord[] = [];
          for (const task of tasks) {
            const key = storeKeys.notifyDueSent(teamId, link.slackUserId, task.id, tomorrow);
            if (await o.store.claim(key, DUE_CLAIM_TTL_MS)) fresh.push(task);
          }
          if (fresh.length === 0) continue;
          const rows = await Promise.all(fresh.map((task) => cardOf(teamId, task)));
          if (await post(teamId, link.slackUserId, o.messages.dueTomorrowDm(rows, now))) sent++;
        } catch (error) {
          o.logger.warn({ err: error, teamId }, 'due-tomorrow reminders failed for one person');
        }
      }
      return sent;
    },
  };
}

export type DirectMessages = ReturnType<typeof createDirectMessages>;

/** The local day a task is due on; a date-only due date is the same day everywhere. */
function dueDay(due: Date, zone: string): string {
  return dueKind(due) === 'calendar' ? due.toISOString().slice(0, 10) : toLocalDateString(due, zone);
}

function nextDay(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
