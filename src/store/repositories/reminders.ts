/**
 * Personal reminders of tasks: "remind me about #42 on Friday at 3pm". Each is kept under its
 * person (what App Home lists) and in one due-time index for every workspace, so the runner's look
 * reads only the reminders already due, however many wait. Sending is claimed, so one instance
 * sends each, once.
 */
import { randomBytes } from 'node:crypto';
import { storeKeys } from '../keys.ts';
import type { Store } from '../types.ts';
import { requirePositiveInt, requireText } from './validate.ts';

export interface Reminder {
  id: string;
  teamId: string;
  userId: string;
  taskId: number;
  projectId: number | null;
  /** The task's title when the reminder was set (Home lists it without a service request). */
  title: string;
  /** When to send it (ISO 8601). */
  at: string;
  createdAt: string;
}

interface ReminderInput {
  teamId: string;
  userId: string;
  taskId: number;
  projectId: number | null;
  title: string;
  at: Date;
}

interface DueEntry {
  teamId: string;
  userId: string;
  id: string;
  at: number;
}

/** A reminder left unsent (the app was down, Slack refused) is dropped this long after its time. */
const KEPT_AFTER_DUE_MS = 7 * 86_400_000;
/** A person keeps this many reminders at most: each is a DM they asked for, not a queue to fill. */
export const MAX_REMINDERS_PER_PERSON = 100;
/** How long one instance holds a reminder while sending it; after a crash another sends it then. */
const SENDING_MS = 5 * 60_000;

export interface Reminders {
  add(input: ReminderInput, now: Date): Promise<Reminder>;
  /** A person's reminders, soonest first. */
  listFor(teamId: string, userId: string): Promise<Reminder[]>;
  get(teamId: string, userId: string, id: string): Promise<Reminder | undefined>;
  /** Removes it (cancelled or sent); false when it was already gone. */
  remove(reminder: Pick<Reminder, 'teamId' | 'userId' | 'id' | 'at'>): Promise<boolean>;
  /** Reminders due at `now`, soonest first, at most `limit`; stale index entries are dropped. */
  due(now: Date, limit: number): Promise<Reminder[]>;
  /** True for exactly one caller across instances: that one sends it. */
  claimSending(reminder: Reminder): Promise<boolean>;
  releaseSending(reminder: Reminder): Promise<void>;
}

export function createReminders(store: Store): Reminders {
  const ttlFor = (at: number, now: number) => Math.max(60_000, at - now + KEPT_AFTER_DUE_MS);
  const repo: Reminders = {
    async add(input, now) {
      const at = input.at.getTime();
      if (!Number.isFinite(at)) throw new TypeError('a reminder needs a valid time');
      const reminder: Reminder = {
        id: randomBytes(9).toString('base64url'),
        teamId: input.teamId,
        userId: input.userId,
        taskId: requirePositiveInt('taskId', input.taskId),
        projectId: input.projectId,
        title: requireText('title', input.title.trim() || `Task ${input.taskId}`, 300),
        at: new Date(at).toISOString(),
        createdAt: now.toISOString(),
      };
      const ttl = ttlFor(at, now.getTime());
      // The record first: an index entry without it is dropped by the next look.
      await store.set(storeKeys.reminder(input.teamId, input.userId, reminder.id), reminder, ttl);
      const entry: DueEntry = { teamId: input.teamId, userId: input.userId, id: reminder.id, at };
      await store.set(storeKeys.reminderDueAt(at, input.teamId, input.userId, reminder.id), entry, ttl);
      return reminder;
    },
    async listFor(teamId, userId) {
      const found: Reminder[] = [];
      for await (const [, r] of store.entries<Reminder>(storeKeys.reminders(teamId, userId))) found.push(r);
      return found.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    },
    get: (teamId, userId, id) => store.get<Reminder>(storeKeys.reminder(teamId, userId, id)),
    async remove(r) {
      const gone = await store.delete(storeKeys.reminder(r.teamId, r.userId, r.id));
      await store.delete(storeKeys.reminderDueAt(Date.parse(r.at), r.teamId, r.userId, r.id));
      return gone;
    },
    async due(now, limit) {
      const found: Reminder[] = [];
      for await (const [key, entry] of store.entries<DueEntry>(storeKeys.reminderDue())) {
        // Keys are in time order: the first one not yet due ends the look.
        if (entry.at > now.getTime() || found.length >= limit) break;
        const reminder = await store.get<Reminder>(storeKeys.reminder(entry.teamId, entry.userId, entry.id));
        if (reminder) found.push(reminder);
        else await store.delete(key);
      }
      return found;
    },
    claimSending: (r) => store.claim(storeKeys.reminderSending(r.teamId, r.id), SENDING_MS),
    releaseSending: (r) => store.release(storeKeys.reminderSending(r.teamId, r.id)),
  };
  return repo;
}
