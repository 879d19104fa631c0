import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { z } from 'zod';
import { type AddressPolicy, allowedHost } from './api/address-policy.ts';
import { generateEncryptionKey, parseEncryptionKey } from './store/cipher.ts';
import { parseStoreUrl } from './store/open-store.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * How the app meets Slack, chosen by which credentials are set:
 * - `local`: none; the app runs against the embedded sandbox and the Slack emulator on loopback;
 * - `http`: one workspace over HTTP (bot token + signing secret);
 * - `socket`: one workspace over Socket Mode (app token + bot token);
 * - `oauth`: many workspaces installed through OAuth (client id/secret, state secret, signing secret);
 *   with an app token as well, events come over Socket Mode.
 */
type SlackSettings =
  | { mode: 'local' }
  | { mode: 'http'; botToken: string; signingSecret: string }
  | { mode: 'socket'; appToken: string; botToken: string; signingSecret?: string }
  | {
      mode: 'oauth';
      clientId: string;
      clientSecret: string;
      stateSecret: string;
      signingSecret: string;
      appToken?: string;
    };

export interface Config {
  slack: SlackSettings;
  /** The Slack Web API base, ending in '/'. Default: `https://slack.com/api/`. */
  slackApiUrl: string;
  /**
   * The default connection to the work-management service (WORK_API_URL + WORK_API_TOKEN), if set,
   * and the one Slack workspace it belongs to (WORK_API_TEAM_ID). Without a team it serves the one
   * workspace of the http and socket modes (and local mode) only; OAuth mode requires the team.
   */
  workApi?: { url: string; token: string; teamId?: string };
  /**
   * The most bytes of one answer from the service (WORK_API_MAX_RESPONSE_BYTES); longer answers are
   * cut off and the call fails. Default: 8 MiB.
   */
  workApiMaxResponseBytes: number;
  /**
   * Which addresses a workspace admin's `/task connect` may point at: https to public addresses
   * only, unless WORK_API_ALLOW_PRIVATE=1 (any address, https) or the host is in
   * WORK_API_ALLOWED_HOSTS (comma-separated `host` or `host:port`, any address, http too). The
   * default connection (WORK_API_URL) is the operator's and is not held to it.
   */
  workApiAddressPolicy: AddressPolicy;
  /** Default: `sqlite:./data/taskbridge.db`. */
  storeUrl: string;
  /** 32 bytes as 64 hex characters or base64. */
  encryptionKey: string;
  /** Where the key came from: the environment, a key file made earlier, or one made just now (local mode). */
  encryptionKeySource: 'env' | 'file' | 'generated';
  /** Default: 3000. */
  port: number;
  /**
   * How long an instance's claim on a digest firing holds, in ms (DIGEST_CLAIM_LEASE_SECONDS): an
   * instance that dies mid-run leaves the digest to whichever instance ticks after the lease
   * expires. It must outlast a whole run. Default: 1 200 000 (20 minutes).
   */
  digestClaimLeaseMs: number;
  /** How often the digest timer ticks, in ms (DIGEST_TICK_SECONDS, a divisor of 60). Default: 60 000. */
  digestTickMs: number;
  /**
   * How long a task's burst of changes gathers before its one thread reply, in ms
   * (NOTIFY_WINDOW_SECONDS). Default: 5000.
   */
  notifyWindowMs: number;
  /**
   * How long one instance holds a task's burst while sending it, in ms (NOTIFY_LEASE_SECONDS): an
   * instance that dies mid-send leaves the burst to another once this passes. Default: 120 000.
   */
  notifyLeaseMs: number;
  /**
   * How long the instance running a command holds its record, in ms (PENDING_COMMAND_LEASE_SECONDS):
   * an instance that dies mid-command leaves its person's answer to another once this passes.
   * Default: 60 000.
   */
  pendingCommandLeaseMs: number;
  /**
   * The interface the app (and in local mode the sandbox and the emulator) listens on. Default:
   * `127.0.0.1` in local mode (nothing there is meant for other machines); every interface otherwise.
   */
  host?: string;
  /**
   * The bearer token `/metrics` asks for (METRICS_TOKEN). Unset: `/metrics` is not served.
   */
  metricsToken?: string;
  /**
   * How long `/readyz` answers 503 after SIGTERM, still serving, before the listener closes, in ms
   * (DRAIN_SECONDS), so a load balancer takes the instance out first. Default: 10 000; 0 in local mode.
   */
  drainMs: number;
  /** Default: `info`. */
  logLevel: LogLevel;
  /** Default: 4010. */
  sandboxPort: number;
  /** Local mode's web page, the playground (PLAYGROUND_PORT). Default: 3001. */
  playgroundPort: number;
  /** How the local app meets the emulator (LOCAL_SLACK_TRANSPORT): `http` (default) or `socket` (Socket Mode). */
  localTransport: 'http' | 'socket';
  /** Whether local mode adds the emulator's Enterprise Grid org, installed org-wide (LOCAL_SLACK_ORG=1). Default: false. */
  localOrg: boolean;
  /**
   * Where a task lives on the service's web app (WORK_TASK_URL_PATTERN), with `{id}` and optionally
   * `{project_id}`, e.g. `https://work.example.com/projects/{project_id}/tasks/{id}`. Default: unset.
   */
  taskUrlPattern?: string;
  /**
   * Where the app is reached from outside (PUBLIC_URL), e.g. `https://taskbridge.example.com`: the
   * service-events settings show the webhook address under it. Default: unset (the path is shown).
   */
  publicUrl?: string;
  /**
   * Tests only (TASKBRIDGE_CLOCK=manual, TASKBRIDGE_CLOCK_START): the app's clock stands at `start`
   * (epoch ms) and moves only when the test that started the process says so over its IPC channel
   * (src/ops/driven-clock.ts). Refused in local mode, with NODE_ENV=production, against Slack's own
   * API, and in a process no parent holds a channel to. Default: unset (the system clock).
   */
  drivenClock?: { start: number };
}

