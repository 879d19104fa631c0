/**
 * Reads answered from the connection's task view, writes in one request: with webhooks on and the
 * view warm, `/task mine` by a hundred different people costs the service nothing and still shows
 * a task made on the service a moment ago (told by webhook) and not the task the person marked
 * Done just before; `/task new` with every name known costs exactly its `POST`; a view older than
 * its bound is read again once and the answer says how old it was. What the service saw is
 * counted by a recording proxy in front of the sandbox.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../src/api/index.ts';
import { taskViewOf } from '../../src/api/task-view.ts';
import { WEBHOOK_TRUST_MS } from '../../src/slack/services/view-freshness.ts';
import { watchAppWork } from '../support/app-work.ts';
import { fixedClock, type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { type RecordingProxy, startRecordingProxy } from '../support/recording-proxy.ts';
import { serviceCall } from '../support/service-call.ts';
import { until } from '../support/until.ts';

const clock = fixedClock('2026-11-20T12:00:00.000Z');
const text = (value: unknown) => JSON.stringify(value) ?? '';
const WEBSITE = 1;
const PEOPLE = 100;

let h: Harness;
let proxy: RecordingProxy;

/**
 * Ana and Ben, and more people, each linked to a member of their own (made in the sandbox's
 * database before anything is read, each assigned one task), so every command is a different
 * person's list. The seeded two are linked again because the connection moved to the proxy.
 */
async function linkPeople(count: number): Promise<Array<{ userId: string; memberId: number }>> {
  const people: Array<{ userId: string; memberId: number }> = [
    { userId: USERS.ana, memberId: 1 },
    { userId: USERS.ben, memberId: 2 },
  ];
  const db = h.sandbox.db;
  for (let i = people.length; i < count; i++) {
    const memberId = 1_000 + i;
    db.prepare('INSERT INTO members (id, name, email) VALUES (?, ?, ?)').run(
      memberId,
      `Person ${i}`,
      `person${i}@example.com`,
    );
    db.prepare('INSERT INTO task_assignees (task_id, member_id, position) VALUES (?, ?, ?)').run(
      (i % 20) + 1,
      memberId,
      10 + i,
    );
    const userId = `U1${String(i).padStart(5, '0')}`;
    h.emulator.addUser({ id: userId, teamId: TEAM, name: `person${i}`, tz: 'UTC' });
    people.push({ userId, memberId });
  }
  for (const p of people) {
    await h.app.deps.userLinks.link(TEAM, p.userId, {
      memberId: p.memberId,
      memberName: `Member ${p.memberId}`,
      email: `member${p.memberId}@example.com`,
      proof: 'email',
    });
  }
  return people;
}

async function webhooksOn(): Promise<void> {
  const settings = await h.app.deps.serviceEvents.ensure(TEAM);
  const hook = h.sandbox.webhooks.add(`${new URL(h.eventsUrl).origin}/service/events/${settings.pathKey}`);
  await h.app.deps.serviceEvents.saveSecret(TEAM, hook.secret);
}

async function view() {
  const client = await h.app.deps.workApi.clientFor(TEAM);
  return taskViewOf(client!);
}

/** Open tasks' titles by member as the service holds them (the full-profile twin), in one read. */
async function openTitlesByMember(): Promise<Map<number, string[]>> {
  const byMember = new Map<number, string[]>();
  for await (const t of h.api.tasks.list.all({ per_page: 100 })) {
    if (t.status.name === 'Done') continue;
    for (const a of t.assignees) byMember.set(a.id, [...(byMember.get(a.id) ?? []), t.title]);
  }
  return byMember;
}

const lastShown = (userId: string) => text(h.emulator.ephemeralMessages(userId).at(-1));

