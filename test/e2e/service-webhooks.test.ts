/**
 * The service's webhooks end to end: the sandbox signs and sends its events to the app's endpoint
 * for the workspace, the app verifies them, keeps the task view fresh and hands project events to
 * the sink (a recording one here); forged, unsigned, stale and repeated deliveries are refused or
 * ignored.
 */
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { taskViewOf } from '../../src/api/task-view.ts';
import type { ProjectEvent, ProjectEventSink } from '../../src/notify/events/project-event.ts';
import { createMetrics } from '../../src/ops/metrics.ts';
import { startOpsServer } from '../../src/ops/ops-server.ts';
import { fixedClock, type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { serviceCall } from '../support/service-call.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function recordingSink(): ProjectEventSink & { events: ProjectEvent[]; waitFor(n: number): Promise<void> } {
  const events: ProjectEvent[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  return {
    events,
    async deliver(event) {
      events.push(event);
      for (const w of waiters.filter((w) => events.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    },
    waitFor(n) {
      if (events.length >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
  };
}

/** The harness with the workspace's endpoint registered on the sandbox and its secret saved. */
/** The app with its service-events secret saved; events go to a recording sink unless `projectEvents` is given. */
async function connected(projectEvents?: ProjectEventSink) {
  const sink = recordingSink();
  h = await startHarness({ projectEvents: projectEvents ?? sink });
  const settings = await h.app.deps.serviceEvents.ensure(TEAM);
  const endpoint = `${new URL(h.eventsUrl).origin}/service/events/${settings.pathKey}`;
  const hook = h.sandbox.webhooks.add(endpoint);
  await h.app.deps.serviceEvents.saveSecret(TEAM, hook.secret);
  return { sink, endpoint, secret: hook.secret, harness: h };
}

const service = (method: string, path: string, body?: unknown) => serviceCall(h!.sandbox, method, path, body);

/** A `task.created` delivery's body for task `id` (its created_at is the time of building). */
function taskCreatedBody(id: number, title: string): string {
  return JSON.stringify({
    event: 'task.created',
    data: {
      id,
      title,
      status: { id: 1, name: 'To do', color: '#94A3B8' },
      assignees: [],
      due_date: null,
      priority: 'none',
      created_at: new Date().toISOString(),
      project_id: 1,
    },
  });
}

function post(endpoint: string, body: string, headers: Record<string, string>) {
  return fetch(endpoint, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function signed(secret: string, id: string, body: string, at = new Date()) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

describe('service webhooks into the app', () => {
  it('accepts signed deliveries: events reach the sink and the task view stays fresh', async () => {
    const { sink, harness } = await connected();
    const made = await service('POST', '/tasks', { project_id: 1, title: 'From the service' });
    expect(made.status).toBe(201);
    const taskId = made.record.id as number;
    await sink.waitFor(1);
    expect(sink.events[0]).toMatchObject({
      kind: 'task.created',
      teamId: TEAM,
      taskId,
      source: 'webhook',
      task: { title: 'From the service' },
    });
    expect(sink.events[0]!.id).toMatch(/^msg_/);

    const done = harness.sandbox.db
      .prepare('SELECT id FROM project_statuses WHERE project_id = 1 AND is_done = 1')
      .get() as { id: number };
    await service('PUT', `/tasks/${taskId}`, { status_id: done.id, assignee_ids: [2] });
    await sink.waitFor(3);
    expect(
      sink.events
        .slice(1)
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['task.assigned', 'task.done']);
    // One delivery telling two things: each its own id, from the delivery's.
    const [a, b] = sink.events.slice(1).map((e) => e.id);
    expect(a).not.toBe(b);
    expect(a!.split(':')[0]).toBe(b!.split(':')[0]);

    await service('DELETE', `/tasks/${taskId}`);
    await sink.waitFor(4);
    expect(sink.events[3]).toMatchObject({ kind: 'task.deleted', taskId, projectId: 1 });
    await harness.app.serviceEvents.endpoint.settled();

    const client = await harness.app.deps.workApi.clientFor(TEAM);
    expect(taskViewOf(client!).peek(taskId)).toBeUndefined();
    expect((await harness.app.deps.serviceEvents.describe(TEAM))?.lastDeliveryAt).not.toBeNull();
    // Every delivery was answered 2xx at the first attempt.
    await harness.sandbox.webhooks.idle();
    expect(
      harness.sandbox.webhooks.deliveries().every((d) => d.state === 'delivered' && d.attempts === 1),
    ).toBe(true);
  });

  it('keeps the view fresh: a task the service made is in the view before anyone lists', async () => {
    const { sink, harness } = await connected();
    const made = await service('POST', '/tasks', { project_id: 1, title: 'Seen by the view' });
    await sink.waitFor(1);
    await harness.app.serviceEvents.endpoint.settled();
    const client = await harness.app.deps.workApi.clientFor(TEAM);
    expect(taskViewOf(client!).peek(made.record.id)?.title).toBe('Seen by the view');
  });

  it('refuses unsigned and forged deliveries (401) and acts on neither', async () => {
    const { sink, endpoint, secret } = await connected();
    const body = JSON.stringify({ event: 'task.created', data: { id: 1, title: 'Forged' } });
    expect((await post(endpoint, body, {})).status).toBe(401);
    const wrongKey = new Webhook(
      `whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`,
    );
    const at = new Date();
    const forged = {
      'webhook-id': 'msg_forged',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': wrongKey.sign('msg_forged', at, body),
    };
    expect((await post(endpoint, body, forged)).status).toBe(401);
    // A real signature over another body.
    const tampered = signed(secret, 'msg_tampered', body.replace('Forged', 'Other'));
    expect((await post(endpoint, body, tampered)).status).toBe(401);
    await h!.app.serviceEvents.endpoint.settled();
    expect(sink.events).toEqual([]);
  });

  it('refuses a stale or replayed-late delivery: a timestamp beyond five minutes', async () => {
    const { sink, endpoint, secret } = await connected();
    const body = JSON.stringify({ event: 'task.created', data: { id: 7, title: 'Old news' } });
    const old = signed(secret, 'msg_old', body, new Date(Date.now() - 10 * 60_000));
    expect((await post(endpoint, body, old)).status).toBe(401);
    const future = signed(secret, 'msg_future', body, new Date(Date.now() + 10 * 60_000));
    expect((await post(endpoint, body, future)).status).toBe(401);
    expect(sink.events).toEqual([]);
  });

  it('ignores a duplicate delivery (same webhook-id), even with a fresh signature', async () => {
    const { sink, endpoint, secret } = await connected();
    const body = taskCreatedBody(99, 'Once');
    const first = await post(endpoint, body, signed(secret, 'msg_twice', body));
    expect(first.status).toBe(204);
    const again = await post(endpoint, body, signed(secret, 'msg_twice', body));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ duplicate: true });
    await h!.app.serviceEvents.endpoint.settled();
    expect(sink.events.map((e) => e.id)).toEqual(['msg_twice']);
  });

  it('answers 2xx only once the events are taken: a failure answers 503 and the retry is taken, a copy meanwhile hears 409', async () => {
    const sink = recordingSink();
    let failures = 1;
    let hold: (() => void) | undefined;
    let held: (() => void) | undefined;
    const arrived = new Promise<void>((resolve) => {
      held = resolve;
    });
    const flaky: ProjectEventSink = {
      async deliver(event) {
        if (event.id === 'msg_slow') {
          held?.();
          await new Promise<void>((resolve) => {
            hold = resolve;
          });
        }
        if (failures-- > 0) throw new Error('the store did not answer');
        await sink.deliver(event);
      },
    };
    const { endpoint, secret } = await connected(flaky);
    // Each body is built once: the signature covers the exact bytes posted (its created_at is the time of building).
    const built = new Map<number, string>();
    const body = (id: number) => {
      const known = built.get(id);
      if (known) return known;
      const text = taskCreatedBody(id, 'Taken once');
      built.set(id, text);
      return text;
    };
    // The sink fails: the service hears 503, and its retry (same id) is taken, not called a repeat.
    const failed = await post(endpoint, body(98), signed(secret, 'msg_retry', body(98)));
    expect(failed.status).toBe(503);
    expect(sink.events).toEqual([]);
    const retried = await post(endpoint, body(98), signed(secret, 'msg_retry', body(98)));
    expect(retried.status).toBe(204);
    expect(sink.events.map((e) => e.id)).toEqual(['msg_retry']);
    const repeat = await post(endpoint, body(98), signed(secret, 'msg_retry', body(98)));
    expect(await repeat.json()).toEqual({ duplicate: true });

    // A copy arriving while the first is still being taken is told to come back, and nothing is done twice.
    const slow = post(endpoint, body(97), signed(secret, 'msg_slow', body(97)));
    await arrived;
    const copy = await post(endpoint, body(97), signed(secret, 'msg_slow', body(97)));
    expect(copy.status).toBe(409);
    hold?.();
    expect((await slow).status).toBe(204);
    const later = await post(endpoint, body(97), signed(secret, 'msg_slow', body(97)));
    expect(await later.json()).toEqual({ duplicate: true });
    expect(sink.events.map((e) => e.id)).toEqual(['msg_retry', 'msg_slow']);
  });

  it('answers 404 for a path no workspace owns, and 401 while no secret is saved', async () => {
    const sink = recordingSink();
    h = await startHarness({ projectEvents: sink });
    const origin = new URL(h.eventsUrl).origin;
    const body = '{"event":"task.created","data":{"id":1}}';
    expect((await post(`${origin}/service/events/not-a-real-path-key-000000`, body, {})).status).toBe(404);
    const settings = await h.app.deps.serviceEvents.ensure(TEAM);
    const secret = `whsec_${Buffer.from('a secret nobody saved yet........').toString('base64')}`;
    expect(
      (await post(`${origin}/service/events/${settings.pathKey}`, body, signed(secret, 'msg_1', body)))
        .status,
    ).toBe(401);
    expect(sink.events).toEqual([]);
  });

  it('skips an event it does not know or a record it cannot read, answering 2xx so the service does not retry it forever', async () => {
    const { sink, endpoint, secret } = await connected();
    for (const [i, body] of [
      '{"event":"project.renamed","data":{"id":1}}',
      '{"event":"task.created","data":{}}',
    ].entries()) {
      expect((await post(endpoint, body, signed(secret, `msg_odd_${i}`, body))).status).toBe(204);
    }
    await h!.app.serviceEvents.endpoint.settled();
    expect(sink.events).toEqual([]);
  });

  it('refuses a signed body that is no event with a 400 (never 500, which is retried, nor 204), counted', async () => {
    const { sink, endpoint, secret } = await connected();
    const metrics = createMetrics();
    const refused = async () =>
      (await metrics.registry.getSingleMetric('taskbridge_service_events_refused_total')!.get()).values;
    const bodies = [
      'not json',
      '{"event":',
      '',
      'null',
      '[1,2]',
      '[]',
      '42',
      '"task.created"',
      '{"data":{"id":1}}',
    ];
    for (const [i, body] of bodies.entries()) {
      const res = await post(endpoint, body, signed(secret, `msg_bad_${i}`, body));
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(((await res.json()) as { message: string }).message).toMatch(
        /expected a JSON object with an "event" name/,
      );
    }
    await h!.app.serviceEvents.endpoint.settled();
    expect(sink.events).toEqual([]);
    expect(await refused()).toEqual([
      { labels: { reason: 'not_json' }, value: 3 },
      { labels: { reason: 'not_an_event' }, value: 6 },
    ]);
    // A forgery is still a 401, whatever its body.
    const forged = await post(
      endpoint,
      'null',
      signed(`whsec_${Buffer.from('x'.repeat(24)).toString('base64')}`, 'msg_f', 'null'),
    );
    expect(forged.status).toBe(401);
  });

  it('is served by the ops server in Socket Mode', async () => {
    const sink = recordingSink();
    h = await startHarness({ projectEvents: sink, transport: 'socket' });
    const ops = await startOpsServer([h.app.serviceEvents.route], 0);
    try {
      const settings = await h.app.deps.serviceEvents.ensure(TEAM);
      const hook = h.sandbox.webhooks.add(`${ops.url}/service/events/${settings.pathKey}`);
      await h.app.deps.serviceEvents.saveSecret(TEAM, hook.secret);
      await service('POST', '/tasks', { project_id: 1, title: 'Over the ops server' });
      await sink.waitFor(1);
      expect(sink.events[0]).toMatchObject({ kind: 'task.created', task: { title: 'Over the ops server' } });
      expect(
        (await fetch(`${ops.url}/service/events/${settings.pathKey}/extra`, { method: 'POST' })).status,
      ).toBe(404);
      await h.app.serviceEvents.endpoint.settled();
    } finally {
      await ops.close();
    }
  });
});

describe('service-events settings in App Home', () => {
  type View = { id: string; callback_id: string; private_metadata: string; blocks: unknown[] };

  async function openHome(user: string) {
    const seen = new Set(h!.emulator.calls('views.publish'));
    await h!.signer.event({ type: 'app_home_opened', user, tab: 'home', channel: 'D0HOME' });
    await h!.emulator.waitForCall('views.publish', (c) => !seen.has(c) && c.args.user_id === user, 5_000);
    return JSON.stringify(h!.emulator.homeTab(user));
  }

  async function openSettings(user: string): Promise<View> {
    const seen = new Set(h!.emulator.calls('views.open'));
    await h!.signer.blockAction({ actionId: 'home_service_events', user });
    const call = await h!.emulator.waitForCall('views.open', (c) => !seen.has(c), 5_000);
    return call.response.view as View;
  }

  it('an admin sees the address, saves the secret; Home then says events arrive by webhook', async () => {
    const clock = fixedClock('2026-11-26T12:00:00.000Z');
    h = await startHarness({
      publicUrl: 'https://tb.example.com',
      clock,
      watchedProjects: { teams: async () => [TEAM], projectsOf: async () => [1] },
    });
    expect(await openHome(USERS.ana)).toContain('Changes not checked yet');
    await h.app.deps.changePoller.tick();
    clock.advance(40_000);
    const home = await openHome(USERS.ana);
    expect(home).toContain('Changes checked 40 s ago');
    expect(home).toContain('home_service_events');

    const view = await openSettings(USERS.ana);
    const { pathKey } = await h.app.deps.serviceEvents.ensure(TEAM);
    expect(JSON.stringify(view)).toContain(`https://tb.example.com/service/events/${pathKey}`);
    const values = (secret: string) => ({
      se_secret: { se_secret_input: { type: 'plain_text_input', value: secret } },
    });
    const bad = await h.signer.viewSubmission({ user: USERS.ana, view, values: values('not a secret') });
    expect(JSON.stringify(bad.body)).toMatch(/whsec_/);
    expect((await h.app.deps.serviceEvents.describe(TEAM))?.hasSecret).toBe(false);
    const secret = `whsec_${Buffer.alloc(24, 3).toString('base64')}`;
    await h.signer.viewSubmission({ user: USERS.ana, view, values: values(secret) });
    expect(await h.app.deps.serviceEvents.secretOf(TEAM)).toBe(secret);
    // Stored sealed: the secret is nowhere in the store as written.
    for await (const [, value] of h.store.entries<unknown>(''))
      expect(JSON.stringify(value)).not.toContain(secret);
    expect(await openHome(USERS.ana)).toContain('Service events arrive by webhook');

    // Stopping: the form offers it once a secret is saved; the secret is forgotten, a delivery
    // signed with it is refused, and Home says changes are checked again.
    const saved = await openSettings(USERS.ana);
    expect(JSON.stringify(saved)).toContain('service_events_stop');
    const updated = new Set(h.emulator.calls('views.update'));
    await h.signer.blockAction({ actionId: 'service_events_stop', user: USERS.ana, view: saved });
    const redrawn = await h.emulator.waitForCall('views.update', (c) => !updated.has(c), 5_000);
    expect(JSON.stringify(redrawn.args)).toContain('No signing secret yet');
    expect(JSON.stringify(redrawn.args)).not.toContain('service_events_stop');
    expect((await h.app.deps.serviceEvents.describe(TEAM))?.hasSecret).toBe(false);
    const body = JSON.stringify({ event: 'task.created', data: { id: 1 }, webhook_id: 'msg_after_stop' });
    const endpoint = `${new URL(h.eventsUrl).origin}/service/events/${pathKey}`;
    const refused = await post(endpoint, body, signed(secret, 'msg_after_stop', body));
    expect(refused.status).toBe(401);
    expect(await openHome(USERS.ana)).not.toContain('Service events arrive by webhook');
  });

  it('a member who is no admin gets no button and cannot open the settings', async () => {
    h = await startHarness({ link: ['ana', 'chloe'] });
    const home = await openHome(USERS.chloe);
    expect(home).toContain('satellite_antenna');
    expect(home).not.toContain('home_service_events');
    const view = await openSettings(USERS.chloe);
    expect(JSON.stringify(view)).toContain('Only a Slack workspace admin');
    // Nor stop webhook events by sending the button's action herself.
    await h.app.deps.serviceEvents.ensure(TEAM);
    await h.app.deps.serviceEvents.saveSecret(TEAM, `whsec_${Buffer.alloc(24, 5).toString('base64')}`);
    const updated = new Set(h.emulator.calls('views.update'));
    await h.signer.blockAction({ actionId: 'service_events_stop', user: USERS.chloe, view });
    const told = await h.emulator.waitForCall('views.update', (c) => !updated.has(c), 5_000);
    expect(JSON.stringify(told.args)).toContain('Only a Slack workspace admin can stop');
    expect((await h.app.deps.serviceEvents.describe(TEAM))?.hasSecret).toBe(true);
  });
});