/** Options for {@link loadConfig}. */
interface LoadConfigOptions {
  /** Where local mode keeps its generated `encryption.key`. Default: `./data`. */
  dataDir?: string;
  /** Whether a parent process holds an IPC channel to this one. Default: `process.send` is there. */
  controlChannel?: boolean;
}

/** Every problem found in the environment, one line each, naming the variable to set. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly problems: readonly string[];

  constructor(problems: string[]) {
    super(`Configuration is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.problems = problems;
  }
}

const DEFAULT_SLACK_API_URL = 'https://slack.com/api/';
const DEFAULT_STORE_URL = 'sqlite:./data/taskbridge.db';

/** What each Slack setting looks like and where to find it, for messages. */
const LOOKS_LIKE = {
  SLACK_BOT_TOKEN: "the app's Bot User OAuth Token (xoxb-…, under OAuth & Permissions)",
  SLACK_APP_TOKEN:
    'an app-level token with connections:write (xapp-…, under Basic Information → App-Level Tokens)',
  SLACK_SIGNING_SECRET:
    "the app's Signing Secret (Slack issues 32 hex characters; under Basic Information → App Credentials)",
  SLACK_CLIENT_ID: "the app's Client ID (digits.digits, under Basic Information → App Credentials)",
  SLACK_CLIENT_SECRET: "the app's Client Secret (under Basic Information → App Credentials)",
  SLACK_STATE_SECRET:
    'a random string of 16+ characters that signs OAuth state (make one with `openssl rand -hex 16`)',
} as const;
type SlackVariable = keyof typeof LOOKS_LIKE;

// Field rules. Messages never quote a secret's value: a malformed secret is still a secret.
const secretWithPrefix = (name: SlackVariable, prefix: string) =>
  z
    .string()
    .refine((value) => value.startsWith(prefix) && value.length > prefix.length && !/\s/.test(value), {
      message: `${name} must start with ${prefix}, with more after it and no spaces: set it to ${LOOKS_LIKE[name]}`,
    });
