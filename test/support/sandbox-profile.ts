/**
 * The sandbox every client and app test talks to, in the answer profile the run asks for:
 * `SANDBOX_PROFILE=spec-minimal` runs the same suites against a service that shows no more than the
 * spec (see src/sandbox/README.md, "Profiles"); unset, the full profile. vitest.config.ts sets it
 * per project.
 */

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROFILE_NAMES } from '../../src/sandbox/http/answer-profile.ts';
import {
  createSandbox,
  type ProfileName,
  type Sandbox,
  type SandboxOptions,
} from '../../src/sandbox/index.ts';

/** The profile named by `SANDBOX_PROFILE` (default 'full'); any other value is a mistake, said at once. */
export function testSandboxProfile(env: Record<string, string | undefined> = process.env): ProfileName {
  const name = env.SANDBOX_PROFILE || 'full';
  if (!(PROFILE_NAMES as readonly string[]).includes(name)) {
    throw new Error(`SANDBOX_PROFILE=${name}: use one of ${PROFILE_NAMES.join(', ')}`);
  }
  return name as ProfileName;
}

/** A test sandbox's options: any free port, limits off, the run's profile; `opts` win. */
export function testSandboxOptions(opts: SandboxOptions = {}): SandboxOptions {
  return { port: 0, rateLimits: false, profile: testSandboxProfile(), ...opts };
}

export function startTestSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  return createSandbox(testSandboxOptions(opts));
}

/**
 * Where a twin pair keeps its shared database file: memory-backed where the system has it (every
 * write of a spec-minimal run goes to this file; on disk the syncs dominate a run's time).
 */
export function twinDir(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/** A test sandbox in the run's profile, and a full-profile twin over the same data for the checks. */
export interface SandboxWithTruth {
  sandbox: Sandbox;
  /** The full-profile view of the same database (the sandbox itself under the full profile). */
  truth: { url: string; token: string };
  close(): Promise<void>;
}

/**
 * Under a profile that shows less than the contract, a test's own look at the service's state goes
 * through a second, full-profile sandbox over the same database file: the code under test meets the
 * spec-minimal service, the assertions still see everything it holds.
 */
export async function startTestSandboxWithTruth(opts: SandboxOptions = {}): Promise<SandboxWithTruth> {
  const minimal = testSandboxProfile() !== 'full' && opts.profile !== 'full';
  if (!minimal) {
    const sandbox = await startTestSandbox(opts);
    return { sandbox, truth: { url: sandbox.url, token: sandbox.token }, close: () => sandbox.close() };
  }
  const dir = await mkdtemp(join(twinDir(), 'taskbridge-sandbox-'));
  // Each server caches answers until its own next write; with two over one file, neither may.
  const shared = { dbPath: join(dir, 'sandbox.db'), responseCache: false } as const;
  const sandbox = await startTestSandbox({ ...opts, ...shared });
  const twin = await startTestSandbox({
    ...opts,
    ...shared,
    profile: 'full',
    token: `${sandbox.token}-truth`,
  });
  return {
    sandbox,
    truth: { url: twin.url, token: twin.token },
    close: async () => {
      await twin.close();
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
