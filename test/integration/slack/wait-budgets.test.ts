/**
 * The app's service clients carry the interactive wait budget unless told otherwise: a call that
 * would wait for the rate limit past it is refused at once with the wait, not queued for minutes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../../src/api/errors.ts';
import { createRateLimiter } from '../../../src/api/index.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { WAIT_BUDGETS } from '../../../src/slack/kit/wait-budgets.ts';
import { WorkApiRegistry } from '../../../src/slack/services/work-api-registry.ts';
import { createCipher } from '../../../src/store/cipher.ts';
import { openStore } from '../../../src/store/open-store.ts';
import { createConnections } from '../../../src/store/repositories/connections.ts';
import { startTestSandbox } from '../../support/sandbox-profile.ts';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
});

describe('wait budgets', () => {
  it('a workspace client refuses a call that would wait past the interactive budget, with the wait', async () => {
    sandbox = await startTestSandbox();
    const store = await openStore('sqlite::memory:');
    const connections = createConnections(store, createCipher('ab'.repeat(32)), {});
    await connections.save('T1', { baseUrl: sandbox.url, token: sandbox.token, connectedBy: 'U1' });
    // One request a minute: the second waits about a minute, twice the interactive budget.
    const limiter = createRateLimiter({ limits: { general: 1 } });
    const registry = new WorkApiRegistry({
      connections,
      clientOptions: { limiter },
      // The saved address is the sandbox on loopback, as an operator would allow it.
      addressPolicy: { allowPrivate: false, allowedHosts: [new URL(sandbox.url).host] },
    });
    const api = await registry.clientFor('T1');
    await api!.tasks.list({ per_page: 1 });
    const refused = await api!.tasks.list({ per_page: 1 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterMs).toBeGreaterThan(WAIT_BUDGETS.interactive.maxWaitMs);
    await store.close();
  });
});