const secretText = (name: SlackVariable, minLength = 1) =>
  z.string().refine((value) => value.length >= minLength && !/\s/.test(value), {
    message: `${name} must be at least ${minLength} characters with no spaces: set it to ${LOOKS_LIKE[name]}`,
  });
const port = (name: string, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,5}$/, { message: `${name} must be a whole number from 0 to 65535 (0 picks a free port)` })
    .transform(Number)
    .refine((value) => value <= 65535, { message: `${name} must be a whole number from 0 to 65535` })
    .default(fallback);
/** A whole number of seconds from min to max, each bound named in the message. */
const seconds = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: `${name} must be a whole number of seconds, such as ${fallback}` })
    .transform(Number)
    .refine((value) => value >= min && value <= max, {
      message: `${name} must be from ${min} to ${max} seconds`,
    })
    .default(fallback);
const httpUrl = (name: string, example: string) =>
  z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: `${name} must be an http(s) URL such as ${example}` },
  );

const fieldSchemas = {
  SLACK_BOT_TOKEN: secretWithPrefix('SLACK_BOT_TOKEN', 'xoxb-').optional(),
  SLACK_APP_TOKEN: secretWithPrefix('SLACK_APP_TOKEN', 'xapp-').optional(),
  SLACK_SIGNING_SECRET: secretText('SLACK_SIGNING_SECRET', 8).optional(),
  SLACK_CLIENT_ID: z
    .string()
    .regex(/^\d+\.\d+$/, {
      message: `SLACK_CLIENT_ID must be digits, a dot, then digits: set it to ${LOOKS_LIKE.SLACK_CLIENT_ID}`,
    })
    .optional(),
  SLACK_CLIENT_SECRET: secretText('SLACK_CLIENT_SECRET', 8).optional(),
  SLACK_STATE_SECRET: secretText('SLACK_STATE_SECRET', 16).optional(),
  SLACK_API_URL: httpUrl('SLACK_API_URL', DEFAULT_SLACK_API_URL)
    .transform((value) => (value.endsWith('/') ? value : `${value}/`))
    .default(DEFAULT_SLACK_API_URL),
  WORK_API_URL: httpUrl('WORK_API_URL', 'https://work.example.com/api/v1').optional(),
  WORK_API_TOKEN: z
    .string()
    .refine((value) => !/\s/.test(value), { message: 'WORK_API_TOKEN must not contain spaces' })
    .optional(),
  WORK_API_MAX_RESPONSE_BYTES: z
    .string()
    .regex(/^\d+$/, {
      message: 'WORK_API_MAX_RESPONSE_BYTES must be a whole number of bytes, such as 8388608',
    })
    .transform(Number)
    .refine((bytes) => bytes >= 65_536 && bytes <= 1_073_741_824, {
      message: 'WORK_API_MAX_RESPONSE_BYTES must be from 65536 (64 KiB) to 1073741824 (1 GiB)',
    })
    .default(8 * 1024 * 1024),
  WORK_API_ALLOW_PRIVATE: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(['1', '0', 'true', 'false'], { message: 'WORK_API_ALLOW_PRIVATE must be 1 or 0' }))
    .transform((value) => value === '1' || value === 'true')
    .default(false),
  WORK_API_ALLOWED_HOSTS: z
    .string()
    .transform((value, ctx) => {
      const hosts: string[] = [];
      for (const entry of value.split(',').filter((part) => part.trim() !== '')) {
        const host = allowedHost(entry);
        if (host) hosts.push(host);
        else
          ctx.addIssue({
            code: 'custom',
            message: `WORK_API_ALLOWED_HOSTS must list hosts as host or host:port, comma-separated, such as tasks.internal,10.0.0.5:8443; ${JSON.stringify(entry.trim().slice(0, 100))} is not one`,
          });
      }
      return hosts;
    })
    .default([]),
  WORK_API_TEAM_ID: z
    .string()
    .regex(/^T[A-Z0-9]{1,63}$/, {
      message:
        'WORK_API_TEAM_ID must be a Slack workspace id: a T followed by capital letters and digits, such as T0123ABCD',
    })
    .optional(),
  STORE_URL: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseStoreUrl(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    })
    .default(DEFAULT_STORE_URL),
  ENCRYPTION_KEY: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseEncryptionKey(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    })
    .optional(),
  PORT: port('PORT', 3000),
  DIGEST_CLAIM_LEASE_SECONDS: z
    .string()
    .regex(/^\d+$/, { message: 'DIGEST_CLAIM_LEASE_SECONDS must be a whole number of seconds, such as 1200' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(5, { message: 'DIGEST_CLAIM_LEASE_SECONDS must be at least 5' })
        .max(86_400, { message: 'DIGEST_CLAIM_LEASE_SECONDS must be at most 86400 (a day)' }),
    )
    .default(1200),
  DIGEST_TICK_SECONDS: z
    .string()
    .regex(/^\d+$/, {
      message: 'DIGEST_TICK_SECONDS must be a whole number of seconds that divides 60, such as 60',
    })
    .transform(Number)
    .refine((seconds) => seconds >= 1 && 60 % seconds === 0, {
      message: 'DIGEST_TICK_SECONDS must divide 60 (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30 or 60)',
    })
    .default(60),
  NOTIFY_WINDOW_SECONDS: seconds('NOTIFY_WINDOW_SECONDS', 1, 600, 5),
  NOTIFY_LEASE_SECONDS: seconds('NOTIFY_LEASE_SECONDS', 1, 3600, 120),
  PENDING_COMMAND_LEASE_SECONDS: seconds('PENDING_COMMAND_LEASE_SECONDS', 1, 600, 60),
  HOST: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.:_-]{1,253}$/, {
      message: 'HOST must be an interface address or name, like 127.0.0.1, 0.0.0.0 or ::',
    })
    .optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^\S{16,}$/, {
      message:
        'METRICS_TOKEN must be at least 16 characters with no spaces (make one with `openssl rand -hex 32`)',
    })
    .optional(),
  // No default here: it depends on the mode (loadConfig).
  DRAIN_SECONDS: z
    .string()
    .regex(/^\d+$/, { message: 'DRAIN_SECONDS must be a whole number of seconds, such as 10' })
    .transform(Number)
    .refine((value) => value <= 300, { message: 'DRAIN_SECONDS must be from 0 to 300 seconds' })
    .optional(),
  LOG_LEVEL: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }))
    .default('info'),
  SANDBOX_PORT: port('SANDBOX_PORT', 4010),
  PLAYGROUND_PORT: port('PLAYGROUND_PORT', 3001),
  LOCAL_SLACK_TRANSPORT: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(['http', 'socket'], { message: 'LOCAL_SLACK_TRANSPORT must be http or socket' }))
    .default('http'),
  LOCAL_SLACK_ORG: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(['1', '0', 'true', 'false'], { message: 'LOCAL_SLACK_ORG must be 1 or 0' }))
    .transform((value) => value === '1' || value === 'true')
    .default(false),
  WORK_TASK_URL_PATTERN: z
    .string()
    .refine(
      (value) => {
        if (!value.includes('{id}')) return false;
        try {
          const url = new URL(value.replaceAll('{id}', '1').replaceAll('{project_id}', '1'));
          return url.protocol === 'http:' || url.protocol === 'https:';
        } catch {
          return false;
        }
      },
      {
        message:
          'WORK_TASK_URL_PATTERN must be an http(s) URL holding {id} (and optionally {project_id}), such as https://work.example.com/projects/{project_id}/tasks/{id}',
      },
    )
    .optional(),
  PUBLIC_URL: httpUrl('PUBLIC_URL', 'https://taskbridge.example.com')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  TASKBRIDGE_CLOCK: z
    .string()
    .pipe(z.enum(['manual'], { message: 'TASKBRIDGE_CLOCK can only be manual (tests only), or unset' }))
    .optional(),
  TASKBRIDGE_CLOCK_START: z
    .string()
    .regex(/^\d{1,15}$/, { message: 'TASKBRIDGE_CLOCK_START must be epoch milliseconds' })
    .transform(Number)
    .optional(),
};
type Fields = { [K in keyof typeof fieldSchemas]: z.output<(typeof fieldSchemas)[K]> };

