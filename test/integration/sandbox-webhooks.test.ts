/**
 * The sandbox's webhooks over real HTTP: registration (CLI, control route), Standard Webhooks
 * signatures a receiver can verify, retries after failures keeping the delivery's id, and sending
 * that never holds up the API request.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const CLI = join(import.meta.dirname, '../../src/sandbox/cli.ts');
let sandbox: Sandbox | undefined;
let receiver: WebhookReceiver | undefined;
const dirs: string[] = [];

afterEach(async () => {
  await sandbox?.close();
  await receiver?.close();
  sandbox = undefined;
  receiver = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(opts: SandboxOptions = {}) {
  sandbox = await createSandbox({ port: 0, rateLimits: false, ...opts });
  receiver = await startWebhookReceiver();
  return { sandbox, receiver };
}

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox!.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${sandbox!.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A verified delivery's body; read loosely, as the assertions check its fields. */
interface Delivered {
  event: string;
  webhook_id: string;
  data: Record<string, unknown>;
  changes: Record<string, { before: unknown; after: { id?: number } | null }>;
}

function headersOf(delivery: { headers: Record<string, unknown> }): Record<string, string> {
  return {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  };
}

describe('sandbox webhooks', () => {
  it('registers by the CLI in the database file the server reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-webhooks-'));
    dirs.push(dir);
    const dbPath = join(dir, 'sandbox.db');
    receiver = await startWebhookReceiver();
    sandbox = await createSandbox({ port: 0, rateLimits: false, dbPath });
    const out = execFileSync(process.execPath, [CLI, 'webhooks', 'add', receiver.url, '--db', dbPath], {
      encoding: 'utf8',
    });
    const [, id, secret] = out.match(/^(wh_[0-9a-f]+)\t.*\nsecret (whsec_\S+)\n$/) ?? [];
    expect(id).toBeDefined();
    expect(sandbox.webhooks.list().map((h) => h.id)).toEqual([id]);
    expect(
      execFileSync(process.execPath, [CLI, 'webhooks', 'list', '--db', dbPath], { encoding: 'utf8' }),
    ).toContain(receiver.url);

    expect((await api('POST', '/tasks', { project_id: 1, title: 'Hooked' })).status).toBe(201);
    await receiver.waitFor(1);
    const payload = new Webhook(secret!).verify(receiver.received[0]!.body, headersOf(receiver.received[0]!));
    expect(payload).toMatchObject({ event: 'task.created', data: { title: 'Hooked', project_id: 1 } });
  });

  it('registers, lists and removes by the control route; a bad address is a 422', async () => {
    await start({ control: true });
    const control = `${sandbox!.url.replace(/\/api$/, '')}/__control/webhooks`;
    const json = { 'content-type': 'application/json' };
    const bad = await fetch(control, { method: 'POST', headers: json, body: '{"url":"ftp://x"}' });
    expect(bad.status).toBe(422);
    const added = await fetch(control, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ url: receiver!.url }),
    });
    expect(added.status).toBe(201);
    const { data } = (await added.json()) as { data: { id: string; secret: string } };
    expect(data.secret).toMatch(/^whsec_/);
    expect(((await (await fetch(control)).json()) as { data: unknown[] }).data).toHaveLength(1);
    expect((await fetch(`${control}/${data.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${control}/${data.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(sandbox!.webhooks.list()).toEqual([]);
  });

  it('signs each event so the receiver verifies it, and a changed body fails verification', async () => {
    await start({ control: true });
    const hook = sandbox!.webhooks.add(receiver!.url);
    const made = await api('POST', '/tasks', { project_id: 1, title: 'Ship it' });
    const id = made.body.data.id as number;
    const done = sandbox!.db
      .prepare('SELECT id FROM project_statuses WHERE project_id = 1 AND is_done = 1')
      .get() as { id: number };
    await api('PUT', `/tasks/${id}`, { status_id: done.id, assignee_ids: [2], due_date: '2026-12-01' });
    await api('DELETE', `/tasks/${id}`);
    const automation = sandbox!.db.prepare('SELECT id FROM automations LIMIT 1').get() as { id: number };
    const failed = await fetch(
      `${sandbox!.url.replace(/\/api$/, '')}/__control/automations/${automation.id}/fail`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"error":"Slack channel archived"}',
      },
    );
    expect(failed.status).toBe(202);
    await receiver!.waitFor(4);
    await sandbox!.webhooks.idle();

    const verifier = new Webhook(hook.secret);
    const events = receiver!.received.map((d) => verifier.verify(d.body, headersOf(d)) as Delivered);
    expect(events.map((e) => e.event)).toEqual([
      'task.created',
      'task.updated',
      'task.deleted',
      'automation.failed',
    ]);
    const updated = events[1]!;
    expect(Object.keys(updated.changes).sort()).toEqual(
      expect.arrayContaining(['assignees', 'due_date', 'status']),
    );
    expect(updated.changes.status?.after?.id).toBe(done.id);
    expect(updated.webhook_id).toBe(receiver!.received[1]!.headers['webhook-id']);
    expect(events[3]!.data).toMatchObject({ id: automation.id, error: 'Slack channel archived' });

    const forged = receiver!.received[0]!.body.replace('Ship it', 'Ship that');
    expect(() => verifier.verify(forged, headersOf(receiver!.received[0]!))).toThrow();
    expect(sandbox!.webhooks.deliveries().every((d) => d.state === 'delivered' && d.attempts === 1)).toBe(
      true,
    );
  });

  it('tells of a sprint starting', async () => {
    await start();
    sandbox!.webhooks.add(receiver!.url);
    const sprint = await api('POST', '/sprints', { project_id: 1, name: 'Sprint 9', end_date: '2026-12-31' });
    expect(sprint.status).toBe(201);
    // Only a project without an active sprint may start one: complete any seeded active sprint first.
    sandbox!.db
      .prepare("UPDATE sprints SET status = 'completed' WHERE project_id = 1 AND status = 'active'")
      .run();
    expect((await api('POST', `/sprints/${sprint.body.data.id}/start`)).status).toBe(200);
    await receiver!.waitFor(1);
    expect(JSON.parse(receiver!.received[0]!.body)).toMatchObject({
      event: 'sprint.started',
      data: { id: sprint.body.data.id, name: 'Sprint 9', project_id: 1 },
    });
  });

  it('retries a failed delivery with the same webhook-id and a fresh signature, until it lands', async () => {
    await start({ webhooks: { retryDelaysMs: [20, 40, 80] } });
    const hook = sandbox!.webhooks.add(receiver!.url);
    receiver!.answer([500, 503, 200]);
    await api('POST', '/tasks', { project_id: 1, title: 'Flaky receiver' });
    await receiver!.waitFor(3);
    await sandbox!.webhooks.idle();
    const ids = receiver!.received.map((d) => d.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    const verifier = new Webhook(hook.secret);
    for (const delivery of receiver!.received)
      expect(() => verifier.verify(delivery.body, headersOf(delivery))).not.toThrow();
    const [row] = sandbox!.webhooks.deliveries();
    expect(row).toMatchObject({ id: ids[0], state: 'delivered', attempts: 3, last_status: 200 });
    // The backoff: each failure waited the next delay of the schedule before its retry.
    const log = JSON.parse(row!.attempt_log) as Array<{ status: number; retry_in_ms: number | null }>;
    expect(log.map((a) => [a.status, a.retry_in_ms])).toEqual([
      [500, 20],
      [503, 40],
      [200, null],
    ]);
    expect(receiver!.received).toHaveLength(3);
  });

  it('gives up after the last retry and marks the delivery failed', async () => {
    await start({ webhooks: { retryDelaysMs: [10, 20] } });
    sandbox!.webhooks.add(receiver!.url);
    receiver!.answer([500]);
    await api('POST', '/tasks', { project_id: 1, title: 'Never lands' });
    await receiver!.waitFor(3);
    await sandbox!.webhooks.idle();
    expect(sandbox!.webhooks.deliveries()[0]).toMatchObject({
      state: 'failed',
      attempts: 3,
      last_status: 500,
      next_attempt_at: null,
    });
    const log = JSON.parse(sandbox!.webhooks.deliveries()[0]!.attempt_log) as Array<{
      retry_in_ms: number | null;
    }>;
    expect(log.map((a) => a.retry_in_ms)).toEqual([10, 20, null]);
  });

  it('counts an answer that does not come in time as a failure, and retries it', async () => {
    await start({ webhooks: { retryDelaysMs: [10], timeoutMs: 100 } });
    sandbox!.webhooks.add(receiver!.url);
    receiver!.hold();
    await api('POST', '/tasks', { project_id: 1, title: 'Slow receiver' });
    await receiver!.waitFor(2);
    await sandbox!.webhooks.idle();
    expect(new Set(receiver!.received.map((d) => d.headers['webhook-id'])).size).toBe(1);
    expect(sandbox!.webhooks.deliveries()[0]).toMatchObject({
      state: 'failed',
      attempts: 2,
      last_error: 'no answer within 100 ms',
    });
  });

  it('answers the API request while the receiver still holds the delivery', async () => {
    await start({ webhooks: { retryDelaysMs: [], timeoutMs: 60_000 } });
    sandbox!.webhooks.add(receiver!.url);
    receiver!.hold();
    const created = await api('POST', '/tasks', { project_id: 1, title: 'Not waiting' });
    expect(created.status).toBe(201);
    await receiver!.waitFor(1);
    // The receiver has not answered yet: the delivery is still pending.
    expect(sandbox!.webhooks.deliveries()[0]).toMatchObject({ state: 'pending', attempts: 0 });
    receiver!.release();
    await sandbox!.webhooks.idle();
    expect(sandbox!.webhooks.deliveries()[0]).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it("sends a task's seven spec fields only under the spec-minimal profile", async () => {
    await start({ profile: 'spec-minimal' });
    sandbox!.webhooks.add(receiver!.url);
    const made = await api('POST', '/tasks', { project_id: 1, title: 'Minimal' });
    await api('PUT', `/tasks/${made.body.id}`, { title: 'Minimal, renamed', description: 'not shown' });
    await receiver!.waitFor(2);
    const [created, updated] = receiver!.received.map((d) => JSON.parse(d.body));
    expect(Object.keys(created.data).sort()).toEqual(
      ['assignees', 'created_at', 'due_date', 'id', 'priority', 'status', 'title'].sort(),
    );
    expect(Object.keys(updated.changes)).toEqual(['title']);
  });

  it('sends nothing for a write that failed', async () => {
    await start();
    sandbox!.webhooks.add(receiver!.url);
    expect((await api('POST', '/tasks', { project_id: 1 })).status).toBe(422);
    expect((await api('PUT', '/tasks/999999', { title: 'x' })).status).toBe(404);
    await sandbox!.webhooks.idle();
    expect(sandbox!.webhooks.deliveries()).toEqual([]);
    expect(receiver!.received).toEqual([]);
  });
});
