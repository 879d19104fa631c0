import { SlackApiError } from '../api-error.ts';

/** Cursors are opaque to callers, as Slack's are: base64 of the next offset. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64');
}

export function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  if (!match) throw new SlackApiError('invalid_cursor');
  return Number(match[1]);
}
