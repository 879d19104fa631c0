import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const KEY = 'f'.repeat(64);
const BOT = 'xoxb-111-222-botsecretvalue';
const APP = 'xapp-fake-app-token-for-tests';
const SIGNING = '8f742231b10e8888abcd99yyyzzz85a5';
const CLIENT_SECRET = 'clientsecretvalue123';
const STATE = 'statesecretvalue-0123456789';

function problemsOf(env: Record<string, string>, dataDir?: string): string[] {
  try {
    loadConfig(env, { dataDir });
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'taskbridge-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs in local mode with nothing set, with every default', () => {
    const config = loadConfig({}, { dataDir });
    expect(config.slack).toEqual({ mode: 'local' });
    expect(config).toMatchObject({
      slackApiUrl: 'https://slack.com/api/',
      storeUrl: 'sqlite:./data/taskbridge.db',
      port: 3000,
      logLevel: 'info',
      sandboxPort: 4010,
      encryptionKeySource: 'generated',
    });
    expect(config.workApi).toBeUndefined();
  });

  it('adds the Grid org to local mode with LOCAL_SLACK_ORG=1 only, and names a bad value', () => {
    expect(loadConfig({}, { dataDir }).localOrg).toBe(false);
    expect(loadConfig({ LOCAL_SLACK_ORG: '1' }, { dataDir }).localOrg).toBe(true);
    expect(loadConfig({ LOCAL_SLACK_ORG: '0' }, { dataDir }).localOrg).toBe(false);
    expect(problemsOf({ LOCAL_SLACK_ORG: 'yes' }, dataDir).join('\n')).toContain(
      'LOCAL_SLACK_ORG must be 1 or 0',
    );
  });

  it('makes the local key once, with mode 0600, and reuses it', () => {
    const first = loadConfig({}, { dataDir });
    const path = join(dataDir, 'encryption.key');
    expect(readFileSync(path, 'utf8').trim()).toBe(first.encryptionKey);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const second = loadConfig({}, { dataDir });
    expect(second.encryptionKey).toBe(first.encryptionKey);
    expect(second.encryptionKeySource).toBe('file');
  });

  it('refuses a damaged local key file instead of replacing it', () => {
    writeFileSync(join(dataDir, 'encryption.key'), 'garbage');
    expect(problemsOf({}, dataDir)[0]).toMatch(
      /encryption\.key does not hold a valid key: set ENCRYPTION_KEY, or delete/,
    );
  });

  it('uses ENCRYPTION_KEY from the environment when given, even locally', () => {
    const config = loadConfig({ ENCRYPTION_KEY: KEY }, { dataDir });
    expect(config.encryptionKey).toBe(KEY);
    expect(config.encryptionKeySource).toBe('env');
  });

  it('picks HTTP mode from a bot token and signing secret', () => {
    const config = loadConfig({ SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: SIGNING, ENCRYPTION_KEY: KEY });
    expect(config.slack).toEqual({ mode: 'http', botToken: BOT, signingSecret: SIGNING });
  });

  it('picks Socket Mode from an app token and bot token', () => {
    const config = loadConfig({ SLACK_APP_TOKEN: APP, SLACK_BOT_TOKEN: BOT, ENCRYPTION_KEY: KEY });
    expect(config.slack).toEqual({ mode: 'socket', appToken: APP, botToken: BOT });
  });

  it('picks OAuth mode from client credentials', () => {
    const config = loadConfig({
      SLACK_CLIENT_ID: '1234567890.0987654321',
      SLACK_CLIENT_SECRET: CLIENT_SECRET,
      SLACK_STATE_SECRET: STATE,
      SLACK_SIGNING_SECRET: SIGNING,
      ENCRYPTION_KEY: KEY,
    });
    expect(config.slack).toEqual({
      mode: 'oauth',
      clientId: '1234567890.0987654321',
      clientSecret: CLIENT_SECRET,
      stateSecret: STATE,
      signingSecret: SIGNING,
    });
  });

  it('lists every problem of a half-set HTTP setup at once', () => {
    const problems = problemsOf({ SLACK_BOT_TOKEN: BOT });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^SLACK_SIGNING_SECRET is missing: HTTP mode \(SLACK_BOT_TOKEN set\).*Signing Secret/,
    );
    expect(problems[1]).toMatch(/^ENCRYPTION_KEY is missing:.*openssl rand -hex 32/);
  });

  it('names the bot token a signing secret alone still needs', () => {
    expect(problemsOf({ SLACK_SIGNING_SECRET: SIGNING, ENCRYPTION_KEY: KEY })).toEqual([
      expect.stringMatching(/^SLACK_BOT_TOKEN is missing: .*\(xoxb-…/),
    ]);
  });

  it('names the bot token Socket Mode still needs', () => {
    expect(problemsOf({ SLACK_APP_TOKEN: APP, ENCRYPTION_KEY: KEY })).toEqual([
      expect.stringMatching(/^SLACK_BOT_TOKEN is missing: Socket Mode/),
    ]);
  });

  it('lists each missing OAuth setting, and refuses a static bot token beside them', () => {
    const problems = problemsOf({ SLACK_CLIENT_ID: '1.2', SLACK_BOT_TOKEN: BOT, ENCRYPTION_KEY: KEY });
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'SLACK_CLIENT_SECRET',
      'SLACK_STATE_SECRET',
      'SLACK_SIGNING_SECRET',
      'SLACK_BOT_TOKEN',
    ]);
  });

  it('checks token prefixes and never quotes the value', () => {
    const wrongBot = 'xoxp-user-token-not-a-bot';
    const wrongApp = 'xoxb-not-an-app-token';
    const problems = problemsOf({
      SLACK_BOT_TOKEN: wrongBot,
      SLACK_APP_TOKEN: wrongApp,
      ENCRYPTION_KEY: KEY,
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^SLACK_BOT_TOKEN must start with xoxb-, with more after it and no spaces: .*xoxb-/,
      ),
      expect.stringMatching(
        /^SLACK_APP_TOKEN must start with xapp-, with more after it and no spaces: .*xapp-/,
      ),
    ]);
    expect(problems.join('\n')).not.toContain(wrongBot);
    expect(problems.join('\n')).not.toContain('not-an-app');
  });

  it('says the rule it checks for a short signing secret, and what Slack issues', () => {
    const problems = problemsOf({ SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: 'short', ENCRYPTION_KEY: KEY });
    expect(problems).toEqual([
      "SLACK_SIGNING_SECRET must be at least 8 characters with no spaces: set it to the app's Signing Secret (Slack issues 32 hex characters; under Basic Information → App Credentials)",
    ]);
    // The message's rule is the rule: 8 characters pass.
    expect(
      problemsOf({ SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: 'abcdefgh', ENCRYPTION_KEY: KEY }),
    ).toEqual([]);
  });

  it('refuses a default service connection that OAuth mode would share between workspaces', () => {
    const oauth = {
      SLACK_CLIENT_ID: '123.456',
      SLACK_CLIENT_SECRET: CLIENT_SECRET,
      SLACK_STATE_SECRET: STATE,
      SLACK_SIGNING_SECRET: SIGNING,
      ENCRYPTION_KEY: KEY,
      WORK_API_URL: 'https://work.example.com/api',
      WORK_API_TOKEN: 'work-token-value',
    };
    expect(problemsOf(oauth)).toEqual([
      expect.stringMatching(
        /^WORK_API_TEAM_ID is missing: in OAuth mode .*WORK_API_URL \+ WORK_API_TOKEN.*shared by every installed workspace/,
      ),
    ]);
    const owned = loadConfig({ ...oauth, WORK_API_TEAM_ID: 'T0001' });
    expect(owned.workApi).toMatchObject({ url: 'https://work.example.com/api', teamId: 'T0001' });
    expect(problemsOf({ ...oauth, WORK_API_TEAM_ID: 'acme' })).toEqual([
      expect.stringMatching(/^WORK_API_TEAM_ID must be a Slack workspace id/),
    ]);
    expect(
      problemsOf({
        SLACK_BOT_TOKEN: BOT,
        SLACK_SIGNING_SECRET: SIGNING,
        ENCRYPTION_KEY: KEY,
        WORK_API_TEAM_ID: 'T0001',
      }),
    ).toEqual([expect.stringMatching(/^WORK_API_TEAM_ID is set without WORK_API_URL and WORK_API_TOKEN/)]);
    // One workspace over HTTP: the default connection is that workspace's.
    expect(
      loadConfig({
        SLACK_BOT_TOKEN: BOT,
        SLACK_SIGNING_SECRET: SIGNING,
        ENCRYPTION_KEY: KEY,
        WORK_API_URL: 'https://work.example.com/api',
        WORK_API_TOKEN: 'work-token-value',
      }).workApi?.teamId,
    ).toBeUndefined();
  });

  it('refuses a bad ENCRYPTION_KEY without echoing it', () => {
    const badKey = 'my-password-is-not-a-key';
    const problems = problemsOf({
      SLACK_BOT_TOKEN: BOT,
      SLACK_SIGNING_SECRET: SIGNING,
      ENCRYPTION_KEY: badKey,
    });
    expect(problems).toEqual([
      expect.stringMatching(/^ENCRYPTION_KEY must be 32 random bytes.*openssl rand -hex 32/),
    ]);
    expect(problems[0]).not.toContain(badKey);
  });

  it('wants WORK_API_URL and WORK_API_TOKEN together', () => {
    expect(problemsOf({ WORK_API_URL: 'http://127.0.0.1:4010' }, dataDir)).toEqual([
      expect.stringMatching(/^WORK_API_TOKEN is missing: WORK_API_URL is set/),
    ]);
    expect(problemsOf({ WORK_API_TOKEN: 'tok' }, dataDir)).toEqual([
      expect.stringMatching(/^WORK_API_URL is missing: WORK_API_TOKEN is set/),
    ]);
    const config = loadConfig(
      { WORK_API_URL: 'http://127.0.0.1:4010/api', WORK_API_TOKEN: 'tok' },
      { dataDir },
    );
    expect(config.workApi).toEqual({ url: 'http://127.0.0.1:4010/api', token: 'tok' });
  });

  it('reads the digest claim lease in seconds (default 20 minutes) and refuses one out of range', () => {
    expect(loadConfig({}, { dataDir }).digestClaimLeaseMs).toBe(1_200_000);
    expect(loadConfig({ DIGEST_CLAIM_LEASE_SECONDS: '90' }, { dataDir }).digestClaimLeaseMs).toBe(90_000);
    for (const bad of ['2', '1.5', 'soon', '100000']) {
      const problems = problemsOf({ DIGEST_CLAIM_LEASE_SECONDS: bad }, dataDir);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^DIGEST_CLAIM_LEASE_SECONDS must be/);
    }
  });

  it('reads the digest tick in seconds (default a minute) and refuses one that does not divide 60', () => {
    expect(loadConfig({}, { dataDir }).digestTickMs).toBe(60_000);
    expect(loadConfig({ DIGEST_TICK_SECONDS: '5' }, { dataDir }).digestTickMs).toBe(5_000);
    for (const bad of ['0', '7', '90', '2.5', 'often']) {
      const problems = problemsOf({ DIGEST_TICK_SECONDS: bad }, dataDir);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^DIGEST_TICK_SECONDS must/);
    }
  });

  it('reads the notification window and lease in seconds (defaults 5 s and 2 minutes) and refuses bad ones', () => {
    const defaults = loadConfig({}, { dataDir });
    expect([defaults.notifyWindowMs, defaults.notifyLeaseMs]).toEqual([5_000, 120_000]);
    const set = loadConfig({ NOTIFY_WINDOW_SECONDS: '10', NOTIFY_LEASE_SECONDS: '30' }, { dataDir });
    expect([set.notifyWindowMs, set.notifyLeaseMs]).toEqual([10_000, 30_000]);
    for (const [name, bad] of [
      ['NOTIFY_WINDOW_SECONDS', '0'],
      ['NOTIFY_WINDOW_SECONDS', '1.5'],
      ['NOTIFY_LEASE_SECONDS', 'soon'],
      ['NOTIFY_LEASE_SECONDS', '7200'],
    ] as const) {
      const problems = problemsOf({ [name]: bad }, dataDir);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^${name} must be`));
    }
  });

  it('checks URLs, ports, the log level and the store URL', () => {
    const problems = problemsOf(
      {
        SLACK_API_URL: 'slack.com/api',
        WORK_API_URL: 'ftp://x',
        WORK_API_TOKEN: 't',
        STORE_URL: 'mysql://db',
        PORT: '70000',
        SANDBOX_PORT: 'abc',
        LOG_LEVEL: 'loud',
      },
      dataDir,
    );
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'SLACK_API_URL',
      'WORK_API_URL',
      'STORE_URL',
      'PORT',
      'LOG_LEVEL',
      'SANDBOX_PORT',
    ]);
  });

  it('reads the optional settings and normalises them', () => {
    const config = loadConfig(
      {
        SLACK_API_URL: 'http://127.0.0.1:5555/api',
        STORE_URL: 'redis://127.0.0.1:6379/0',
        PORT: '0',
        SANDBOX_PORT: '4999',
        LOG_LEVEL: 'DEBUG',
      },
      { dataDir },
    );
    expect(config).toMatchObject({
      slackApiUrl: 'http://127.0.0.1:5555/api/',
      storeUrl: 'redis://127.0.0.1:6379/0',
      port: 0,
      sandboxPort: 4999,
      logLevel: 'debug',
    });
  });

  it('reads WORK_TASK_URL_PATTERN and refuses one without {id}', () => {
    const pattern = 'https://work.example.com/projects/{project_id}/tasks/{id}';
    expect(loadConfig({ WORK_TASK_URL_PATTERN: pattern }, { dataDir }).taskUrlPattern).toBe(pattern);
    expect(loadConfig({}, { dataDir }).taskUrlPattern).toBeUndefined();
    expect(problemsOf({ WORK_TASK_URL_PATTERN: 'https://work.example.com/tasks/' }, dataDir)).toEqual([
      expect.stringMatching(/^WORK_TASK_URL_PATTERN must be an http\(s\) URL holding \{id\}/),
    ]);
  });

  it('reads PUBLIC_URL without a trailing slash and refuses one that is not http(s)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://tb.example.com/' }, { dataDir }).publicUrl).toBe(
      'https://tb.example.com',
    );
    expect(loadConfig({}, { dataDir }).publicUrl).toBeUndefined();
    expect(problemsOf({ PUBLIC_URL: 'tb.example.com' }, dataDir)).toEqual([
      expect.stringMatching(/^PUBLIC_URL must be an http\(s\) URL/),
    ]);
  });

  it('reads the service answer limit (default 8 MiB) and the address policy, and refuses bad values', () => {
    const defaults = loadConfig({}, { dataDir });
    expect(defaults.workApiMaxResponseBytes).toBe(8 * 1024 * 1024);
    expect(defaults.workApiAddressPolicy).toEqual({ allowPrivate: false, allowedHosts: [] });
    const set = loadConfig(
      {
        WORK_API_MAX_RESPONSE_BYTES: '1048576',
        WORK_API_ALLOW_PRIVATE: '1',
        WORK_API_ALLOWED_HOSTS: 'Tasks.Internal, 127.1:4010,[::1]:8443',
      },
      { dataDir },
    );
    expect(set.workApiMaxResponseBytes).toBe(1_048_576);
    expect(set.workApiAddressPolicy).toEqual({
      allowPrivate: true,
      allowedHosts: ['tasks.internal', '127.0.0.1:4010', '[::1]:8443'],
    });
    const problems = problemsOf(
      {
        WORK_API_MAX_RESPONSE_BYTES: '100',
        WORK_API_ALLOW_PRIVATE: 'yes',
        WORK_API_ALLOWED_HOSTS: 'https://x/api',
      },
      dataDir,
    );
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/WORK_API_MAX_RESPONSE_BYTES must be from 65536/);
    expect(problems.join('\n')).toMatch(/WORK_API_ALLOW_PRIVATE must be 1 or 0/);
    expect(problems.join('\n')).toMatch(/WORK_API_ALLOWED_HOSTS must list hosts/);
  });

  it('reads METRICS_TOKEN (kept out of JSON) and DRAIN_SECONDS, 10 s outside local mode and 0 in it by default', () => {
    const http = { SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: SIGNING, ENCRYPTION_KEY: KEY };
    expect(loadConfig(http).drainMs).toBe(10_000);
    expect(loadConfig({}, { dataDir }).drainMs).toBe(0);
    expect(loadConfig({ ...http, DRAIN_SECONDS: '0' }).drainMs).toBe(0);
    expect(loadConfig({ ...http, DRAIN_SECONDS: '25' }).drainMs).toBe(25_000);
    const token = 'metrics-token-0123456789';
    const config = loadConfig({ ...http, METRICS_TOKEN: token });
    expect(config.metricsToken).toBe(token);
    expect(JSON.stringify(config)).not.toContain(token);
    expect(loadConfig(http).metricsToken).toBeUndefined();
    expect(problemsOf({ ...http, DRAIN_SECONDS: '301' })).toEqual([
      'DRAIN_SECONDS must be from 0 to 300 seconds',
    ]);
    expect(problemsOf({ ...http, DRAIN_SECONDS: 'soon' })[0]).toMatch(
      /^DRAIN_SECONDS must be a whole number/,
    );
    expect(problemsOf({ ...http, METRICS_TOKEN: 'short' })[0]).toMatch(/^METRICS_TOKEN must be at least 16/);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ SLACK_BOT_TOKEN: '', SLACK_SIGNING_SECRET: '  ', PORT: '' }, { dataDir });
    expect(config.slack.mode).toBe('local');
    expect(config.port).toBe(3000);
  });

  it('keeps secrets out of JSON and inspect output while code can read them', () => {
    const config = loadConfig({
      SLACK_BOT_TOKEN: BOT,
      SLACK_SIGNING_SECRET: SIGNING,
      ENCRYPTION_KEY: KEY,
      WORK_API_URL: 'http://127.0.0.1:4010',
      WORK_API_TOKEN: 'work-token-value',
    });
    expect(config.slack.mode === 'http' && config.slack.botToken).toBe(BOT);
    for (const text of [
      JSON.stringify(config),
      inspect(config, { depth: 5 }),
      JSON.stringify(config.slack),
    ]) {
      expect(text).not.toContain(BOT);
      expect(text).not.toContain(SIGNING);
      expect(text).not.toContain(KEY);
      expect(text).not.toContain('work-token-value');
      expect(text).toContain('[redacted]');
    }
    expect(JSON.parse(JSON.stringify(config)).port).toBe(3000);
  });

  it('throws a ConfigError whose message lists the problems', () => {
    expect(() => loadConfig({ SLACK_BOT_TOKEN: BOT })).toThrow(
      /Configuration is not valid:\n {2}- SLACK_SIGNING_SECRET/,
    );
  });

  describe('a driven clock (TASKBRIDGE_CLOCK=manual), for tests only', () => {
    const test = {
      SLACK_BOT_TOKEN: BOT,
      SLACK_SIGNING_SECRET: SIGNING,
      ENCRYPTION_KEY: KEY,
      SLACK_API_URL: 'http://127.0.0.1:4020/api/',
      TASKBRIDGE_CLOCK: 'manual',
      TASKBRIDGE_CLOCK_START: '1795820000000',
    };
    const refused = (env: Record<string, string>, controlChannel: boolean) => {
      try {
        loadConfig(env, { dataDir, controlChannel });
      } catch (error) {
        if (error instanceof ConfigError) return [...error.problems];
        throw error;
      }
      return [];
    };

    it('starts where it is told in a process a test holds a channel to, against an emulator', () => {
      expect(loadConfig(test, { controlChannel: true }).drivenClock).toEqual({ start: 1_795_820_000_000 });
      const { TASKBRIDGE_CLOCK: _, TASKBRIDGE_CLOCK_START: __, ...unset } = test;
      expect(loadConfig(unset, { controlChannel: false }).drivenClock).toBeUndefined();
    });

    it('is refused wherever the app could serve people', () => {
      expect(refused({ ...test, NODE_ENV: 'production' }, true)).toEqual([
        'TASKBRIDGE_CLOCK=manual is for tests only and is refused with NODE_ENV=production: unset it',
      ]);
      const { SLACK_API_URL: _, ...againstSlack } = test;
      expect(refused(againstSlack, true)).toEqual([
        "TASKBRIDGE_CLOCK=manual is for tests only and is refused against Slack's own API (SLACK_API_URL must be an emulator's): unset it",
      ]);
      expect(refused({ ...test, SLACK_API_URL: 'https://api.slack.com/api/' }, true)).toHaveLength(1);
      expect(refused(test, false)).toEqual([
        'TASKBRIDGE_CLOCK=manual is for tests only and is refused in a process started without an IPC channel to move it through: unset it',
      ]);
      expect(refused({ TASKBRIDGE_CLOCK: 'manual', TASKBRIDGE_CLOCK_START: '1' }, true)).toEqual([
        'TASKBRIDGE_CLOCK=manual is for tests only and is refused in local mode: unset it',
      ]);
    });

    it('names a wrong value, a missing start, and a start without it', () => {
      expect(refused({ ...test, TASKBRIDGE_CLOCK: 'fast' }, true)).toEqual([
        'TASKBRIDGE_CLOCK can only be manual (tests only), or unset',
      ]);
      const { TASKBRIDGE_CLOCK_START: _, ...noStart } = test;
      expect(refused(noStart, true)).toEqual([
        'TASKBRIDGE_CLOCK_START is missing: with TASKBRIDGE_CLOCK=manual, set where the clock starts (epoch ms)',
      ]);
      const { TASKBRIDGE_CLOCK: __, ...startOnly } = test;
      expect(refused(startOnly, true)).toEqual([
        'TASKBRIDGE_CLOCK_START is set without TASKBRIDGE_CLOCK=manual: unset it',
      ]);
    });
  });
});
