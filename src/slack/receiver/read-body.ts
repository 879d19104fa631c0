/**
 * Reads a request body into memory up to a limit, without trusting its length header: a body
 * over the limit is refused as soon as it crosses it, so a huge upload costs at most the limit.
 */
import type { IncomingMessage } from 'node:http';

/** Slack's largest payloads (view submissions with big forms) are far below this. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'aborted' };

export function readBody(req: IncomingMessage, limitBytes = DEFAULT_BODY_LIMIT_BYTES): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyRead) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limitBytes) {
        // Stop buffering; the caller answers 413 and the rest of the upload is discarded.
        chunks.length = 0;
        req.resume();
        settle({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => settle({ ok: true, body: Buffer.concat(chunks) }));
    req.on('error', () => settle({ ok: false, reason: 'aborted' }));
    req.on('aborted', () => settle({ ok: false, reason: 'aborted' }));
  });
}
