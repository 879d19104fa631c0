import { parseArgs } from 'node:util';
import { PROFILE_NAMES, type ProfileName } from './http/answer-profile.ts';
import { FaultOptionsSchema } from './http/fault-controller.ts';
import { DEFAULT_HOST, DEFAULT_PORT, type FaultOptions, type RateLimitOptions } from './options.ts';
import { isValidTokenValue } from './store/tokens.ts';

export const DEFAULT_DB_PATH = './data/sandbox.db';

export const USAGE = `Usage:
  npm run sandbox -- [options]              start the sandbox (seeds an empty database first)
  npm run sandbox -- token --member ID      print a new token for a member (same --db)
  npm run sandbox -- webhooks add URL       register a webhook address; prints its id and secret
  npm run sandbox -- webhooks list          the registered addresses
  npm run sandbox -- webhooks remove ID     stop sending to one

Options:
  --port N                  port (default ${DEFAULT_PORT}, or SANDBOX_PORT)
  --host H                  interface (default ${DEFAULT_HOST})
  --db PATH                 SQLite file (default ${DEFAULT_DB_PATH}); ":memory:" keeps nothing
  --reset                   empty the database and seed it again
  --empty                   seed one workspace and its owner only (default: the demo workspace)
  --token VALUE             the seeded member's token (or SANDBOX_TOKEN); default random
  --no-rate-limit           turn rate limiting off
  --rate-limit SPEC         per-minute limits, e.g. general=600,search=30,upload=10 (default 60/30/10)
  --latency-ms N            delay every API answer by N ms
  --error-rate R            answer a share R (0..1) of API requests with 500
  --rate-limit-rate R       answer a share R (0..1) of API requests with 429
  --outage                  answer every API request with 503
  --control                 serve the control routes under /__control (faults, reset)
  --profile NAME            answers as: full (default) or spec-minimal (only what the spec shows)
  --ignore-page             (spec-minimal) ignore the page parameter too: every list is page 1
  --name NAME               (token) the device's name
  --member ID               (token) the member the token acts as
  --secret whsec_…          (webhooks add) the signing secret to use (default: a new one)
  -h, --help                this text`;

export type CliCommand =
  | { kind: 'help' }
  | {
      kind: 'serve';
      port: number;
      host: string;
      dbPath: string;
      reset: boolean;
      seed: 'demo' | 'empty';
      token: string | undefined;
      rateLimits: RateLimitOptions | false;
      faults: FaultOptions;
      control: boolean;
      profile: ProfileName;
      pagingIgnored: boolean;
    }
  | { kind: 'token'; dbPath: string; memberId: number; name: string }
  | { kind: 'webhooks'; dbPath: string; action: 'add'; url: string; secret: string | undefined }
  | { kind: 'webhooks'; dbPath: string; action: 'list' }
  | { kind: 'webhooks'; dbPath: string; action: 'remove'; id: string };

/** A command-line mistake: the message says which flag and what it wants. */
export class CliError extends Error {
  override name = 'CliError';
}

function integer(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new CliError(`${flag} wants a whole number from ${min} to ${max}, not "${text}"`);
  }
  return value;
}

function share(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new CliError(`${flag} wants a number from 0 to 1, not "${text}"`);
  }
  return value;
}

/** `general=600,search=30,upload=10`; classes left out keep the spec's limit. */
export function parseRateLimitSpec(text: string, defaults: RateLimitOptions): RateLimitOptions {
  const limits = { ...defaults };
  for (const part of text.split(',')) {
    const [key, value] = part.split('=').map((s) => s.trim());
    if (key !== 'general' && key !== 'search' && key !== 'upload') {
      throw new CliError(`--rate-limit: unknown class "${key}" (use general, search, upload)`);
    }
    limits[key] = integer(`--rate-limit ${key}`, value ?? '', 1, 1_000_000);
  }
  return limits;
}

