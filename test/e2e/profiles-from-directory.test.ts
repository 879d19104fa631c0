/**
 * Slack profiles kept a workspace at a time, end to end: the app driven by signed requests, Slack
 * answered by the emulator over HTTP. After the first person's command the workspace's directory
 * is read once (users.list, 200 a page) and nobody else costs a users.info; a user_change for a
 * person's zone moves their next due date into the new zone with no time passing; a user_change
 * signed for another workspace changes nothing here; and when users.list fails, people are still
 * answered, one users.info each, with one warning and no token in the log.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.ts';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { createSlackSigner } from '../../src/slack-emulator/signer.ts';
import { type AppWork, watchAppWork } from '../support/app-work.ts';
import { type Harness, SIGNING_SECRET, startHarness, TEAM, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';

const EXTRA_PEOPLE = 250;
const extra = (i: number) => `U2${String(i).padStart(5, '0')}`;

let h: Harness;
let work: AppWork;

afterEach(async () => {
  await h?.close();
});

async function start(logger?: ReturnType<typeof createLogger>, transport?: 'socket'): Promise<void> {
  h = await startHarness({
    link: ['ana', 'ben', 'chloe', 'dev'],
    ...(logger ? { logger } : {}),
    ...(transport ? { transport } : {}),
  });
  work = watchAppWork(h.app);
  for (let i = 0; i < EXTRA_PEOPLE; i++) {
    h.emulator.addUser({ id: extra(i), teamId: TEAM, name: `person${i}`, tz: 'Asia/Kolkata' });
  }
}

/** A person linked to a member of their own, so their commands read their zone (an unlinked one is offered the link first). */
async function linkNew(userId: string, memberId: number): Promise<void> {
  h.sandbox.db
    .prepare('INSERT INTO members (id, name, email) VALUES (?, ?, ?)')
    .run(memberId, `Member ${memberId}`, `member${memberId}@example.com`);
  await h.app.deps.userLinks.link(TEAM, userId, {
    memberId,
    memberName: `Member ${memberId}`,
    email: `member${memberId}@example.com`,
    proof: 'email',
  });
}

/** Runs a command and resolves with its answer (the first response_url post that is not a busy note). */
async function answerTo(command: string, user: string): Promise<Record<string, unknown>> {
  const seen = new Set(h.emulator.calls('response_url'));
  const next = h.emulator.waitForCall(
    'response_url',
    (c: RecordedCall) => !seen.has(c) && !isInterimNote(c.args),
    10_000,
  );
  const res = await h.signer.command(command, { user });
  expect(res.status).toBe(200);
  const answer = (await next).args;
  await work.settled();
  return answer;
}

const count = (method: string) => h.emulator.calls(method).length;
const year = new Date().getUTCFullYear() + 1;

describe('profiles from the workspace directory', () => {
  it('reads the directory once after the first person, and nobody else costs a users.info', async () => {
    await start();
    for (const [i, person] of [0, 199, 249].entries()) await linkNew(extra(person), 2_000 + i);
    await answerTo('/task mine', USERS.ana);
    expect(count('users.info')).toBe(1);
    await h.app.deps.profiles.directoryRead(TEAM);
    // 6 people of the seed (the bot among them) and 250 more: two pages of 200.
    expect(h.emulator.calls('users.list').map((c) => c.args.limit)).toEqual(['200', '200']);

    for (const user of [USERS.ben, USERS.chloe, USERS.dev, USERS.zoe, extra(0), extra(199), extra(249)]) {
      await answerTo('/task mine', user);
    }
    expect(count('users.info')).toBe(1);
    expect(count('users.list')).toBe(2);
  });

  it('reads a due date in the zone a user_change just gave, with no time passing', async () => {
    await start();
    await answerTo(`/task due 9 ${year}-12-03`, USERS.ben);
    // Ben is in New York: the end of 3 December there.
    expect((await h.api.tasks.get(9)).due_date).toBe(`${year}-12-04T04:59:59.999Z`);
    await h.app.deps.profiles.directoryRead(TEAM);

    const told = await h.signer.changeUser({ user: USERS.ben, tz: 'Asia/Tokyo' });
    expect(told?.status).toBe(200);
    await work.settled();
    await answerTo(`/task due 9 ${year}-12-03`, USERS.ben);
    expect((await h.api.tasks.get(9)).due_date).toBe(`${year}-12-03T14:59:59.999Z`);
    expect(count('users.info')).toBe(1);

    // The same change signed for a workspace this app does not serve is refused and changes nothing.
    h.emulator.addTeam({ id: 'T0002', name: 'Elsewhere', domain: 'elsewhere' });
    const elsewhere = createSlackSigner({
      appUrl: h.eventsUrl,
      signingSecret: SIGNING_SECRET,
      emulator: h.emulator,
      teamId: 'T0002',
    });
    const refused = await elsewhere.event({
      type: 'user_change',
      user: { id: USERS.ben, team_id: 'T0002', tz: 'Pacific/Auckland', name: 'ben' },
    });
    expect(refused.status).toBe(403);
    await work.settled();
    await answerTo(`/task due 9 ${year}-12-03`, USERS.ben);
    expect((await h.api.tasks.get(9)).due_date).toBe(`${year}-12-03T14:59:59.999Z`);
  });

  it('hears user_change over Socket Mode too', async () => {
    await start(undefined, 'socket');
    await answerTo(`/task due 9 ${year}-12-03`, USERS.ben);
    expect((await h.api.tasks.get(9)).due_date).toBe(`${year}-12-04T04:59:59.999Z`);
    const told = await h.signer.changeUser({ user: USERS.ben, tz: 'Asia/Tokyo' });
    expect(told?.status).toBe(200);
    await work.settled();
    await answerTo(`/task due 9 ${year}-12-03`, USERS.ben);
    expect((await h.api.tasks.get(9)).due_date).toBe(`${year}-12-03T14:59:59.999Z`);
  });

  it('knows a person who joined from team_join, with no call to Slack', async () => {
    await start();
    await answerTo('/task mine', USERS.ana);
    await h.app.deps.profiles.directoryRead(TEAM);
    const { answer } = await h.signer.joinTeam({ id: 'U0NEWBIE', name: 'newbie', tz: 'Australia/Sydney' });
    expect(answer?.status).toBe(200);
    await work.settled();
    await linkNew('U0NEWBIE', 3_000);
    await answerTo('/task mine', 'U0NEWBIE');
    expect(count('users.info')).toBe(1);
  });

  it('answers people one by one when users.list fails, and says so once in the log without a token', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    await start(createLogger({ level: 'info', destination: sink }));
    // Slack's answer to a method over its tier when asked to refuse rather than wait.
    h.emulator.failNext('users.list', 'ratelimited');
    await answerTo('/task mine', USERS.ana);
    await h.app.deps.profiles.directoryRead(TEAM);
    await answerTo('/task mine', USERS.ben);
    await answerTo('/task mine', USERS.chloe);
    expect(count('users.info')).toBe(3);
    expect(count('users.list')).toBe(1);
    const warned = lines.filter((l) => String(l.msg).startsWith('Slack directory not read'));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({
      level: 40,
      teamId: TEAM,
      reason: expect.stringContaining('ratelimited'),
    });
    expect(JSON.stringify(lines)).not.toContain(h.emulator.botToken);
  });
});
