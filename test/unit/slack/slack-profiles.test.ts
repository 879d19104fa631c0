/**
 * Slack profiles kept for the day, against the Slack Web API emulator over HTTP with a moved
 * clock: one users.info for the first person, the workspace's directory read once in the
 * background, events replacing entries in their own workspace only, expiry after a day, a failed
 * directory read leaving users.info at work, and `forget` dropping the workspace whole.
 */
import { WebClient } from '@slack/web-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import { SHARED_CHECK_MS } from '../../../src/slack/services/slack-profile-changes.ts';
import {
  DIRECTORY_RETRY_MS,
  DIRECTORY_TTL_MS,
  PROFILE_TTL_MS,
  SlackProfiles,
} from '../../../src/slack/services/slack-profiles.ts';
import { createSlackEmulator, type SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { storeKeys } from '../../../src/store/keys.ts';
import { openStore } from '../../../src/store/open-store.ts';

const TEAM = 'T0001';
const OTHER = 'T0002';
const PEOPLE = 450;

let clock: ManualClock;
let emulator: SlackEmulator;
let client: WebClient;
let profiles: SlackProfiles;

beforeEach(async () => {
  clock = new ManualClock('2026-11-20T09:00:00.000Z');
  emulator = await createSlackEmulator({ port: 0, clock });
  client = new WebClient(emulator.botToken, { slackApiUrl: emulator.url, retryConfig: { retries: 0 } });
  for (let i = 0; i < PEOPLE; i++) {
    emulator.addUser({
      id: `U1${String(i).padStart(5, '0')}`,
      teamId: TEAM,
      name: `p${i}`,
      tz: 'Asia/Tokyo',
    });
  }
  emulator.addUser({ id: 'U0GONE', teamId: TEAM, name: 'gone', tz: 'UTC' });
  emulator.state.users.get('U0GONE')!.deleted = true;
  profiles = new SlackProfiles(clock);
});
afterEach(async () => {
  await emulator.close();
});

const calls = (method: string) => emulator.calls(method).length;

describe('SlackProfiles', () => {
  it('reads the first person with users.info and the whole directory once, in pages of 200', async () => {
    const first = await profiles.get(client, TEAM, 'U0BEN');
    expect(first.timeZone).toBe('America/New_York');
    expect(calls('users.info')).toBe(1);
    // A second miss while the directory is being read starts no second read.
    await profiles.get(client, TEAM, 'U0CHLOE');
    await profiles.directoryRead(TEAM);
    expect(emulator.calls('users.list').map((c) => c.args.limit)).toEqual(['200', '200', '200']);
    const infoBefore = calls('users.info');
    for (let i = 0; i < PEOPLE; i++) {
      const p = await profiles.get(client, TEAM, `U1${String(i).padStart(5, '0')}`);
      expect(p.timeZone).toBe('Asia/Tokyo');
    }
    expect(calls('users.info')).toBe(infoBefore);
    expect(calls('users.list')).toBe(3);
    // The deactivated person is not kept: asked for, they are read one by one.
    await profiles.get(client, TEAM, 'U0GONE').catch(() => undefined);
    expect(calls('users.info')).toBe(infoBefore + 1);
  });

  it('keeps a profile for a day, then reads it and the directory again', async () => {
    await profiles.get(client, TEAM, 'U0BEN');
    await profiles.directoryRead(TEAM);
    await clock.advance(PROFILE_TTL_MS - 60_000);
    await profiles.get(client, TEAM, 'U0ANA');
    expect(calls('users.info')).toBe(1);
    await clock.advance(60_000);
    await profiles.get(client, TEAM, 'U0ANA');
    expect(calls('users.info')).toBe(2);
    await profiles.directoryRead(TEAM);
    expect(DIRECTORY_TTL_MS).toBe(PROFILE_TTL_MS);
    expect(calls('users.list')).toBe(6);
  });

  it('replaces a person from user_change in their workspace, and leaves another workspace alone', async () => {
    await profiles.get(client, TEAM, 'U0BEN');
    await profiles.directoryRead(TEAM);
    await profiles.changed(OTHER, { id: 'U0BEN', team_id: OTHER, tz: 'Pacific/Auckland' });
    expect((await profiles.get(client, TEAM, 'U0BEN')).timeZone).toBe('America/New_York');
    await profiles.changed(TEAM, { id: 'U0BEN', team_id: TEAM, tz: 'Europe/Paris', is_admin: true });
    const ben = await profiles.get(client, TEAM, 'U0BEN');
    expect(ben).toMatchObject({ timeZone: 'Europe/Paris', isAdmin: true });
    // A person who joined is known from the event; a deactivated one is dropped.
    await profiles.changed(TEAM, { id: 'U0NEW', team_id: TEAM, tz: 'Asia/Kolkata', name: 'new' });
    expect((await profiles.get(client, TEAM, 'U0NEW')).timeZone).toBe('Asia/Kolkata');
    await profiles.changed(TEAM, { id: 'U0CHLOE', team_id: TEAM, deleted: true });
    await profiles.get(client, TEAM, 'U0CHLOE');
    expect(calls('users.info')).toBe(2);
  });

  it('drops an Enterprise Grid person’s entries in the org’s other workspaces the event names', async () => {
    await profiles.changed(OTHER, { id: 'U0BEN', team_id: OTHER, tz: 'Pacific/Auckland' });
    await profiles.changed(TEAM, {
      id: 'U0BEN',
      team_id: TEAM,
      tz: 'Europe/Paris',
      enterprise_user: { teams: [TEAM, OTHER] },
    });
    expect((await profiles.get(client, TEAM, 'U0BEN')).timeZone).toBe('Europe/Paris');
    expect(calls('users.info')).toBe(0);
    // Read again in the other workspace rather than kept as it was.
    expect((await profiles.get(client, OTHER, 'U0BEN')).timeZone).toBe('America/New_York');
    expect(calls('users.info')).toBe(1);
  });

  it('ignores an older user_change delivered after a newer one', async () => {
    await profiles.changed(TEAM, { id: 'U0BEN', tz: 'Europe/Paris', updated: 200 });
    await profiles.changed(TEAM, { id: 'U0BEN', tz: 'Europe/Berlin', updated: 100 });
    expect((await profiles.get(client, TEAM, 'U0BEN')).timeZone).toBe('Europe/Paris');
  });

  it('answers by users.info when users.list is rate limited, and tries the directory again later', async () => {
    emulator.failNext('users.list', { status: 429, retryAfter: 30 });
    clientRejectingRateLimits();
    expect((await profiles.get(client, TEAM, 'U0BEN')).timeZone).toBe('America/New_York');
    await profiles.directoryRead(TEAM);
    expect(calls('users.list')).toBe(1);
    expect((await profiles.get(client, TEAM, 'U0ANA')).timeZone).toBe('Europe/London');
    expect(calls('users.info')).toBe(2);
    expect(calls('users.list')).toBe(1);
    await clock.advance(DIRECTORY_RETRY_MS);
    await profiles.get(client, TEAM, 'U0CHLOE');
    await profiles.directoryRead(TEAM);
    expect(calls('users.list')).toBe(4);
    await profiles.get(client, TEAM, 'U0DEV');
    expect(calls('users.info')).toBe(3);
  });

  it('shares a change one instance took with another through the store, within 30 s', async () => {
    const store = await openStore('sqlite::memory:');
    const a = new SlackProfiles(clock, { store });
    const b = new SlackProfiles(clock, { store });
    await a.get(client, TEAM, 'U0BEN');
    expect((await b.get(client, TEAM, 'U0BEN')).timeZone).toBe('America/New_York');
    await a.changed(TEAM, { id: 'U0BEN', team_id: TEAM, tz: 'Europe/Paris' });
    await a.changed(TEAM, { id: 'U0CHLOE', team_id: TEAM, deleted: true });
    expect((await a.get(client, TEAM, 'U0BEN')).timeZone).toBe('Europe/Paris');
    await clock.advance(SHARED_CHECK_MS);
    expect((await b.get(client, TEAM, 'U0BEN')).timeZone).toBe('Europe/Paris');
    // Another workspace's stamp and changes are its own.
    await a.changed(OTHER, { id: 'U0BEN', team_id: OTHER, tz: 'Pacific/Auckland' });
    await clock.advance(SHARED_CHECK_MS);
    expect((await b.get(client, TEAM, 'U0BEN')).timeZone).toBe('Europe/Paris');
    await a.forget(TEAM);
    let left = 0;
    for await (const _ of store.entries(storeKeys.slackProfileChanges(TEAM))) left += 1;
    expect(left).toBe(0);
    await store.close();
  });

  it('forgets a workspace whole, its directory mark too', async () => {
    await profiles.get(client, TEAM, 'U0BEN');
    await profiles.directoryRead(TEAM);
    await profiles.forget(TEAM);
    expect(profiles.size).toBe(0);
    await profiles.get(client, TEAM, 'U0BEN');
    await profiles.directoryRead(TEAM);
    expect(calls('users.info')).toBe(2);
    expect(calls('users.list')).toBe(6);
  });
});

/** A client that hands a 429 back rather than waiting it out (the test's clock does not run real time). */
function clientRejectingRateLimits(): void {
  client = new WebClient(emulator.botToken, {
    slackApiUrl: emulator.url,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
  });
}
