/**
 * The process logger (pino). Secrets are redacted by key wherever they appear in a logged object,
 * because a token must never reach a log line even when someone logs a whole config or request.
 */
import { pino } from 'pino';

export type Logger = pino.Logger;

const REDACT_KEYS = [
  'token',
  'botToken',
  'userToken',
  'appToken',
  'accessToken',
  'access_token',
  'authorization',
  'Authorization',
  'signingSecret',
  'clientSecret',
  'stateSecret',
  'encryptionKey',
  'password',
];

const REDACT_PATHS = REDACT_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]);

export interface LoggerOptions {
  /** pino level; default 'info'. */
  level?: string;
  /** Where lines go; default stdout. Tests pass a stream to read what was logged. */
  destination?: pino.DestinationStream;
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  return pino(
    { level: opts.level ?? 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    opts.destination,
  );
}
