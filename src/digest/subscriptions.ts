/**
 * The digest subscriptions of every workspace, over the app's `Store`: create, edit, list by team
 * or channel, pause and resume, and the record of each subscription's latest firing (the post a
 * Done or Snooze edits in place). Records are small JSON values under prefixes of their own
 * (store-keys.ts), so 50,000 subscriptions load with one listing.
 */

import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { type Clock, systemClock } from '../lib/clock.ts';
import type { Store } from '../store/types.ts';
import { digestKeys } from './store-keys.ts';
import {
  type DigestSubscription,
  type DigestSubscriptionInput,
  DigestSubscriptionSchema,
  LocalTimeSchema,
  SubscriptionIdSchema,
  TimeZoneSchema,
} from './types.ts';

/** A digest message as posted: where it is, and the tasks it listed. */
export interface DigestPostRecord {
  /** The conversation Slack answered with (a `D…` id for a personal digest sent to a user id). */
  channel: string;
  ts: string;
  taskIds: number[];
}

/** What became of a subscription's latest firing. */
export interface LastFiring {
  /** The local date it was for, YYYY-MM-DD. */
  localDate: string;
  /** `empty`: nothing was due and the digest stays silent then; `failed`: Slack refused it for good. */
  outcome: 'posted' | 'empty' | 'failed';
  /** ISO instant it was due. */
  scheduledAt: string;
  late: boolean;
  /** ISO instant the outcome was recorded. */
  at: string;
  post?: DigestPostRecord;
  /** Slack's error code, for `failed`. */
  error?: string;
}

/** What scheduling needs of a subscription: read without the whole schema, for all of them at once. */
export type SubscriptionSchedule = Pick<
  DigestSubscription,
  'id' | 'teamId' | 'time' | 'timeZone' | 'days' | 'paused' | 'createdAt'
>;

/** What `create` takes: the id and creation time are made here unless given. */
export type NewDigestSubscription = Omit<DigestSubscriptionInput, 'id' | 'createdAt' | 'paused'> & {
  id?: string;
  createdAt?: string;
};

/** What `update` may change: everything but the identity and the creation time. */
type DigestSubscriptionChanges = Partial<
  Omit<DigestSubscriptionInput, 'id' | 'teamId' | 'createdAt' | 'paused'>
>;

/** Bad input for a subscription: the message names each field that is wrong. */
export class DigestSubscriptionError extends Error {
  override readonly name = 'DigestSubscriptionError';
  readonly issues: string[];
  constructor(message: string, issues: string[] = []) {
    super(message);
    this.issues = issues;
  }
}

/** Options for {@link createDigestSubscriptions}. */
interface DigestSubscriptionsOptions {
  /** Clock for `createdAt`, pauses and firing records. Default: the system clock. */
  clock?: Clock;
  /** Digests one channel may hold; more are refused with a clear error. Default 25. */
  maxPerChannel?: number;
  /** Called for a stored record that no longer reads as a subscription (it is skipped, not fatal). Default: none. */
  onInvalidRecord?: (key: string, problem: string) => void;
}

export interface DigestSubscriptions {
  create(input: NewDigestSubscription): Promise<DigestSubscription>;
  /** Applies changes to an existing subscription; a DigestSubscriptionError when it is unknown or the result is invalid. */
  update(teamId: string, id: string, changes: DigestSubscriptionChanges): Promise<DigestSubscription>;
  get(teamId: string, id: string): Promise<DigestSubscription | undefined>;
  /** Removes a subscription and its firing record. */
  delete(teamId: string, id: string): Promise<boolean>;
  listByTeam(teamId: string): Promise<DigestSubscription[]>;
  /** A channel's digests, oldest first; a personal digest is listed under the user id it is sent to. */
  listByChannel(teamId: string, channelId: string): Promise<DigestSubscription[]>;
  /** `/task digest off`: removes every digest of a channel; answers how many there were. */
  deleteChannel(teamId: string, channelId: string): Promise<number>;
  /** Every subscription of every team (records that no longer parse are skipped). */
  all(): AsyncIterable<DigestSubscription>;
  /**
   * The schedule of every subscription, checked field by field rather than through the whole
   * schema: loading 50,000 at once then makes far less garbage, and a record whose schedule is bad
   * is still skipped (and reported).
   */
  schedules(): AsyncIterable<SubscriptionSchedule>;
  pause(teamId: string, id: string, reason: string): Promise<DigestSubscription | undefined>;
  /** Pauses every digest of a channel; answers those that were not paused before. */
  pauseChannel(teamId: string, channelId: string, reason: string): Promise<DigestSubscription[]>;
  /** Clears a pause (and the channel's pause notice, so a later failure is reported again). */
  resume(teamId: string, id: string): Promise<DigestSubscription | undefined>;
  lastFiring(teamId: string, id: string): Promise<LastFiring | undefined>;
  /** The local date of every subscription's latest firing (what the runner loads at start). */
  allFiredDates(): AsyncIterable<{ teamId: string; id: string; localDate: string }>;
  recordFiring(teamId: string, id: string, firing: LastFiring): Promise<void>;
  /** Changes whenever a subscription is written by anyone on this store; undefined before the first write. */
  revision(): Promise<string | undefined>;
}

