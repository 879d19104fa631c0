/**
 * Reads an error body in any of the shapes services use (api-assumptions.md, "error body"):
 * Laravel's `{message, errors: {field: [..]}}` (what the sandbox sends), `{error: {code, message}}`,
 * `{errors: [{message}]}`, Jira's `{errorMessages: [..], errors: {field: msg}}`, or an empty or
 * non-JSON body. It never throws: a body it cannot read just adds nothing.
 */
import { truncate } from '../lib/truncate.ts';

interface ErrorBodyInfo {
  /** The server's own words, when it gave any. */
  message: string | undefined;
  /** Messages per field (validation failures). */
  fields: Record<string, string[]>;
}

/** Long bodies (an HTML error page, a stack trace) are cut to keep messages readable. */
const MAX_MESSAGE = 300;

export function readErrorBody(text: string): ErrorBodyInfo {
  let json: unknown;
  try {
    json = text.trim() ? JSON.parse(text) : undefined;
  } catch {
    return { message: undefined, fields: {} };
  }
  if (!isRecord(json)) return { message: undefined, fields: {} };

  const messages: string[] = [];
  const fields: Record<string, string[]> = {};
  const addField = (field: string, value: unknown) => {
    const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (list.length) fields[field] = [...(fields[field] ?? []), ...list.map(clip)];
  };

  if (typeof json.message === 'string') messages.push(json.message);
  if (typeof json.error === 'string') messages.push(json.error);
  if (isRecord(json.error) && typeof json.error.message === 'string') messages.push(json.error.message);
  if (typeof json.error_description === 'string') messages.push(json.error_description);
  if (Array.isArray(json.errorMessages)) {
    for (const m of json.errorMessages) if (typeof m === 'string') messages.push(m);
  }
  if (isRecord(json.errors)) {
    for (const [field, value] of Object.entries(json.errors)) addField(field, value);
  } else if (Array.isArray(json.errors)) {
    for (const item of json.errors) {
      if (typeof item === 'string') messages.push(item);
      if (!isRecord(item)) continue;
      const text =
        typeof item.message === 'string'
          ? item.message
          : typeof item.detail === 'string'
            ? item.detail
            : undefined;
      const field =
        typeof item.field === 'string' ? item.field : typeof item.path === 'string' ? item.path : undefined;
      if (text && field) addField(field, text);
      else if (text) messages.push(text);
    }
  }
  const message = messages.map((m) => m.trim()).filter(Boolean)[0];
  return { message: message === undefined ? undefined : clip(message), fields };
}

function clip(text: string): string {
  return truncate(text, MAX_MESSAGE);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
