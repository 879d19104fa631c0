/**
 * What the create-task modal carries in `private_metadata`: where it was opened from, so the
 * submission can post in the right thread. Compact keys keep it far below Slack's 3000 characters;
 * `seal`/`open` hooks let the caller sign it (see kit/metadata-signer.ts).
 */
import { LIMITS } from '../../ui/limits.ts';

export interface CreateTaskMetadata {
  /** Where the modal was opened from. */
  source: 'command' | 'message' | 'global' | 'home';
  channelId: string | null;
  /** The source message (message shortcut), to reply in its thread. */
  messageTs: string | null;
  /** The thread the source message is in, if any. */
  threadTs: string | null;
  /** The source message's permalink, kept in the description and linked from the thread reply. */
  permalink: string | null;
  /** The project chosen when the modal opened. */
  projectId: number | null;
}

const SOURCES = ['command', 'message', 'global', 'home'] as const;
const SLACK_ID = /^[A-Z0-9]{1,32}$/;
const TS = /^\d{1,12}\.\d{1,8}$/;

/** The compact form: short keys, nulls left out. */
function toMetadataPayload(meta: CreateTaskMetadata): Record<string, string | number> {
  const payload: Record<string, string | number> = { s: meta.source };
  if (meta.channelId) payload.c = meta.channelId;
  if (meta.messageTs) payload.m = meta.messageTs;
  if (meta.threadTs) payload.t = meta.threadTs;
  if (meta.permalink) payload.l = meta.permalink;
  if (meta.projectId !== null) payload.p = meta.projectId;
  return payload;
}

function str(value: unknown, pattern: RegExp): string | null {
  return typeof value === 'string' && pattern.test(value) ? value : null;
}

/** Reads the compact form back, checking every field; null when it isn't ours. */
function fromMetadataPayload(payload: unknown): CreateTaskMetadata | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const raw = payload as Record<string, unknown>;
  const source = SOURCES.find((s) => s === raw.s);
  if (!source) return null;
  const permalink = typeof raw.l === 'string' && /^https:\/\/\S+$/.test(raw.l) ? raw.l : null;
  const projectId = typeof raw.p === 'number' && Number.isSafeInteger(raw.p) && raw.p > 0 ? raw.p : null;
  return {
    source,
    channelId: str(raw.c, SLACK_ID),
    messageTs: str(raw.m, TS),
    threadTs: str(raw.t, TS),
    permalink,
    projectId,
  };
}

/**
 * The metadata as a string of at most 3000 characters: `seal` (default JSON) turns the compact form
 * into text; if that is too long the permalink, the only unbounded part, is left out.
 */
export function encodeCreateTaskMetadata(
  meta: CreateTaskMetadata,
  seal: (payload: unknown) => string = JSON.stringify,
): string {
  const full = seal(toMetadataPayload(meta));
  if (full.length <= LIMITS.privateMetadata) return full;
  return seal(toMetadataPayload({ ...meta, permalink: null }));
}

/** Reads metadata back with `open` (default JSON; a signer's `open` may throw): null when unreadable. */
export function decodeCreateTaskMetadata(
  text: string | undefined,
  open: (text: string) => unknown = JSON.parse,
): CreateTaskMetadata | null {
  if (!text) return null;
  try {
    return fromMetadataPayload(open(text));
  } catch {
    return null;
  }
}
