import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ConnectionError,
  createWorkApiClient,
  TimeoutError,
  type WorkApiClientOptions,
  type WorkApiLogger,
} from '../../../src/api/index.ts';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import {
  type SandboxWithTruth,
  startTestSandboxWithTruth,
  testSandboxProfile,
} from '../../support/sandbox-profile.ts';
import { type FaultProxy, startFaultProxy } from './support/fault-proxy.ts';

let sb: Sandbox;
let pair: SandboxWithTruth;
let proxy: FaultProxy;
/** Reads the sandbox directly, past the proxy (in the full profile), to count what really exists. */
let truth: ReturnType<typeof createWorkApiClient>;

beforeAll(async () => {
  pair = await startTestSandboxWithTruth({ port: 0, seed: 'demo', rateLimits: false });
  sb = pair.sandbox;
  proxy = await startFaultProxy(sb.url);
  truth = createWorkApiClient({ baseUrl: pair.truth.url, token: pair.truth.token, cache: false });
});

afterEach(() => sb.faults.clear());

afterAll(async () => {
  await proxy?.close();
  await pair?.close();
});

function client(opts: Partial<WorkApiClientOptions> = {}) {
  return createWorkApiClient({
    baseUrl: proxy.url,
    token: sb.token,
    clock: new ManualClock(Date.now(), { auto: true }),
    cache: false,
    ...opts,
  });
}

async function tasksTitled(title: string) {
  const all = [];
  for await (const t of truth.tasks.list.all({ per_page: 100 })) if (t.title === title) all.push(t);
  return all;
}

const posts = (path: RegExp) => proxy.count('POST', path);