/**
 * Reads and checks the whole configuration once, at start. Throws {@link ConfigError} listing every
 * problem. In local mode with no ENCRYPTION_KEY, a key is made once into `<dataDir>/encryption.key`
 * (mode 0600) and reused on later starts. The only reader of the environment in the project.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): Config {
  const problems: string[] = [];
  const fields = {} as Record<string, unknown>;
  for (const [name, schema] of Object.entries(fieldSchemas)) {
    // An empty value (`FOO=` in a .env file) means unset.
    const raw = env[name]?.trim() === '' ? undefined : env[name]?.trim();
    const result = (schema as z.ZodType).safeParse(raw);
    if (result.success) fields[name] = result.data;
    else problems.push(...result.error.issues.map((issue) => issue.message));
  }
  const present = (name: keyof Fields): boolean => {
    const value = env[name];
    return value !== undefined && value.trim() !== '';
  };
  const f = fields as Partial<Fields>;

  const slack = chooseSlackMode(present, f, problems);

  if (present('WORK_API_URL') !== present('WORK_API_TOKEN')) {
    const [set, missing] = present('WORK_API_URL')
      ? ['WORK_API_URL', 'WORK_API_TOKEN']
      : ['WORK_API_TOKEN', 'WORK_API_URL'];
    problems.push(
      `${missing} is missing: ${set} is set, and the default service connection needs both (or leave both unset)`,
    );
  }
  checkDefaultConnectionOwner(present, slack, problems);
  checkDrivenClock(env, f, slack, options, problems);
  if (slack?.mode !== 'local' && !present('ENCRYPTION_KEY')) {
    problems.push(
      'ENCRYPTION_KEY is missing: outside local mode tokens are encrypted at rest; set it to 32 random bytes as 64 hex characters or base64 (make one with `openssl rand -hex 32`)',
    );
  }
  if (problems.length > 0 || slack === undefined) throw new ConfigError(problems);

  let encryptionKey = f.ENCRYPTION_KEY;
  let encryptionKeySource: Config['encryptionKeySource'] = 'env';
  if (encryptionKey === undefined) {
    const local = localEncryptionKey(options.dataDir ?? './data');
    encryptionKey = local.key;
    encryptionKeySource = local.source;
  }

  const config: Config = {
    slack: hideSecrets(slack, ['botToken', 'appToken', 'signingSecret', 'clientSecret', 'stateSecret']),
    slackApiUrl: f.SLACK_API_URL!,
    storeUrl: f.STORE_URL!,
    encryptionKey,
    encryptionKeySource,
    port: f.PORT!,
    digestClaimLeaseMs: f.DIGEST_CLAIM_LEASE_SECONDS! * 1000,
    digestTickMs: f.DIGEST_TICK_SECONDS! * 1000,
    notifyWindowMs: f.NOTIFY_WINDOW_SECONDS! * 1000,
    notifyLeaseMs: f.NOTIFY_LEASE_SECONDS! * 1000,
    drainMs: (f.DRAIN_SECONDS ?? (slack.mode === 'local' ? 0 : 10)) * 1000,
    pendingCommandLeaseMs: f.PENDING_COMMAND_LEASE_SECONDS! * 1000,
    logLevel: f.LOG_LEVEL!,
    sandboxPort: f.SANDBOX_PORT!,
    playgroundPort: f.PLAYGROUND_PORT!,
    localTransport: f.LOCAL_SLACK_TRANSPORT!,
    localOrg: f.LOCAL_SLACK_ORG!,
    workApiMaxResponseBytes: f.WORK_API_MAX_RESPONSE_BYTES!,
    workApiAddressPolicy: {
      allowPrivate: f.WORK_API_ALLOW_PRIVATE!,
      allowedHosts: f.WORK_API_ALLOWED_HOSTS!,
    },
  };
  const host = f.HOST ?? (slack.mode === 'local' ? '127.0.0.1' : undefined);
  if (host) config.host = host;
  if (f.METRICS_TOKEN) config.metricsToken = f.METRICS_TOKEN;
  if (f.WORK_TASK_URL_PATTERN) config.taskUrlPattern = f.WORK_TASK_URL_PATTERN;
  if (f.PUBLIC_URL) config.publicUrl = f.PUBLIC_URL;
  if (f.TASKBRIDGE_CLOCK === 'manual') config.drivenClock = { start: f.TASKBRIDGE_CLOCK_START! };
  if (f.WORK_API_URL && f.WORK_API_TOKEN) {
    config.workApi = hideSecrets(
      {
        url: f.WORK_API_URL,
        token: f.WORK_API_TOKEN,
        ...(f.WORK_API_TEAM_ID ? { teamId: f.WORK_API_TEAM_ID } : {}),
      },
      ['token'],
    );
  }
  return hideSecrets(config, ['encryptionKey', 'metricsToken']);
}

/**
 * A clock that stands still until told to move is for a test's own processes: it needs the channel
 * the test drives it through, and is refused wherever the app could be serving people.
 */
