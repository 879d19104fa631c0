/**
 * Two instances of the real app (`node src/main.ts`, each its own process) on one Redis, one
 * token: `/task mine` arriving at both while the connection's task view is cold reads the service's
 * tasks once between them (the view's shared lease), and once that read is done, both answer
 * `/task mine` from the view at no request. Requests are counted by a recording proxy in front of
 * the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKeys } from '../../../src/store/keys.ts';
import { createUserLinks } from '../../../src/store/repositories/user-links.ts';
import { type Fleet, startFleet } from '../../support/fleet.ts';
import { redisTool } from '../../support/redis-server.ts';
import { until } from '../../support/until.ts';

const SIGNING_SECRET = 'cold-view-signing-secret';
const ENCRYPTION_KEY = 'cd'.repeat(32);
const TEAM = 'T0001';
/** The emulator's seeded people, by their member (their Slack emails are the members'). */
const PEOPLE = { U0ANA: [1, 'ana'], U0BEN: [2, 'ben'], U0CHLOE: [3, 'chloe'], U0DEV: [4, 'dev'] } as const;

describe.runIf(redisTool.mustRun)('a cold task view on two instances', () => {
  let fleet: Fleet;

  beforeAll(async () => {
    fleet = await startFleet({
      label: 'cold-view',
      store: 'redis',
      signingSecret: SIGNING_SECRET,
      encryptionKey: ENCRYPTION_KEY,
    });
    const links = createUserLinks(fleet.store);
    for (const [userId, [memberId, name]] of Object.entries(PEOPLE)) {
      await links.link(TEAM, userId, {
        memberId,
        memberName: name,
        email: `${name}@example.com`,
        proof: 'email',
      });
    }
    await fleet.startAll(['one', 'two']);
  }, 120_000);

  afterAll(() => fleet?.stop(), 30_000);

  it('reads the service’s tasks once between them, then answers from the view at no request', async () => {
    const { store } = fleet;
    const proxy = fleet.proxy!;
    const signers = fleet.instances.map((i) => i.signer);
    const users = Object.keys(PEOPLE);
    // Each person asks at both instances at once, while nobody has read the tasks yet.
    await Promise.all(users.flatMap((user) => signers.map((s) => s.command('/task mine', { user }))));
    await until('the view’s scan saved', () => store.get(`${storeKeys.taskView(TEAM)}scan`), 60_000);
    const scan = proxy.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/projects'));
    // One list of projects, and each page of each project's tasks read once.
    expect(scan.filter((r) => /^\/api\/projects\?/.test(r.path))).toHaveLength(1);
    const pages = scan.filter((r) => /^\/api\/projects\/\d+\/tasks/.test(r.path)).map((r) => r.path);
    expect(pages.length).toBeGreaterThan(0);
    expect(new Set(pages).size).toBe(pages.length);

    // Warm: both instances answer everyone from the view (the other loads the saved scan).
    const seen = proxy.requests.length;
    for (const user of users) {
      for (const signer of signers) {
        const answer = await signer.command('/task mine', { user });
        expect(JSON.stringify(answer.body)).toContain('Your tasks');
      }
    }
    expect(proxy.requests.slice(seen)).toEqual([]);
  }, 90_000);
});
