/**
 * Redis memory per workspace, for the capacity plan in docs/deploy.md: seeds N workspaces through
 * the app's own repositories into a throwaway redis-server and reads INFO memory (and MEMORY USAGE
 * of one workspace's keys) before and after.
 *
 *   npx node bench/redis-memory.ts               (1,000 workspaces; a few seconds)
 *   npx node bench/redis-memory.ts 5000 30       (workspaces, linked people per workspace)
 *
 * Each workspace as a busy team would have it: the OAuth installation (bot token sealed), the
 * service connection (token sealed), P people linked, 5 channel defaults, 3 channel digests (each
 * with its last firing and its posted message) and one personal digest per 5 people.
 * Also reports the share of the prefix index (src/store/redis-key-index.ts: sorted sets by bucket).
 */
import { createClient } from '@keyv/redis';
import { createDigestSubscriptions } from '../src/digest/subscriptions.ts';
import { createCipher } from '../src/store/cipher.ts';
import { openRedisStore } from '../src/store/redis-store.ts';
import { createChannelDefaults } from '../src/store/repositories/channel-defaults.ts';
import { createConnections } from '../src/store/repositories/connections.ts';
import { createInstallationStore } from '../src/store/repositories/installation-store.ts';
import { createUserLinks } from '../src/store/repositories/user-links.ts';
import { redisTool, startRedisServer } from '../test/support/redis-server.ts';

const WORKSPACES = Number(process.argv[2] ?? 1000);
const PEOPLE = Number(process.argv[3] ?? 20);

const server = await startRedisServer(redisTool.require());
const raw = createClient({ url: server.url });
await raw.connect();
const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await raw.info('memory'))?.[1]);
const store = await openRedisStore(server.url);
const cipher = createCipher('ab'.repeat(32));
const installations = createInstallationStore(store, cipher);
const connections = createConnections(store, cipher, {});
const links = createUserLinks(store, {});
const defaults = createChannelDefaults(store, {});
const subscriptions = createDigestSubscriptions(store, {});

const before = await usedMemory();
const started = performance.now();
for (let w = 0; w < WORKSPACES; w++) {
  const teamId = `T${String(w).padStart(9, '0')}`;
  await installations.storeInstallation({
    team: { id: teamId, name: `Team ${w}` },
    enterprise: undefined,
    user: { id: 'U000000001', token: undefined, scopes: undefined },
    bot: {
      id: 'B000000001',
      userId: 'U0BOT00001',
      token: `xoxb-${'1'.repeat(12)}-${'2'.repeat(13)}-${'x'.repeat(24)}`,
      scopes: ['commands', 'chat:write', 'users:read', 'users:read.email', 'links:read', 'links:write'],
    },
    tokenType: 'bot',
    isEnterpriseInstall: false,
    appId: 'A000000001',
  });
  await connections.save(teamId, {
    baseUrl: 'https://work.example.com/api',
    token: `wm_${'t'.repeat(40)}`,
    connectedBy: 'U000000001',
  });
  for (let p = 0; p < PEOPLE; p++) {
    await links.link(teamId, `U${String(p).padStart(9, '0')}`, {
      memberId: p + 1,
      memberName: `Person Number ${p}`,
      email: `person.${p}@example.com`,
    });
  }
  for (let c = 0; c < 5; c++) {
    await defaults.set(teamId, `C${String(c).padStart(9, '0')}`, {
      projectId: c + 1,
      projectName: `Project ${c}`,
      setBy: 'U000000001',
    });
  }
  const channelDigests = Array.from({ length: 3 }, (_, c) => `C${String(c).padStart(9, '0')}`);
  const personal = Array.from({ length: Math.ceil(PEOPLE / 5) }, (_, p) => `D${String(p).padStart(9, '0')}`);
  for (const channelId of [...channelDigests, ...personal]) {
    const sub = await subscriptions.create({
      teamId,
      channelId,
      createdBy: 'U000000001',
      projectIds: [1, 2],
      time: '09:00',
      timeZone: 'Europe/London',
      days: [1, 2, 3, 4, 5],
      sections: { overdue: true, dueToday: true, dueWithinDays: 3 },
    });
    await subscriptions.recordFiring(teamId, sub.id, {
      localDate: '2026-11-23',
      scheduledAt: '2026-11-23T09:00:00.000Z',
      late: false,
      at: '2026-11-23T09:00:02.000Z',
      outcome: 'posted',
      post: {
        channel: channelId,
        ts: '1763888402.000100',
        taskIds: Array.from({ length: 12 }, (_, i) => 1000 + i),
      },
    });
  }
}
const seconds = (performance.now() - started) / 1000;
const after = await usedMemory();
const keys = await raw.dbSize();
const perWorkspace = (after - before) / WORKSPACES;
let sampleBytes = 0;
for await (const batch of raw.scanIterator({ MATCH: '*T000000000*', COUNT: 500 })) {
  for (const key of batch) sampleBytes += (await raw.memoryUsage(key)) ?? 0;
}

// Listing one workspace's links reads its own bucket only (no SCAN), however many workspaces there are.
const listings: number[] = [];
for (let i = 0; i < 50; i++) {
  const teamId = `T${String((i * 7919) % WORKSPACES).padStart(9, '0')}`;
  const from = performance.now();
  let found = 0;
  for await (const _ of store.entries(`team:${teamId}:user-link:`)) found++;
  listings.push(performance.now() - from);
  if (found !== PEOPLE) throw new Error(`listed ${found} links of ${teamId}, expected ${PEOPLE}`);
}
listings.sort((a, b) => a - b);

let indexBytes = 0;
for (const match of ['taskbridge:index:*', 'taskbridge:expiry:*', 'taskbridge:index-*']) {
  for await (const batch of raw.scanIterator({ MATCH: match, COUNT: 500 })) {
    for (const key of batch) indexBytes += (await raw.memoryUsage(key)) ?? 0;
  }
}

console.log(
  `Redis memory for ${WORKSPACES} workspaces (${PEOPLE} people linked each), redis-server ${(await raw.info('server')).match(/redis_version:(\S+)/)?.[1]}`,
);
console.log(`  keys: ${keys} (${(keys / WORKSPACES).toFixed(1)} a workspace)`);
console.log(
  `  INFO used_memory: ${(before / 1e6).toFixed(1)} MB before, ${(after / 1e6).toFixed(1)} MB after`,
);
console.log(`  per workspace: ${(perWorkspace / 1024).toFixed(1)} KiB (INFO delta / N)`);
console.log(
  `  of which the prefix index: ${(indexBytes / WORKSPACES / 1024).toFixed(1)} KiB a workspace (MEMORY USAGE of its sorted sets / N)`,
);
console.log(`  one workspace's keys by MEMORY USAGE: ${(sampleBytes / 1024).toFixed(1)} KiB`);
console.log(
  `  listing one workspace's ${PEOPLE} links: median ${listings[25]!.toFixed(2)} ms, worst ${listings.at(-1)!.toFixed(2)} ms (50 listings)`,
);
console.log(`  toward 10,000 workspaces: ${((perWorkspace * 10_000) / 1e6).toFixed(0)} MB of data`);
console.log(`  seeded in ${seconds.toFixed(1)} s`);
console.log(`rerun: npx node bench/redis-memory.ts ${WORKSPACES} ${PEOPLE}`);
await store.close();
await raw.close();
await server.stop();
