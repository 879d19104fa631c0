/**
 * Where a task was shown when someone acted on it, so it can be redrawn there once the work is
 * done (after a form closes, say). Carried in sealed form metadata, so it is read back checked.
 */
export type TaskLocation =
  /** A message in a channel (the bot's): chat.update. */
  | { kind: 'channel'; channelId: string; ts: string }
  /** A message reached through a response_url: replaced when `replace`, else answered beside. */
  | { kind: 'response_url'; url: string; replace: boolean }
  /** The person's App Home. */
  | { kind: 'home' };

const SLACK_ID = /^[A-Z0-9]{1,32}$/;
const TS = /^\d{1,12}\.\d{1,8}$/;
const URL = /^https?:\/\/\S{1,990}$/;

/** A location read from outside, or null when it is not one. */
export function readTaskLocation(raw: unknown): TaskLocation | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const l = raw as Record<string, unknown>;
  if (l.kind === 'home') return { kind: 'home' };
  if (l.kind === 'channel') {
    const { channelId, ts } = l;
    return typeof channelId === 'string' && SLACK_ID.test(channelId) && typeof ts === 'string' && TS.test(ts)
      ? { kind: 'channel', channelId, ts }
      : null;
  }
  if (l.kind === 'response_url' && typeof l.url === 'string' && URL.test(l.url)) {
    return { kind: 'response_url', url: l.url, replace: l.replace === true };
  }
  return null;
}
