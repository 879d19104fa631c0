/**
 * Memory of the kept Slack profiles (`src/slack/services/slack-profiles.ts`): a 20,000-person
 * directory fed through the cache as users.list pages arrive (Slack's user objects, parsed from
 * JSON, with the profile fields Slack sends), the heap measured after a full GC before and after.
 * Prints bytes per profile and the whole cache at its bound (MAX_ENTRIES). No target: a figure for
 * the capacity plan (`docs/deploy.md`).
 *
 *   npx node --expose-gc bench/profile-memory.ts
 *   npx node --expose-gc bench/profile-memory.ts --people 20000
 */
import { parseArgs } from 'node:util';
import { ManualClock } from '../src/lib/manual-clock.ts';
import { MAX_ENTRIES, SlackProfiles } from '../src/slack/services/slack-profiles.ts';

const { values } = parseArgs({ options: { people: { type: 'string', default: '20000' } } });
const people = Number(values.people);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc: npx node --expose-gc bench/profile-memory.ts');

const ZONES = [
  'Europe/London',
  'America/New_York',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'America/Los_Angeles',
  'Europe/Berlin',
];

/** One user object as users.list carries it (docs.slack.dev/reference/methods/users.list), as JSON text. */
function userJson(i: number): string {
  const first = `Firstname${i}`;
  const last = `Lastname${i}`;
  const tz = ZONES[i % ZONES.length]!;
  return JSON.stringify({
    id: `U${String(i).padStart(10, '0')}`,
    team_id: 'T0123456789',
    name: `${first.toLowerCase()}.${last.toLowerCase()}`,
    deleted: false,
    color: '9f69e7',
    real_name: `${first} ${last}`,
    tz,
    tz_label: 'Greenwich Mean Time',
    tz_offset: 0,
    profile: {
      title: 'Engineer',
      phone: '',
      real_name: `${first} ${last}`,
      real_name_normalized: `${first} ${last}`,
      display_name: first,
      display_name_normalized: first,
      status_text: '',
      avatar_hash: 'ge3b51ca72de',
      email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
      image_24: `https://secure.gravatar.com/avatar/${i}.jpg?s=24`,
      image_72: `https://secure.gravatar.com/avatar/${i}.jpg?s=72`,
      team: 'T0123456789',
    },
    is_admin: i % 50 === 0,
    is_owner: false,
    is_bot: false,
    is_app_user: false,
    updated: 1_700_000_000 + i,
  });
}

const profiles = new SlackProfiles(new ManualClock('2026-11-20T09:00:00.000Z'));
gc();
const before = process.memoryUsage().heapUsed;
// Pages of 200, as the directory read asks for; each page's objects are garbage once kept.
for (let start = 0; start < people; start += 200) {
  const page = JSON.parse(
    `[${Array.from({ length: Math.min(200, people - start) }, (_, k) => userJson(start + k)).join(',')}]`,
  ) as Array<Record<string, unknown>>;
  for (const user of page) profiles.changed('T0123456789', user);
}
gc();
const after = process.memoryUsage().heapUsed;
const perProfile = (after - before) / profiles.size;

console.log(`profiles kept: ${profiles.size} (bound ${MAX_ENTRIES})`);
console.log(`heap for them: ${((after - before) / 1024 / 1024).toFixed(1)} MB`);
console.log(`bytes per profile: ${Math.round(perProfile)}`);
console.log(`at the bound (${MAX_ENTRIES}): ${((perProfile * MAX_ENTRIES) / 1024 / 1024).toFixed(1)} MB`);
console.log(`rerun: npx node --expose-gc bench/profile-memory.ts --people ${people}`);