function checkDrivenClock(
  env: NodeJS.ProcessEnv,
  f: Partial<Fields>,
  slack: SlackSettings | undefined,
  options: LoadConfigOptions,
  problems: string[],
): void {
  if (f.TASKBRIDGE_CLOCK !== 'manual') {
    if (!env.TASKBRIDGE_CLOCK?.trim() && f.TASKBRIDGE_CLOCK_START !== undefined)
      problems.push('TASKBRIDGE_CLOCK_START is set without TASKBRIDGE_CLOCK=manual: unset it');
    return;
  }
  const refuse = (why: string) =>
    problems.push(`TASKBRIDGE_CLOCK=manual is for tests only and is refused ${why}: unset it`);
  if (env.NODE_ENV === 'production') refuse('with NODE_ENV=production');
  const slackHost = f.SLACK_API_URL ? new URL(f.SLACK_API_URL).hostname : '';
  if (slack?.mode === 'local') refuse('in local mode');
  else if (slackHost === 'slack.com' || slackHost.endsWith('.slack.com'))
    refuse("against Slack's own API (SLACK_API_URL must be an emulator's)");
  if (!(options.controlChannel ?? typeof process.send === 'function'))
    refuse('in a process started without an IPC channel to move it through');
  if (f.TASKBRIDGE_CLOCK_START === undefined)
    problems.push(
      'TASKBRIDGE_CLOCK_START is missing: with TASKBRIDGE_CLOCK=manual, set where the clock starts (epoch ms)',
    );
}