describe('no duplicate record under injected faults', () => {
  it('a create whose answer was lost after the server acted finds the task instead of posting again', async () => {
    proxy.addRule({ method: 'POST', path: /^\/tasks$/, action: { kind: 'drop-answer' } });
    const before = posts(/^\/tasks$/);
    const task = await client().tasks.create({ project_id: 1, title: 'Lost answer task' });
    expect(task.title).toBe('Lost answer task');
    expect(posts(/^\/tasks$/) - before).toBe(1);
    const found = await tasksTitled('Lost answer task');
    expect(found.map((t) => t.id)).toEqual([task.id]);
  });

  it('a create that timed out while the server still acted finds the task', async () => {
    proxy.addRule({ method: 'POST', path: /^\/tasks$/, action: { kind: 'delay-answer', ms: 400 } });
    const before = posts(/^\/tasks$/);
    const task = await client({ timeoutMs: 150 }).tasks.create({ project_id: 2, title: 'Slow answer task' });
    expect(posts(/^\/tasks$/) - before).toBe(1);
    expect((await tasksTitled('Slow answer task')).map((t) => t.id)).toEqual([task.id]);
  });

  it('a create that failed before the server acted (an injected 500) is posted again, once', async () => {
    sb.faults.set({ errorRate: 1 });
    const lift: WorkApiLogger = {
      debug: () => {},
      info: () => {},
      error: () => {},
      warn: () => sb.faults.clear(),
    };
    const before = posts(/^\/tasks$/);
    const task = await client({ logger: lift }).tasks.create({ project_id: 1, title: 'Refused then made' });
    expect(posts(/^\/tasks$/) - before).toBe(2);
    expect((await tasksTitled('Refused then made')).map((t) => t.id)).toEqual([task.id]);
  });

  it('finds only a task made since the first attempt: an older one of the same title does not count', async () => {
    const older = await truth.tasks.create({ project_id: 1, title: 'Weekly report' });
    // The client's clock is an hour ahead of the service: the older task is well before its first attempt.
    proxy.addRule({
      method: 'POST',
      path: /^\/tasks$/,
      action: { kind: 'respond', status: 502, body: '{}' },
    });
    const api = client({ clock: new ManualClock(Date.now() + 3_600_000, { auto: true }) });
    const task = await api.tasks.create({ project_id: 1, title: 'Weekly report' });
    expect(task.id).not.toBe(older.id);
    expect(await tasksTitled('Weekly report')).toHaveLength(2);
  });

  it('does not post again when it cannot look: posting could make a second task', async () => {
    proxy.addRule({ method: 'POST', path: /^\/tasks$/, action: { kind: 'drop-answer' } });
    proxy.addRule({
      method: 'GET',
      path: /^\/projects\/1\/tasks$/,
      action: { kind: 'respond', status: 500, body: '{"message":"down"}' },
      times: 10,
    });
    const before = posts(/^\/tasks$/);
    const error = await client()
      .tasks.create({ project_id: 1, title: 'Cannot check' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).mayHaveReachedServer).toBe(true);
    expect(posts(/^\/tasks$/) - before).toBe(1);
    expect(await tasksTitled('Cannot check')).toHaveLength(1);
  });

  it('a project create whose answer was lost finds the project', async () => {
    proxy.addRule({ method: 'POST', path: /^\/projects$/, action: { kind: 'drop-answer' } });
    const made = client()
      .projects.create({ workspace_id: 1, name: 'Lost answer project' })
      .catch((e: unknown) => e);
    const all = async () => (await truth.projects.list({ workspace_id: 1, q: 'Lost answer project' })).data;
    if (testSandboxProfile() === 'spec-minimal') {
      // No creation time shown: the project found cannot be told from an older one of that name, so
      // nothing is posted again and the failure says the project may have been made.
      const error = await made;
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).mayHaveReachedServer).toBe(true);
      expect(await all()).toHaveLength(1);
      return;
    }
    const project = (await made) as { id: number };
    expect((await all()).map((p) => p.id)).toEqual([project.id]);
  });

  it('other creates are not retried after an ambiguous failure, so the one the server made stays single', async () => {
    proxy.addRule({ method: 'POST', path: /^\/goals$/, action: { kind: 'drop-answer' } });
    const error = await client()
      .goals.create({ workspace_id: 1, title: 'Made once' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    const goals = await truth.goals.list({ workspace_id: 1, per_page: 100 });
    expect(goals.data.filter((g) => g.title === 'Made once')).toHaveLength(1);
  });

  it('a bare toggle is not retried after a timeout (it could flip back); one naming the state is', async () => {
    const automation = (await truth.automations.list({ project_id: 1 })).data[0]!;
    const was = automation.is_active;
    proxy.addRule({
      method: 'POST',
      path: /\/automations\/\d+\/toggle$/,
      action: { kind: 'delay-answer', ms: 300 },
    });
    const error = await client({ timeoutMs: 100 })
      .automations.toggle(automation.id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    await proxy.upstreamSettled(); // the service has acted on the one request it got
    const afterFlip = (await truth.automations.list({ project_id: 1 })).data.find(
      (a) => a.id === automation.id,
    )!;
    expect(afterFlip.is_active).toBe(!was);

    proxy.addRule({ method: 'POST', path: /\/automations\/\d+\/toggle$/, action: { kind: 'drop-answer' } });
    const set = await client().automations.toggle(automation.id, was === true);
    // spec-minimal's answer shows no state: the service's own record says it.
    if (testSandboxProfile() === 'full') expect(set.is_active).toBe(was);
    const held = (await truth.automations.list({ project_id: 1 })).data.find((a) => a.id === automation.id)!;
    expect(held.is_active).toBe(was);
  });

  it('a delete whose answer was lost resolves when the retry finds the task gone', async () => {
    const task = await truth.tasks.create({ project_id: 3, title: 'Delete me' });
    proxy.addRule({ method: 'DELETE', path: /^\/tasks\/\d+$/, action: { kind: 'drop-answer' } });
    await expect(client().tasks.delete(task.id)).resolves.toBeUndefined();
    await expect(truth.tasks.get(task.id)).rejects.toMatchObject({ status: 404 });
  });

  it('a delete of a task that never existed is still a 404 on the first attempt', async () => {
    await expect(client().tasks.delete(987_654)).rejects.toMatchObject({ code: 'not_found' });
  });
});
