import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_TTL_MS } from '../../../src/api/cache.ts';
import { createMemoryReadCache, createWorkApiClient } from '../../../src/api/index.ts';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { startTestSandbox, testSandboxProfile } from '../../support/sandbox-profile.ts';
import { type FaultProxy, startFaultProxy } from './support/fault-proxy.ts';

let sb: Sandbox;
let proxy: FaultProxy;

beforeAll(async () => {
  sb = await startTestSandbox({ port: 0, seed: 'demo', rateLimits: false });
  proxy = await startFaultProxy(sb.url);
});

afterAll(async () => {
  await proxy?.close();
  await sb?.close();
});

const gets = (path: RegExp) => proxy.count('GET', path);

describe('read cache', () => {
  it('answers repeated project reads from the cache until the TTL runs out', async () => {
    const clock = new ManualClock(Date.now());
    const api = createWorkApiClient({ baseUrl: proxy.url, token: sb.token, clock });
    const before = gets(/^\/projects\/1$/);
    await api.projects.get(1);
    await api.projects.get(1);
    expect(gets(/^\/projects\/1$/) - before).toBe(1);
    await clock.advance(CACHE_TTL_MS.projects);
    await api.projects.get(1);
    expect(gets(/^\/projects\/1$/) - before).toBe(2);
  });

  it('shares one request among concurrent identical reads', async () => {
    const api = createWorkApiClient({
      baseUrl: proxy.url,
      token: sb.token,
      clock: new ManualClock(Date.now()),
    });
    const before = gets(/^\/projects\/1\/statuses$/);
    const all = await Promise.all([
      api.projects.statuses(1),
      api.projects.statuses(1),
      api.projects.statuses(1),
    ]);
    expect(all[1]).toEqual(all[0]);
    expect(gets(/^\/projects\/1\/statuses$/) - before).toBe(1);
  });

  it('drops what a write changes: a renamed project is read again', async () => {
    const api = createWorkApiClient({
      baseUrl: proxy.url,
      token: sb.token,
      clock: new ManualClock(Date.now()),
    });
    expect((await api.projects.get(3)).name).toBe('Operations');
    const list = await api.projects.list();
    await api.projects.update(3, { name: 'Ops' });
    expect((await api.projects.get(3)).name).toBe('Ops');
    const again = await api.projects.list();
    expect(again.data.find((p) => p.id === 3)?.name).toBe('Ops');
    expect(list.data.find((p) => p.id === 3)?.name).toBe('Operations');
  });

  it('drops a project’s cached members when a role changes', async () => {
    const api = createWorkApiClient({
      baseUrl: proxy.url,
      token: sb.token,
      clock: new ManualClock(Date.now()),
    });
    const before = gets(/^\/projects\/1\/members$/);
    const first = await api.members.listByProject(1);
    await api.members.listByProject(1);
    expect(gets(/^\/projects\/1\/members$/) - before).toBe(1);
    await api.members.updateRole(1, 4, { role: 'admin' });
    const after = await api.members.listByProject(1);
    expect(gets(/^\/projects\/1\/members$/) - before).toBe(2);
    // The roles themselves are shown by the full profile only (spec-minimal shows id and name).
    if (testSandboxProfile() === 'full') {
      expect(first.data.find((m) => m.id === 4)?.role).toBe('member');
      expect(after.data.find((m) => m.id === 4)?.role).toBe('admin');
    }
  });

  it('reads past the cache when asked for fresh lists, every page of them', async () => {
    const api = createWorkApiClient({
      baseUrl: proxy.url,
      token: sb.token,
      clock: new ManualClock(Date.now()),
    });
    const count = () => ({
      members: gets(/^\/projects\/2\/members$/),
      people: gets(/^\/workspaces\/1\/members$/),
      projects: gets(/^\/projects$/),
    });
    const drain = async (fresh: boolean) => {
      for await (const _ of api.members.listByProject.all(2, { per_page: 1 }, { fresh }));
      for await (const _ of api.workspaces.members.all(1, { per_page: 100 }, { fresh }));
      for await (const _ of api.projects.list.all({ per_page: 100 }, { fresh }));
    };
    const start = count();
    await drain(false);
    const cached = count();
    await drain(false);
    expect(count()).toEqual(cached);
    await drain(true);
    const after = count();
    // As many requests as the first reading made, page for page (Mobile App's members one a page).
    expect(after.members - cached.members).toBe(cached.members - start.members);
    expect(after.people - cached.people).toBe(cached.people - start.people);
    expect(after.projects - cached.projects).toBe(cached.projects - start.projects);
    expect(after.people - cached.people).toBeGreaterThan(0);
  });

  it('keeps tokens apart: another member does not get what the first one read', async () => {
    const clock = new ManualClock(Date.now());
    const shared = createMemoryReadCache({ clock });
    const ana = createWorkApiClient({ baseUrl: proxy.url, token: sb.token, clock, cache: shared });
    const eve = createWorkApiClient({ baseUrl: proxy.url, token: sb.createToken(5), clock, cache: shared });
    const before = gets(/^\/projects$/);
    await ana.projects.list();
    await eve.projects.list();
    expect(gets(/^\/projects$/) - before).toBe(2);
  });
});
