import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../../src/contract/index.ts';
import { CliError, parseCliArgs, parseRateLimitSpec } from '../../../src/sandbox/cli-args.ts';

const parse = (argv: string[], env: Record<string, string> = {}) => parseCliArgs(argv, env, RATE_LIMITS);

describe('parseCliArgs', () => {
  it('has the documented defaults', () => {
    expect(parse([])).toEqual({
      kind: 'serve',
      port: 4010,
      host: '127.0.0.1',
      dbPath: './data/sandbox.db',
      reset: false,
      seed: 'demo',
      token: undefined,
      rateLimits: { general: 60, search: 30, upload: 10 },
      faults: {},
      control: false,
      profile: 'full',
      pagingIgnored: false,
    });
  });

  it('reads the answer profile, and --ignore-page only with spec-minimal', () => {
    expect(parse(['--profile', 'spec-minimal'])).toMatchObject({
      profile: 'spec-minimal',
      pagingIgnored: false,
    });
    expect(parse(['--profile', 'spec-minimal', '--ignore-page'])).toMatchObject({
      profile: 'spec-minimal',
      pagingIgnored: true,
    });
    expect(() => parse(['--profile', 'minimal'])).toThrow(/--profile wants one of full, spec-minimal/);
    expect(() => parse(['--ignore-page'])).toThrow(/--ignore-page needs --profile spec-minimal/);
  });

  it('reads the environment, and flags win over it', () => {
    expect(parse([], { SANDBOX_PORT: '5000', SANDBOX_TOKEN: 'env-token-1' })).toMatchObject({
      port: 5000,
      token: 'env-token-1',
    });
    expect(parse(['--port', '6000', '--token', 'flag-token-1'], { SANDBOX_PORT: '5000' })).toMatchObject({
      port: 6000,
      token: 'flag-token-1',
    });
  });

  it('reads every flag', () => {
    expect(
      parse([
        '--db',
        ':memory:',
        '--reset',
        '--empty',
        '--rate-limit',
        'general=600,upload=2',
        '--latency-ms',
        '250',
        '--error-rate',
        '0.1',
        '--rate-limit-rate',
        '0.05',
        '--outage',
        '--control',
        '--host',
        '0.0.0.0',
        '--profile',
        'spec-minimal',
        '--ignore-page',
      ]),
    ).toEqual({
      kind: 'serve',
      port: 4010,
      host: '0.0.0.0',
      dbPath: ':memory:',
      reset: true,
      seed: 'empty',
      token: undefined,
      rateLimits: { general: 600, search: 30, upload: 2 },
      faults: { latencyMs: 250, errorRate: 0.1, rateLimitRate: 0.05, outage: true },
      control: true,
      profile: 'spec-minimal',
      pagingIgnored: true,
    });
    expect(parse(['--no-rate-limit'])).toMatchObject({ rateLimits: false });
    expect(parse(['token', '--member', '2', '--name', 'Bot'])).toEqual({
      kind: 'token',
      dbPath: './data/sandbox.db',
      memberId: 2,
      name: 'Bot',
    });
    expect(parse(['-h'])).toEqual({ kind: 'help' });
  });

  it('explains each mistake', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--port', '70000'], /--port .* 0 to 65535/],
      [['--latency-ms', '-5'], /--latency-ms/],
      [['--error-rate', 'half'], /--error-rate wants a number from 0 to 1/],
      [['--rate-limit', 'general=0'], /--rate-limit general/],
      [['--rate-limit', 'fast=1'], /unknown class "fast"/],
      [['--no-rate-limit', '--rate-limit', 'general=1'], /contradict/],
      [['--token', 'has space'], /--token/],
      [['token'], /--member ID is required/],
      [['serve'], /unknown command "serve"/],
      [['--frobnicate'], /frobnicate/],
    ];
    for (const [argv, message] of cases) {
      expect(() => parse(argv), argv.join(' ')).toThrow(CliError);
      expect(() => parse(argv), argv.join(' ')).toThrow(message);
    }
  });
});

describe('parseRateLimitSpec', () => {
  it('keeps the defaults for classes left out', () => {
    expect(parseRateLimitSpec('search=5', RATE_LIMITS)).toEqual({ general: 60, search: 5, upload: 10 });
  });
});