/** 12 characters from 72 random bits: unique across workspaces, since firing claims carry no team. */
export function newSubscriptionId(): string {
  return randomBytes(9).toString('base64url');
}

function describe(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

function parse(value: unknown): DigestSubscription {
  const parsed = DigestSubscriptionSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = describe(parsed.error);
  throw new DigestSubscriptionError(`Invalid digest subscription: ${issues.join('; ')}`, issues);
}

const TEAM_ID = /^[A-Z][A-Z0-9]{2,31}$/;

/** The schedule fields of a stored record, or what is wrong with them. */
function readSchedule(raw: unknown): SubscriptionSchedule | string {
  if (typeof raw !== 'object' || raw === null) return 'not an object';
  const r = raw as Record<string, unknown>;
  if (!SubscriptionIdSchema.safeParse(r.id).success) return 'id: not a subscription id';
  if (typeof r.teamId !== 'string' || !TEAM_ID.test(r.teamId)) return 'teamId: not a Slack team id';
  if (!LocalTimeSchema.safeParse(r.time).success) return 'time: not HH:mm';
  if (!TimeZoneSchema.safeParse(r.timeZone).success) return 'timeZone: unknown time zone';
  const days = r.days;
  if (
    !Array.isArray(days) ||
    days.length === 0 ||
    !days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7)
  ) {
    return 'days: not ISO weekdays';
  }
  if (typeof r.createdAt !== 'string' || Number.isNaN(Date.parse(r.createdAt)))
    return 'createdAt: not an instant';
  const paused = r.paused;
  if (paused !== undefined && (typeof paused !== 'object' || paused === null)) return 'paused: not an object';
  return {
    id: r.id as string,
    teamId: r.teamId,
    time: r.time as string,
    timeZone: r.timeZone as string,
    days: days as number[],
    paused: paused as DigestSubscription['paused'],
    createdAt: r.createdAt,
  };
}

function byCreation(a: DigestSubscription, b: DigestSubscription): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;
}

