import type { IncomingMessage } from 'node:http';
import { SlackApiError } from './api-error.ts';

/** Larger bodies are refused; Slack's own limits are far below this for every emulated method. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new SlackApiError('request_too_large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Arguments from the query string and a form or JSON body, as the Web API accepts them. */
export function parseArgs(
  contentType: string | undefined,
  body: string,
  query: URLSearchParams,
): Record<string, unknown> {
  const args: Record<string, unknown> = Object.fromEntries(query);
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (body.trim() === '') return args;
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new SlackApiError('invalid_json');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new SlackApiError('invalid_json');
    return { ...args, ...(parsed as Record<string, unknown>) };
  }
  if (type === 'multipart/form-data') {
    // File uploads are not emulated; nothing the app calls sends multipart.
    throw new SlackApiError('invalid_form_data', [
      '[ERROR] multipart bodies are not supported by the emulator',
    ]);
  }
  return { ...args, ...Object.fromEntries(new URLSearchParams(body)) };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

export function basicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
