/**
 * The app's clock reaches its service clients: the read cache (and the limiter and retries beside
 * it) keep time by the clock the app was given, so a test that moves the clock moves them too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CACHE_TTL_MS } from '../../../src/api/index.ts';
import { fixedClock, type Harness, startHarness, TEAM } from '../../support/harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('the app clock', () => {
  it('governs the workspace client: a cached list lasts until the app clock passes its TTL', async () => {
    const clock = fixedClock('2026-03-04T09:00:00.000Z');
    h = await startHarness({ clock });
    const api = await h.app.deps.workApi.clientFor(TEAM);
    if (!api) throw new Error('the harness workspace has no service client');
    const names = async () => (await api.projects.list({ per_page: 100 })).data.map((p) => p.name);

    expect(await names()).not.toContain('Clock project');
    // Made through another token: the app's client is not told, so only its cache's age decides.
    await h.api.projects.create({ workspace_id: 1, name: 'Clock project' });
    expect(await names()).not.toContain('Clock project');

    clock.advance(CACHE_TTL_MS.projects + 1);
    expect(await names()).toContain('Clock project');
  });
});
