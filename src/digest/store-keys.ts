/**
 * Where the digest keeps its records in the store. Subscriptions and their firing state live
 * under separate prefixes, so a firing's bookkeeping never rewrites (and never races with) an
 * edit of the subscription itself, and the runner loads each kind with one prefix listing.
 */

/** Slack ids and subscription ids never hold ':', so every prefix below is exact. */
const PLAIN = /^[A-Za-z0-9_-]{1,64}$/;

function part(field: string, value: string): string {
  if (!PLAIN.test(value))
    throw new TypeError(`${field} must be letters, digits, _ or - (got ${JSON.stringify(value)})`);
  return value;
}

function projectNumber(projectId: number): string {
  if (!Number.isSafeInteger(projectId) || projectId < 0)
    throw new TypeError(`project id must be a whole number (got ${projectId})`);
  return String(projectId);
}

export const digestKeys = {
  /** Every subscription of every team. */
  allSubscriptions: 'digest:sub:',
  teamSubscriptions: (teamId: string) => `digest:sub:${part('teamId', teamId)}:`,
  subscription: (teamId: string, id: string) =>
    `${digestKeys.teamSubscriptions(teamId)}${part('subscription id', id)}`,
  /** The latest firing done per subscription, in full (its post, to edit in place). */
  lastFiring: (teamId: string, id: string) =>
    `digest:last:${part('teamId', teamId)}:${part('subscription id', id)}`,
  /**
   * Just the local date of that firing: what loading every subscription needs, a fraction of the
   * bytes to read (and of the garbage to collect) for 50,000 of them.
   */
  allFiredDates: 'digest:fired:',
  firedDate: (teamId: string, id: string) =>
    `digest:fired:${part('teamId', teamId)}:${part('subscription id', id)}`,
  /** What the workspace's last read-ahead needed, which sizes the next one's lead (read-lead.ts). */
  readLead: (teamId: string) => `digest:lead:${part('teamId', teamId)}`,
  /** A project's list read ahead by one instance, for the others and for whichever posts (shared-ahead.ts). */
  aheadList: (teamId: string, projectId: number) =>
    `digest:ahead:${part('teamId', teamId)}:${projectNumber(projectId)}`,
  /** Held while one instance reads a project ahead, so the others wait for its list instead of reading too. */
  aheadRead: (teamId: string, projectId: number) =>
    `digest:ahead-read:${part('teamId', teamId)}:${projectNumber(projectId)}`,
  /** Changes on every subscription write, so a runner knows to reload. */
  revision: 'digest:revision',
  /** Claimed by whoever tells the people who set up a channel's digests that it was paused. */
  pauseNotice: (teamId: string, channelId: string) =>
    `digest:pause-notice:${part('teamId', teamId)}:${part('channelId', channelId)}`,
} as const;

/** `teamId:id`: how the runner names a subscription in its maps. */
export function subscriptionRef(teamId: string, id: string): string {
  return `${teamId}:${id}`;
}
