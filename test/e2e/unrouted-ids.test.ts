/**
 * Ids no feature routes, including ones that name what every object inherits (`constructor`,
 * `toString`, `__proto__`): each gets a clean answer in time, and the app keeps working after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness.ts';

let h: Harness;
const INHERITED = ['__proto__', 'constructor', 'toString'] as const;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('ids no feature routes', () => {
  it.each(INHERITED)('answers a button with action id %s with the older-version hint', async (actionId) => {
    h.emulator.clearCalls();
    const res = await h.signer.blockAction({ actionId, value: 'x', channel: 'C0GENERAL' });
    expect(res.status).toBe(200);
    const post = await h.emulator.waitForCall(
      'response_url',
      (c) => /older version/.test(String(c.args.text)),
      5_000,
    );
    expect(String(post.args.text)).toMatch(/Run the command again/);
  });

  it.each(INHERITED)('acknowledges a form submitted with callback id %s', async (callbackId) => {
    const res = await h.signer.viewSubmission({
      view: { id: 'V0UNKNOWN', type: 'modal', callback_id: callbackId, private_metadata: '', blocks: [] },
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });

  it.each([...INHERITED, 'create_task'])(
    'acknowledges a closed form with callback id %s',
    async (callbackId) => {
      const res = await h.signer.viewClosed({
        view: { id: 'V0CLOSED', type: 'modal', callback_id: callbackId, private_metadata: '', blocks: [] },
      });
      expect(res.status).toBe(200);
    },
  );

  it('acknowledges a message shortcut with a callback id no feature routes', async () => {
    const res = await h.signer.messageShortcut({
      callbackId: 'retired_shortcut',
      message: { ts: '1700000000.000100', text: 'hello' } as never,
      channel: 'C0GENERAL',
    });
    expect(res.status).toBe(200);
  });

  it.each(INHERITED)('acknowledges a global shortcut with callback id %s', async (callbackId) => {
    const res = await h.signer.globalShortcut({ callbackId });
    expect(res.status).toBe(200);
  });

  it.each(INHERITED)('offers no options for a menu with action id %s', async (actionId) => {
    const res = await h.signer.blockSuggestion({ actionId, value: 'a' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ options: [] });
  });

  it.each(INHERITED)('answers `/task %s` as a verb it does not know', async (verb) => {
    const res = await h.signer.command(`/task ${verb}`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toMatch(/isn't a command I know/);
  });

  it('still answers a routed command afterwards', async () => {
    const res = await h.signer.command('/task help');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('/task new');
  });
});