/**
 * The default connection reads and writes with one service token: it must belong to exactly one
 * Slack workspace, or every workspace that installs the app would act in the first one's service.
 */
function checkDefaultConnectionOwner(
  present: (name: keyof Fields) => boolean,
  slack: SlackSettings | undefined,
  problems: string[],
): void {
  const hasDefault = present('WORK_API_URL') || present('WORK_API_TOKEN');
  if (present('WORK_API_TEAM_ID') && !hasDefault) {
    problems.push(
      'WORK_API_TEAM_ID is set without WORK_API_URL and WORK_API_TOKEN: it names the workspace the default service connection belongs to; set those two, or unset WORK_API_TEAM_ID',
    );
  }
  if (slack?.mode === 'oauth' && hasDefault && !present('WORK_API_TEAM_ID')) {
    problems.push(
      'WORK_API_TEAM_ID is missing: in OAuth mode (SLACK_CLIENT_ID set) the default service connection (WORK_API_URL + WORK_API_TOKEN) would be shared by every installed workspace; set WORK_API_TEAM_ID to the one Slack workspace (T…) it belongs to, or unset WORK_API_URL and WORK_API_TOKEN so each workspace connects its own with `/task connect`',
    );
  }
}

function chooseSlackMode(
  present: (name: keyof Fields) => boolean,
  f: Partial<Fields>,
  problems: string[],
): SlackSettings | undefined {
  const require = (names: SlackVariable[], because: string): boolean => {
    let ok = true;
    for (const name of names) {
      if (!present(name)) {
        problems.push(`${name} is missing: ${because}; set it to ${LOOKS_LIKE[name]}`);
        ok = false;
      }
    }
    return ok;
  };
  const oauthNames: SlackVariable[] = ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET'];
  const setOauth = oauthNames.filter(present);
  if (setOauth.length > 0) {
    const ok = require([
      ...oauthNames,
      'SLACK_SIGNING_SECRET',
    ], `OAuth mode (${setOauth.join(', ')} set) needs it`);
    if (present('SLACK_BOT_TOKEN')) {
      problems.push(
        'SLACK_BOT_TOKEN must be unset in OAuth mode: each workspace gets its bot token when it installs the app (or unset the SLACK_CLIENT_* settings for a single workspace)',
      );
    }
    if (!ok || present('SLACK_BOT_TOKEN')) return undefined;
    return {
      mode: 'oauth',
      clientId: f.SLACK_CLIENT_ID!,
      clientSecret: f.SLACK_CLIENT_SECRET!,
      stateSecret: f.SLACK_STATE_SECRET!,
      signingSecret: f.SLACK_SIGNING_SECRET!,
      ...(f.SLACK_APP_TOKEN ? { appToken: f.SLACK_APP_TOKEN } : {}),
    };
  }
  if (present('SLACK_APP_TOKEN')) {
    if (!require(['SLACK_BOT_TOKEN'], 'Socket Mode (SLACK_APP_TOKEN set) also needs the bot token'))
      return undefined;
    return {
      mode: 'socket',
      appToken: f.SLACK_APP_TOKEN!,
      botToken: f.SLACK_BOT_TOKEN!,
      ...(f.SLACK_SIGNING_SECRET ? { signingSecret: f.SLACK_SIGNING_SECRET } : {}),
    };
  }
  if (present('SLACK_BOT_TOKEN') || present('SLACK_SIGNING_SECRET')) {
    const set = present('SLACK_BOT_TOKEN') ? 'SLACK_BOT_TOKEN' : 'SLACK_SIGNING_SECRET';
    const ok = require([
      'SLACK_BOT_TOKEN',
      'SLACK_SIGNING_SECRET',
    ], `HTTP mode (${set} set) needs both the bot token and the signing secret (or set SLACK_APP_TOKEN for Socket Mode)`);
    if (!ok) return undefined;
    return { mode: 'http', botToken: f.SLACK_BOT_TOKEN!, signingSecret: f.SLACK_SIGNING_SECRET! };
  }
  return { mode: 'local' };
}

