/** A Web API failure: answered as HTTP 200 `{ok:false, error, response_metadata?}`, as Slack does. */
export class SlackApiError extends Error {
  override readonly name = 'SlackApiError';
  readonly error: string;
  readonly messages: readonly string[];

  constructor(error: string, messages: readonly string[] = []) {
    super(messages.length > 0 ? `${error}: ${messages.join('; ')}` : error);
    this.error = error;
    this.messages = messages;
  }

  toResponse(): Record<string, unknown> {
    return this.messages.length > 0
      ? { ok: false, error: this.error, response_metadata: { messages: [...this.messages] } }
      : { ok: false, error: this.error };
  }
}

export type Args = Record<string, unknown>;

/** Reads a string argument; form bodies carry every value as a string, JSON bodies may not. */
export function stringArg(args: Args, name: string, missingError?: string): string | undefined {
  const value = args[name];
  if (value === undefined || value === null || value === '') {
    if (missingError) throw new SlackApiError(missingError, [`[ERROR] missing required field: ${name}`]);
    return undefined;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') {
    throw new SlackApiError('invalid_arguments', [
      `[ERROR] ${name} must be a string [json-pointer:/${name}]`,
    ]);
  }
  return value;
}

export function requireStringArg(args: Args, name: string, missingError = 'invalid_arguments'): string {
  return stringArg(args, name, missingError)!;
}

export function boolArg(args: Args, name: string): boolean | undefined {
  const value = args[name];
  if (value === undefined || value === null || value === '') return undefined;
  return value === true || value === 'true' || value === '1' || value === 1;
}

export function intArg(args: Args, name: string, fallback: number, max: number): number {
  const value = args[name];
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(number) || number < 0) {
    throw new SlackApiError('invalid_arguments', [`[ERROR] ${name} must be a non-negative integer`]);
  }
  return number === 0 ? fallback : Math.min(number, max);
}

/**
 * Reads a JSON argument: form bodies (what @slack/web-api sends) carry objects as JSON strings,
 * JSON bodies carry them as they are.
 */
export function jsonArg(args: Args, name: string, badFormatError: string): unknown {
  const value = args[name];
  if (typeof value !== 'string') return value;
  if (value === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw new SlackApiError(badFormatError, [`[ERROR] ${name} is not valid JSON [json-pointer:/${name}]`]);
  }
}