/** Reads argv (without node and the script) and the environment into one checked command. */
export function parseCliArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  defaultLimits: RateLimitOptions,
): CliCommand {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const dbPath = values.db ?? DEFAULT_DB_PATH;
  const [command, ...rest] = positionals;
  if (command === 'webhooks') return webhooksCommand(dbPath, rest, values.secret);
  if (rest.length > 0) throw new CliError(`unexpected argument "${rest[0]}"`);

  if (command === 'token') {
    if (values.member === undefined) throw new CliError('token: --member ID is required');
    return {
      kind: 'token',
      dbPath,
      memberId: integer('--member', values.member, 1, Number.MAX_SAFE_INTEGER),
      name: values.name ?? 'CLI',
    };
  }
  if (command !== undefined) throw new CliError(`unknown command "${command}"`);

  // An empty variable (`SANDBOX_PORT=`) counts as unset.
  const portText = values.port ?? (env.SANDBOX_PORT || undefined);
  const token = values.token ?? (env.SANDBOX_TOKEN || undefined);
  if (token !== undefined && !isValidTokenValue(token)) {
    throw new CliError('--token / SANDBOX_TOKEN wants 8-200 visible ASCII characters without spaces');
  }
  if (values['no-rate-limit'] && values['rate-limit'] !== undefined) {
    throw new CliError('--no-rate-limit and --rate-limit contradict each other');
  }
  const profile = values.profile ?? 'full';
  if (!(PROFILE_NAMES as readonly string[]).includes(profile)) {
    throw new CliError(`--profile wants one of ${PROFILE_NAMES.join(', ')}, not "${profile}"`);
  }
  if (values['ignore-page'] && profile !== 'spec-minimal') {
    throw new CliError('--ignore-page needs --profile spec-minimal');
  }
  const faults: FaultOptions = {};
  if (values['latency-ms'] !== undefined)
    faults.latencyMs = integer('--latency-ms', values['latency-ms'], 0, 60_000);
  if (values['error-rate'] !== undefined) faults.errorRate = share('--error-rate', values['error-rate']);
  if (values['rate-limit-rate'] !== undefined) {
    faults.rateLimitRate = share('--rate-limit-rate', values['rate-limit-rate']);
  }
  if (values.outage) faults.outage = true;
  return {
    kind: 'serve',
    port: portText === undefined ? DEFAULT_PORT : integer('--port / SANDBOX_PORT', portText, 0, 65_535),
    host: values.host ?? DEFAULT_HOST,
    dbPath,
    reset: values.reset ?? false,
    seed: values.empty ? 'empty' : 'demo',
    token,
    rateLimits: values['no-rate-limit']
      ? false
      : values['rate-limit'] === undefined
        ? defaultLimits
        : parseRateLimitSpec(values['rate-limit'], defaultLimits),
    faults: FaultOptionsSchema.parse(faults),
    control: values.control ?? false,
    profile: profile as ProfileName,
    pagingIgnored: values['ignore-page'] ?? false,
  };
}

function webhooksCommand(dbPath: string, args: string[], secret: string | undefined): CliCommand {
  const [action, target, extra] = args;
  if (extra !== undefined) throw new CliError(`unexpected argument "${extra}"`);
  if (action === 'add') {
    if (target === undefined) throw new CliError('webhooks add: the address to send to is required');
    return { kind: 'webhooks', dbPath, action, url: target, secret };
  }
  if (secret !== undefined) throw new CliError('--secret goes with webhooks add only');
  if (action === 'list') {
    if (target !== undefined) throw new CliError(`unexpected argument "${target}"`);
    return { kind: 'webhooks', dbPath, action };
  }
  if (action === 'remove') {
    if (target === undefined) throw new CliError('webhooks remove: the webhook id is required');
    return { kind: 'webhooks', dbPath, action, id: target };
  }
  throw new CliError('webhooks wants add URL, list or remove ID');
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      db: { type: 'string' },
      reset: { type: 'boolean' },
      empty: { type: 'boolean' },
      token: { type: 'string' },
      'no-rate-limit': { type: 'boolean' },
      'rate-limit': { type: 'string' },
      'latency-ms': { type: 'string' },
      'error-rate': { type: 'string' },
      'rate-limit-rate': { type: 'string' },
      outage: { type: 'boolean' },
      control: { type: 'boolean' },
      profile: { type: 'string' },
      'ignore-page': { type: 'boolean' },
      member: { type: 'string' },
      name: { type: 'string' },
      secret: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
