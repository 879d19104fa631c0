/**
 * A scheduled digest: what is stored per subscription (as JSON, read back through the schema) and
 * one firing of it. Timestamps are ISO strings so that a stored subscription round-trips unchanged.
 */
import { z } from 'zod';
import { IdSchema } from '../contract/index.ts';

/** The default days: Monday to Friday, as ISO weekday numbers (1 = Monday … 7 = Sunday). */
export const DEFAULT_DIGEST_DAYS = [1, 2, 3, 4, 5] as const;

/** Longest "due in the next N days" window; a longer one would not fit a message anyway. */
export const MAX_DUE_WITHIN_DAYS = 31;

/** Ids travel inside Slack option values (≤ 75 chars with the task id), so they stay short and plain. */
export const SubscriptionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'subscription id: 1–32 characters of A–Z, a–z, 0–9, _ or -');

/** Slack ids (team T…, channel C…/G…/D…, user U…/W…): upper-case letters and digits. */
const SlackIdSchema = z.string().regex(/^[A-Z][A-Z0-9]{2,31}$/, 'Slack id such as C0123ABCD');

export const LocalTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time of day as HH:mm (00:00–23:59)');

/** Zones already checked: building a formatter per stored subscription makes loading thousands slow. */
const knownZones = new Set<string>();

function isTimeZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  // A fixed offset such as +05:00 would ignore the clock changes a digest has to follow.
  if (!/^[A-Za-z]/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
  } catch {
    return false;
  }
  // Real zone names are a few hundred; the cap only guards against odd spellings piling up.
  if (knownZones.size < 2_000) knownZones.add(name);
  return true;
}

export const TimeZoneSchema = z
  .string()
  .min(1)
  .refine(isTimeZone, { error: (issue) => `unknown IANA time zone ${JSON.stringify(issue.input)}` });

const IsoInstantSchema = z.iso.datetime({ offset: true });

const DigestSectionsSchema = z
  .strictObject({
    overdue: z.boolean(),
    dueToday: z.boolean(),
    /** Days after today to include as "upcoming"; 0 leaves that section out. */
    dueWithinDays: z.number().int().min(0).max(MAX_DUE_WITHIN_DAYS),
  })
  .refine((s) => s.overdue || s.dueToday || s.dueWithinDays > 0, {
    error: 'sections: choose at least one of overdue, due today or due in the next N days',
  });
export type DigestSections = z.infer<typeof DigestSectionsSchema>;

const DigestFiltersSchema = z.strictObject({
  /** Status names (case-insensitive) or ids as text, as the service's `status` filter reads them. */
  statuses: z.array(z.string().trim().min(1).max(255)).max(50).optional(),
  /** Member ids; a task matches when any of its assignees is listed. */
  assigneeIds: z.array(IdSchema).max(100).optional(),
});

export const DigestSubscriptionSchema = z.strictObject({
  id: SubscriptionIdSchema,
  teamId: SlackIdSchema,
  /** Where the digest is posted: a channel, or a DM for a personal digest. */
  channelId: SlackIdSchema,
  /** The Slack user who set it up: told once if the channel cannot be posted to. */
  createdBy: SlackIdSchema,
  projectIds: z.array(IdSchema).min(1).max(100),
  /** Local wall-clock time of day in `timeZone`. */
  time: LocalTimeSchema,
  timeZone: TimeZoneSchema,
  /** ISO weekdays on which it fires; weekdays by default. */
  days: z
    .array(z.number().int().min(1).max(7))
    .min(1)
    .max(7)
    .refine((d) => new Set(d).size === d.length, { error: 'days: each weekday at most once' })
    .default([...DEFAULT_DIGEST_DAYS]),
  sections: DigestSectionsSchema,
  filters: DigestFiltersSchema.default({}),
  /** Post a short "nothing due" message rather than staying silent. */
  postWhenEmpty: z.boolean().default(false),
  /** Set when posting failed for good (bot removed from the channel…): nothing fires until cleared. */
  paused: z.strictObject({ reason: z.string().min(1).max(200), at: IsoInstantSchema }).optional(),
  createdAt: IsoInstantSchema,
});
export type DigestSubscription = z.infer<typeof DigestSubscriptionSchema>;
/** What a caller writes: defaults (days, filters, postWhenEmpty) may be left out. */
export type DigestSubscriptionInput = z.input<typeof DigestSubscriptionSchema>;

/** One digest to send: a subscription on one of its local days. */
export interface DigestFiring {
  subscriptionId: string;
  /** The subscription's local calendar date the digest is for, YYYY-MM-DD. */
  localDate: string;
  /** The UTC instant it was due. */
  scheduledAt: Date;
  /** Sent after downtime, more than the grace period after `scheduledAt`. */
  late: boolean;
}
