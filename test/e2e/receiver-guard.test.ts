/**
 * The events URL against hostile and broken input, end to end: bodies signed with the real
 * signing secret (so they pass the signature check and reach the parser), timestamps on both
 * sides of Slack's five-minute rule, requests for another app or workspace, and a fuzz of raw
 * bodies. The process must stay up and answer every one with a 2xx or 4xx, never a 500.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSlackSigner } from '../../src/slack-emulator/signer.ts';
import { type Harness, SIGNING_SECRET, startHarness, TEAM } from '../support/harness.ts';

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

let h: Harness;
const strayErrors: unknown[] = [];
const onStray = (error: unknown) => strayErrors.push(error);

beforeAll(() => {
  process.on('unhandledRejection', onStray);
});
afterAll(() => {
  process.off('unhandledRejection', onStray);
});

describe('the events URL under bad input', () => {
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('refuses null, arrays, numbers and strings as bodies with a 400, and stays up', async () => {
    const bodies: Array<[string, string]> = [
      ['payload=null', FORM],
      ['payload=%5B%5D', FORM],
      ['payload=42', FORM],
      ['payload=%22text%22', FORM],
      ['payload=%7B', FORM],
      ['payload=1&payload=2', FORM],
      ['null', JSON_TYPE],
      ['[]', JSON_TYPE],
      ['[1,2,3]', JSON_TYPE],
      ['7', JSON_TYPE],
      ['"hello"', JSON_TYPE],
      ['true', JSON_TYPE],
      ['{"type":"block_actions"}', JSON_TYPE],
      ['not json at all', JSON_TYPE],
      ['', JSON_TYPE],
      ['%%%', FORM],
      ['command=%2Ftask&command=%2Ftask', FORM],
    ];
    for (const [body, type] of bodies) {
      const res = await h.signer.send(body, type);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect(strayErrors).toEqual([]);
    const ok = await h.signer.command('/task help');
    expect(ok.status).toBe(200);
  });

  it('refuses interactions that lack the user, the view or the actions Slack always sends', async () => {
    const base = { team: { id: TEAM, domain: 'acme' }, api_app_id: 'A0TASKBRIDGE', token: 'x' };
    const payloads = [
      { ...base, type: 'block_actions', actions: [{ action_id: 'task_done', type: 'button' }] },
      { ...base, type: 'block_actions', user: { id: 'U0ANA' } },
      { ...base, type: 'block_actions', user: null, actions: [] },
      { ...base, type: 'view_submission', user: { id: 'U0ANA' } },
      { ...base, type: 'view_submission', user: { id: 'U0ANA' }, view: null },
      { ...base, type: 'view_closed', user: { id: 'U0ANA' }, view: 'x' },
      { ...base, type: 'shortcut', user: { id: 'U0ANA' } },
      { ...base, type: 'message_action', user: { id: 'U0ANA' }, callback_id: 'x', trigger_id: 't' },
      { ...base, type: 'block_suggestion', user: { id: 'U0ANA' } },
      { ...base, type: 'something_else', user: { id: 'U0ANA' } },
      { type: 'block_actions', user: { id: 'U0ANA' }, actions: [{ action_id: 'a', type: 'button' }] },
    ];
    for (const payload of payloads) {
      const res = await h.signer.send(
        new URLSearchParams({ payload: JSON.stringify(payload) }).toString(),
        FORM,
      );
      expect({ payload, status: res.status }).toEqual({ payload, status: 400 });
    }
    const event = await h.signer.send(
      JSON.stringify({ type: 'event_callback', team_id: TEAM, api_app_id: 'A0TASKBRIDGE', event: null }),
      JSON_TYPE,
    );
    expect(event.status).toBe(400);
    expect(strayErrors).toEqual([]);
  });

  it('refuses a request stamped more than five minutes ahead, as well as behind', async () => {
    const now = Math.floor(Date.now() / 1000);
    const ahead = await h.signer.command('/task help', { timestamp: now + 6 * 60 });
    expect(ahead.status).toBe(401);
    const behind = await h.signer.command('/task help', { timestamp: now - 6 * 60 });
    expect(behind.status).toBe(401);
    const nearlyAhead = await h.signer.command('/task help', { timestamp: now + 4 * 60 });
    expect(nearlyAhead.status).toBe(200);
    const forged = await h.signer.command('/task help', { forgeSignature: true });
    expect(forged.status).toBe(401);
  });

  it('refuses a correctly signed request for another workspace or another app, reading nothing', async () => {
    h.emulator.addTeam({ id: 'T0OTHER', name: 'Other' });
    h.emulator.addUser({ id: 'U0MALLORY', name: 'mallory', teamId: 'T0OTHER', email: 'ana@example.com' });
    const other = createSlackSigner({
      appUrl: h.eventsUrl,
      signingSecret: SIGNING_SECRET,
      emulator: h.emulator,
      teamId: 'T0OTHER',
      defaultUser: 'U0MALLORY',
    });
    h.emulator.clearCalls();
    const res = await other.command('/task mine');
    expect(res.status).toBe(403);
    const otherApp = createSlackSigner({
      appUrl: h.eventsUrl,
      signingSecret: SIGNING_SECRET,
      emulator: h.emulator,
      apiAppId: 'A0SOMEONEELSE',
    });
    expect((await otherApp.command('/task mine')).status).toBe(403);
    expect(h.emulator.calls()).toEqual([]);
  });
});

describe('a fuzz of signed raw bodies', () => {
  let fuzz: Harness;
  beforeAll(async () => {
    fuzz = await startHarness();
  });
  afterAll(async () => {
    await fuzz.close();
  });

  const deep = fc.integer({ min: 1, max: 5_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);
  const slackish = fc.record(
    {
      type: fc.constantFrom(
        'block_actions',
        'view_submission',
        'view_closed',
        'shortcut',
        'message_action',
        'block_suggestion',
        'event_callback',
        'url_verification',
        '__proto__',
        'constructor',
      ),
      api_app_id: fc.oneof(fc.constant('A0TASKBRIDGE'), fc.string(), fc.constant(null)),
      team: fc.oneof(fc.constant({ id: TEAM }), fc.constant(null), fc.anything()),
      team_id: fc.oneof(fc.constant(TEAM), fc.anything()),
      user: fc.oneof(fc.constant({ id: 'U0ANA' }), fc.constant(null), fc.anything()),
      view: fc.oneof(
        fc.constant({ id: 'V1', callback_id: 'create_task', type: 'modal', state: { values: {} } }),
        fc.anything(),
      ),
      actions: fc.oneof(
        fc.constant([{ action_id: 'task_done', type: 'button', value: 'x' }]),
        fc.constant([{ action_id: '__proto__', type: 'button' }]),
        fc.anything(),
      ),
      event: fc.oneof(fc.constant({ type: 'app_home_opened', user: 'U0ANA' }), fc.anything()),
      callback_id: fc.oneof(fc.constant('create_task_global'), fc.string()),
      trigger_id: fc.string(),
      response_url: fc.constant('http://127.0.0.1:9/nowhere'),
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    fc.json().map((json) => ({ text: json, type: JSON_TYPE })),
    fc.json().map((json) => ({ text: `payload=${encodeURIComponent(json)}`, type: FORM })),
    slackish.map((p) => ({ text: `payload=${encodeURIComponent(JSON.stringify(p))}`, type: FORM })),
    slackish.map((p) => ({ text: JSON.stringify(p), type: JSON_TYPE })),
    fc.string({ maxLength: 300 }).map((text) => ({ text, type: FORM })),
    fc.string({ maxLength: 300 }).map((text) => ({ text, type: 'text/plain' })),
    deep.map((text) => ({ text, type: JSON_TYPE })),
    deep.map((text) => ({ text: `payload=${text}`, type: FORM })),
    fc.constant({ text: 'x'.repeat(2 * 1024 * 1024), type: JSON_TYPE }),
  );

  it('answers every body with a 2xx or 4xx and the process stays up', async () => {
    await fc.assert(
      fc.asyncProperty(body, async ({ text, type }) => {
        const res = await fuzz.signer.send(text, type);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
    expect(strayErrors).toEqual([]);
    const alive = await fetch(new URL('/healthz', fuzz.eventsUrl));
    expect(alive.status).toBe(200);
    expect((await fuzz.signer.command('/task help')).status).toBe(200);
  });
});
