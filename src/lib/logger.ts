/**
 * The process logger (pino). Secrets are redacted by key wherever they appear in a logged object,
 * because a token must never reach a log line even when someone logs a whole config or request;
 * and the configured secrets' values are redacted from every line as written, whatever put them
 * there (a library's debug line of a request body, an error quoting a URL).
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

interface LoggerOptions {
  /** pino level; default 'info'. */
  level?: string;
  /** Where lines go; default stdout. Tests pass a stream to read what was logged. */
  destination?: pino.DestinationStream;
  /** Values that must never be written (tokens, secrets, keys): replaced in every line. */
  secrets?: ReadonlyArray<string | undefined>;
}

/** How many times over a secret may have been JSON-escaped in a line (a JSON body quoted in a message quoted in JSON…). */
const JSON_DEPTHS = 3;

/** Secrets shorter than this are not searched for: they would redact ordinary words. */
const MIN_SECRET_LENGTH = 8;

/**
 * A line with each secret's value replaced, as written raw, escaped by JSON up to three times (a
 * library's message that holds a JSON body is itself a JSON string in the line) or URL-encoded.
 */
function secretScrubber(secrets: ReadonlyArray<string | undefined>): ((line: string) => string) | undefined {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(encodeURIComponent(secret));
    let form = secret;
    for (let depth = 0; depth <= JSON_DEPTHS; depth++) {
      forms.add(form);
      form = JSON.stringify(form).slice(1, -1);
    }
  }
  if (forms.size === 0) return undefined;
  // Longest first, so a secret that contains another is replaced whole.
  const pattern = new RegExp(
    [...forms]
      .sort((a, b) => b.length - a.length)
      .map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  );
  return (line) => line.replace(pattern, '[redacted]');
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const scrub = secretScrubber(opts.secrets ?? []);
  return pino(
    {
      level: opts.level ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      ...(scrub ? { hooks: { streamWrite: scrub } } : {}),
    },
    opts.destination,
  );
}