describe('reads from the task view, writes in one request', () => {
  beforeEach(async () => {
    clock.set('2026-11-20T12:00:00.000Z');
    h = await startHarness({
      clock,
      link: ['ana', 'ben'],
      notifications: { windowMs: 200 },
      addressPolicy: { allowPrivate: false, allowedHosts: ['127.0.0.1'] },
    });
    proxy = await startRecordingProxy(h.sandbox.url);
    await h.app.deps.connections.save(TEAM, {
      baseUrl: proxy.url,
      token: h.sandbox.token,
      connectedBy: USERS.ana,
    });
  });
  afterEach(async () => {
    await h.close();
    await proxy.close();
  });

  it('answers 100 people’s /task mine from a warm view with webhooks on, at no request', async () => {
    const work = watchAppWork(h.app);
    const people = await linkPeople(PEOPLE);
    await webhooksOn();
    const v = await view();
    await v.refresh();
    expect(v.warm).toBe(true);

    // Ana marks a task of hers Done through the app, and a task for her is made on the service.
    const before = (await h.api.tasks.list({ assignee_id: 1, per_page: 100 })).data.filter(
      (t) => t.assignees.some((a) => a.id === 1) && t.status.name !== 'Done',
    );
    const everyTitle: string[] = [];
    for await (const t of h.api.tasks.list.all({ per_page: 100 })) everyTitle.push(t.title);
    // A title no other task has, so the list can be read for its absence.
    const toFinish = before.find((t) => everyTitle.filter((title) => title === t.title).length === 1)!;
    const doneTitle = toFinish.title;
    await h.signer.command(`/task done ${toFinish.id}`, { user: USERS.ana });
    await work.settled();
    const made = await serviceCall(h.sandbox, 'POST', '/tasks', {
      project_id: WEBSITE,
      title: 'Made on the service just now',
      assignee_ids: [1],
    });
    expect(made.status, made.text).toBeLessThan(300);
    await until('the webhook applied to the view', () => v.peek(made.record.id as number));
    await h.sandbox.webhooks.idle();

    const expected = await openTitlesByMember();
    expect(expected.get(1)).toContain('Made on the service just now');
    expect(expected.get(1)).not.toContain(doneTitle);

    const seen = proxy.requests.length;
    for (let i = 0; i < people.length; i += 10) {
      await Promise.all(
        people.slice(i, i + 10).map((p) => h.signer.command('/task mine', { user: p.userId })),
      );
    }
    await work.settled();
    expect(proxy.requests.slice(seen)).toEqual([]);
    for (const p of people) {
      const shown = lastShown(p.userId);
      for (const title of expected.get(p.memberId) ?? []) expect(shown, p.userId).toContain(title);
      expect(shown).not.toMatch(/As of|busy/);
    }
    expect(lastShown(USERS.ana)).not.toContain(doneTitle);
  }, 60_000);

  it('shows a task, unfurls a link and draws the Home tab from a warm view at no request', async () => {
    const work = watchAppWork(h.app);
    await linkPeople(2);
    await webhooksOn();
    const v = await view();
    await v.refresh();
    const website = v.query({ projectId: WEBSITE }).tasks.map((t) => t.id);
    const link = (taskId: number) => `https://work.example.com/projects/${WEBSITE}/tasks/${taskId}`;
    const round = async (first: number, second: number) => {
      await h.signer.command(`/task show ${first}`, { user: USERS.ana });
      const message = h.emulator.addMessage({
        channel: 'C0GENERAL',
        user: USERS.ben,
        text: `<${link(second)}>`,
      });
      await h.signer.event({
        type: 'link_shared',
        channel: 'C0GENERAL',
        user: USERS.ben,
        message_ts: message.ts,
        links: [{ url: link(second), domain: 'work.example.com' }],
        source: 'conversations_history',
      });
      await h.signer.event({ type: 'app_home_opened', user: USERS.ana, tab: 'home', channel: 'D0HOME' });
      await work.settled();
    };
    // The first round reads the project and its statuses once (cached from then on).
    await round(website[0]!, website[1]!);
    const seen = proxy.requests.length;
    await round(website[2]!, website[3]!);
    expect(proxy.requests.slice(seen)).toEqual([]);
    const third = (await h.api.tasks.get(website[2]!)).title;
    expect(lastShown(USERS.ana)).toContain(third);
    const unfurl = h.emulator.calls('chat.unfurl').at(-1);
    expect(text(unfurl?.args)).toContain((await h.api.tasks.get(website[3]!)).title);
    const home = text(h.emulator.homeTab(USERS.ana));
    for (const title of (await openTitlesByMember()).get(1) ?? []) expect(home).toContain(title);
  });

  it('creates a task with every name known in exactly one request', async () => {
    const work = watchAppWork(h.app);
    await linkPeople(2);
    await h.signer.command('/task new Warm the caches @ben due fri !high #Website', { channel: 'general' });
    await work.settled();
    // Minutes later: the projects and members read then are still known (no event changes them).
    clock.advance(5 * 60_000);
    const seen = proxy.requests.length;
    await h.signer.command('/task new Fix login @ben due fri !high #Website', { channel: 'general' });
    await work.settled();
    const spent = proxy.requests.slice(seen).map((r) => `${r.method} ${r.path.split('?')[0]}`);
    expect(spent).toEqual(['POST /api/tasks']);
    const created = (await h.api.tasks.list({ q: 'Fix login', per_page: 100 })).data.find(
      (t) => t.title === 'Fix login',
    );
    expect(created?.assignees.map((a) => a.id)).toEqual([2]);
    expect(created?.priority).toBe('high');

    // A project made on the service since is not in the cached list: it is read once more.
    const made = await serviceCall(h.sandbox, 'POST', '/projects', { name: 'Skunkworks', workspace_id: 1 });
    expect(made.status, made.text).toBeLessThan(300);
    const before = proxy.requests.length;
    await h.signer.command('/task new First in the new one #Skunkworks', { channel: 'general' });
    await work.settled();
    const again = proxy.requests.slice(before).map((r) => `${r.method} ${r.path.split('?')[0]}`);
    // The new project's statuses and record, never read before, are read once for its card.
    expect(again.slice(0, 2)).toEqual(['GET /api/projects', 'POST /api/tasks']);
    expect(again.filter((r) => r === 'GET /api/projects')).toHaveLength(1);
    const first = (await h.api.tasks.list({ q: 'First in the new one', per_page: 100 })).data[0];
    expect(first?.project_id).toBe(made.record.id);
  });

  it('marks a task Done from a warm view in exactly one request, and asks the service when the view says it is done already', async () => {
    const work = watchAppWork(h.app);
    await linkPeople(2);
    await webhooksOn();
    const v = await view();
    await v.refresh();
    const [first, open] = (await h.api.tasks.list({ project_id: WEBSITE, per_page: 100 })).data.filter(
      (t) => t.status.name !== 'Done',
    ) as [TaskRecord, TaskRecord];
    // A first Done reads, once, the statuses its reply and cards show; they are cached from then on.
    await h.signer.command(`/task done ${first.id}`, { user: USERS.ana });
    await work.settled();
    const seen = proxy.requests.length;
    await h.signer.command(`/task done ${open.id}`, { user: USERS.ana });
    await work.settled();
    const spent = proxy.requests.slice(seen).map((r) => `${r.method} ${r.path.split('?')[0]}`);
    expect(spent).toEqual([`PUT /api/tasks/${open.id}`]);
    expect((await h.api.tasks.get(open.id)).status.name).toBe('Done');

    // Done again: the view says done, so the service is read to be sure, and nothing is written.
    const again = proxy.requests.length;
    await h.signer.command(`/task done ${open.id}`, { user: USERS.ana });
    await work.settled();
    expect(proxy.requests.slice(again).map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      `GET /api/tasks/${open.id}`,
    ]);
  });

  it('reads a view older than its bound again once, and says how old the answer was', async () => {
    const work = watchAppWork(h.app);
    await webhooksOn();
    await linkPeople(2);
    const v = await view();
    await v.refresh();
    await h.signer.command('/task mine', { user: USERS.ana });
    await work.settled();
    expect(lastShown(USERS.ana)).not.toContain('As of');

    // No delivery and no scan for longer than the bound: the view may have missed changes.
    clock.advance(WEBHOOK_TRUST_MS + 60_000);
    const seen = proxy.requests.length;
    await h.signer.command('/task mine', { user: USERS.ana });
    await work.settled();
    await until('the refresh', () => (v.refreshing ? undefined : true));
    const shown = h.emulator.calls('response_url').map((c) => text(c.args));
    expect(shown.some((s) => s.includes('As of 11 minutes ago'))).toBe(true);
    const scans = proxy.requests.slice(seen).filter((r) => r.path.startsWith('/api/projects?'));
    expect(scans).toHaveLength(1);

    // Fresh again: the next answer costs nothing and carries no note.
    const after = proxy.requests.length;
    await h.signer.command('/task mine', { user: USERS.ana });
    await work.settled();
    expect(proxy.requests.slice(after)).toEqual([]);
    expect(lastShown(USERS.ana)).not.toContain('As of');
  });
});