export function createDigestSubscriptions(
  store: Store,
  options: DigestSubscriptionsOptions = {},
): DigestSubscriptions {
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const maxPerChannel = options.maxPerChannel ?? 25;

  const touch = () => store.set(digestKeys.revision, randomUUID());
  const write = async (sub: DigestSubscription) => {
    await store.set(digestKeys.subscription(sub.teamId, sub.id), sub);
    await touch();
    return sub;
  };
  const get = async (teamId: string, id: string) => {
    const raw = await store.get<unknown>(digestKeys.subscription(teamId, id));
    if (raw === undefined) return undefined;
    const parsed = DigestSubscriptionSchema.safeParse(raw);
    if (!parsed.success) {
      options.onInvalidRecord?.(digestKeys.subscription(teamId, id), describe(parsed.error).join('; '));
      return undefined;
    }
    return parsed.data;
  };
  async function* readAll(prefix: string): AsyncIterable<DigestSubscription> {
    for await (const [key, raw] of store.entries<unknown>(prefix)) {
      const parsed = DigestSubscriptionSchema.safeParse(raw);
      if (parsed.success) yield parsed.data;
      else options.onInvalidRecord?.(key, describe(parsed.error).join('; '));
    }
  }
  const listByTeam = async (teamId: string) => {
    const subs: DigestSubscription[] = [];
    for await (const sub of readAll(digestKeys.teamSubscriptions(teamId))) subs.push(sub);
    return subs.sort(byCreation);
  };
  const listByChannel = async (teamId: string, channelId: string) =>
    (await listByTeam(teamId)).filter((sub) => sub.channelId === channelId);
  const forgetFirings = async (teamId: string, id: string) => {
    await store.delete(digestKeys.lastFiring(teamId, id));
    await store.delete(digestKeys.firedDate(teamId, id));
  };
  const setPaused = async (sub: DigestSubscription, reason: string) => {
    const paused = { reason: reason.slice(0, 200) || 'paused', at: now().toISOString() };
    return write({ ...sub, paused });
  };

  return {
    async create(input) {
      const sub = parse({
        ...input,
        id: input.id ?? newSubscriptionId(),
        createdAt: input.createdAt ?? now().toISOString(),
      });
      if (await store.get(digestKeys.subscription(sub.teamId, sub.id))) {
        throw new DigestSubscriptionError(`A digest with id ${sub.id} already exists in this workspace`);
      }
      const inChannel = await listByChannel(sub.teamId, sub.channelId);
      if (inChannel.length >= maxPerChannel) {
        throw new DigestSubscriptionError(
          `This channel already has ${inChannel.length} digests, the most one channel may hold; remove one first`,
        );
      }
      return write(sub);
    },
    async update(teamId, id, changes) {
      const current = await get(teamId, id);
      if (!current) throw new DigestSubscriptionError(`No digest ${id} in this workspace`);
      const { paused, ...rest } = current;
      const next = parse({ ...rest, ...changes, id, teamId, createdAt: current.createdAt });
      return write(paused ? { ...next, paused } : next);
    },
    get,
    async delete(teamId, id) {
      const existed = await store.delete(digestKeys.subscription(teamId, id));
      await forgetFirings(teamId, id);
      if (existed) await touch();
      return existed;
    },
    listByTeam,
    listByChannel,
    async deleteChannel(teamId, channelId) {
      const subs = await listByChannel(teamId, channelId);
      for (const sub of subs) {
        await store.delete(digestKeys.subscription(teamId, sub.id));
        await forgetFirings(teamId, sub.id);
      }
      if (subs.length > 0) await touch();
      return subs.length;
    },
    all: () => readAll(digestKeys.allSubscriptions),
    async *schedules() {
      for await (const [key, raw] of store.entries<unknown>(digestKeys.allSubscriptions)) {
        const schedule = readSchedule(raw);
        if (typeof schedule === 'string') options.onInvalidRecord?.(key, schedule);
        else yield schedule;
      }
    },
    async pause(teamId, id, reason) {
      const sub = await get(teamId, id);
      return sub ? setPaused(sub, reason) : undefined;
    },
    async pauseChannel(teamId, channelId, reason) {
      const paused: DigestSubscription[] = [];
      for (const sub of await listByChannel(teamId, channelId)) {
        if (!sub.paused) paused.push(await setPaused(sub, reason));
      }
      return paused;
    },
    async resume(teamId, id) {
      const sub = await get(teamId, id);
      if (!sub) return undefined;
      const { paused, ...rest } = sub;
      if (!paused) return sub;
      await store.release(digestKeys.pauseNotice(teamId, sub.channelId));
      return write(rest);
    },
    lastFiring: (teamId, id) => store.get<LastFiring>(digestKeys.lastFiring(teamId, id)),
    async *allFiredDates() {
      const prefix = digestKeys.allFiredDates;
      for await (const [key, localDate] of store.entries<unknown>(prefix)) {
        const [teamId = '', id = ''] = key.slice(prefix.length).split(':');
        if (typeof localDate === 'string') yield { teamId, id, localDate };
      }
    },
    async recordFiring(teamId, id, firing) {
      // The full record first: it is what says a digest was sent; the date only speeds up loading.
      await store.set(digestKeys.lastFiring(teamId, id), firing);
      await store.set(digestKeys.firedDate(teamId, id), firing.localDate);
    },
    revision: () => store.get<string>(digestKeys.revision),
  };
}
