import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const shared = {
  environment: 'node',
  // Integration tests start real servers on loopback; keep them independent.
  pool: 'forks',
  // Most files wait on servers, not the CPU: on two cores the default (one worker) left the
  // machine idle for most of a 10-minute run; three files at a time ran the same 2,069 tests in 5.
  maxWorkers: 3,
  testTimeout: 20_000,
  hookTimeout: 20_000,
} as const;
const ALL_TESTS = ['test/**/*.test.ts'];

/**
 * The client's integration tests and the Slack end-to-end tests again, against the sandbox's
 * spec-minimal profile (test/support/sandbox-profile.ts reads SANDBOX_PROFILE), so Taskbridge keeps
 * working with a service that shows no more than the spec. On by default (`npm test` runs both);
 * `PROFILE_MATRIX=0` leaves it out for a quick local run, `--project spec-minimal` runs it alone.
 * (Projects do not `extends: true` the root: that would add the root's include to theirs.)
 */
const specMinimal: TestProjectInlineConfiguration = {
  test: {
    ...shared,
    name: 'spec-minimal',
    include: ['test/integration/api/**/*.test.ts', 'test/e2e/**/*.test.ts'],
    // These never read the service's tasks or projects, so under the other profile they would run
    // the same test again: start-up checks against Slack alone, OAuth installations from the store,
    // hostile request bodies at the receiver, ids no feature routes (answered with help), and
    // `/task connect` against addresses the policy refuses or hosts that never answer well.
    exclude: [
      'test/e2e/start-up-checks.test.ts',
      'test/e2e/oauth-installation-reads.test.ts',
      'test/e2e/receiver-guard.test.ts',
      'test/e2e/unrouted-ids.test.ts',
      'test/e2e/connect-address-policy.test.ts',
    ],
    env: { SANDBOX_PROFILE: 'spec-minimal' },
  },
};
const full: TestProjectInlineConfiguration = {
  test: { ...shared, name: 'full', include: ALL_TESTS, env: { SANDBOX_PROFILE: 'full' } },
};
const profileMatrix = process.env.PROFILE_MATRIX !== '0';

export default defineConfig({
  test: {
    ...shared,
    include: ALL_TESTS,
    ...(profileMatrix ? { projects: [full, specMinimal] } : {}),
  },
});
