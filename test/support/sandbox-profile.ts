/**
 * The sandbox every client and app test talks to, in the answer profile the run asks for:
 * `SANDBOX_PROFILE=spec-minimal` runs the same suites against a service that shows no more than the
 * spec (see src/sandbox/README.md, "Profiles"); unset, the full profile. vitest.config.ts sets it
 * per project.
 */

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