/** Reads the local key file, or makes it: local mode must work with nothing set, and keep its secrets readable. */
function localEncryptionKey(dataDir: string): { key: string; source: 'file' | 'generated' } {
  const path = join(dataDir, 'encryption.key');
  if (existsSync(path)) {
    const key = readFileSync(path, 'utf8').trim();
    try {
      parseEncryptionKey(key);
    } catch {
      throw new ConfigError([
        `${path} does not hold a valid key: set ENCRYPTION_KEY, or delete the file to have a new one made (secrets saved under the old key will be unreadable)`,
      ]);
    }
    return { key, source: 'file' };
  }
  mkdirSync(dataDir, { recursive: true });
  const key = generateEncryptionKey();
  try {
    // 'wx' fails if another process made the file first; then its key is the one to use.
    writeFileSync(path, `${key}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return localEncryptionKey(dataDir);
    throw error;
  }
  chmodSync(path, 0o600);
  return { key, source: 'generated' };
}

const REDACTED = '[redacted]';

/** Keeps the listed fields out of JSON (loggers) and util.inspect (console), while code still reads them. */
function hideSecrets<T extends object>(target: T, secretKeys: readonly string[]): T {
  const safe = (): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(target).map(([key, value]) => [
        key,
        secretKeys.includes(key) && value ? REDACTED : value,
      ]),
    );
  Object.defineProperty(target, 'toJSON', { value: safe, enumerable: false });
  Object.defineProperty(target, inspect.custom, {
    value: (_depth: number, options: object) => inspect(safe(), options),
    enumerable: false,
  });
  return target;
}
