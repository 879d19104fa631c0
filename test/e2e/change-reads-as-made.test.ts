/**
 * A change the service made reads as made, whatever happens after it: Done on a row of `/task mine`,
 * where the service takes the write (PUT 200) and the app's own limiter then refuses
 * the redraw (the token's budget spent meanwhile, as by other people's commands), tells the person
 * the task is done, never "Nothing was changed".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimiter, tokenKey } from '../../src/api/limiter.ts';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { fixedClock, type Harness, startHarness, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';
import { type RecordingProxy, startRecordingProxy } from '../support/recording-proxy.ts';

type Block = { block_id?: string; accessory?: { action_id?: string; value?: string }; elements?: unknown[] };

const clock = fixedClock('2026-11-20T12:00:00.000Z');
const text = (value: unknown) => JSON.stringify(value) ?? '';

let h: Harness;
let limiter: RateLimiter;
let proxy: RecordingProxy;
/** When set, a write the service takes spends the rest of the token's minute (until the clock moves). */
let spendAfterWrite = false;

function mark(method: string) {
  const seen = new Set(h.emulator.calls(method));
  return (predicate: (c: RecordedCall) => boolean = () => true) =>
    h.emulator.waitForCall(method, (c) => !seen.has(c) && !isInterimNote(c.args) && predicate(c), 10_000);
}

describe('a change made, then its redraw refused', () => {
  beforeEach(async () => {
    clock.set('2026-11-20T12:00:00.000Z');
    spendAfterWrite = false;
    limiter = createRateLimiter({ clock });
    h = await startHarness({ clock, limiter });
    const key = tokenKey(h.sandbox.token);
    proxy = await startRecordingProxy(h.sandbox.url, {
      onAnswer: async (request) => {
        if (spendAfterWrite && request.method === 'PUT' && request.status === 200) {
          await limiter.block(key, 'general', clock.now().getTime() + 55_000);
        }
      },
    });
    await h.app.deps.connections.save('T0001', {
      baseUrl: proxy.url,
      token: h.sandbox.token,
      connectedBy: USERS.ana,
    });
  });
  afterEach(async () => {
    await h.close();
    await proxy.close();
  });

  it('says a row marked Done on /task mine is done when the list cannot be redrawn', async () => {
    const listed = mark('response_url');
    await h.signer.command('/task mine');
    await listed((c) => text(c.args.blocks).includes('task_list_done'));
    const list = h.emulator.ephemeralMessages(USERS.ana).at(-1)!;
    const row = ((list.blocks ?? []) as Block[]).find((b) =>
      text(b).includes('Push notification opt-in flow'),
    );
    spendAfterWrite = true;
    const told = mark('response_url');
    await h.signer.blockAction({
      actionId: 'task_list_done',
      blockId: row?.block_id ?? '',
      value: row?.accessory?.value ?? '',
      message: list,
    });
    const first = (await told((c) => typeof c.args.text === 'string')).args;
    const said = String(first.text);
    expect(said).not.toMatch(/Nothing was changed/);
    if (first.replace_original === true) {
      // A service that shows only the spec: the list comes from the task view, with no request to
      // refuse, and is redrawn without the task.
      expect(text(first.blocks)).not.toContain('Push notification opt-in flow');
    } else {
      expect(said).toContain('Marked #15 done.');
      expect(said).toContain('the service is busy');
    }
    expect(proxy.requests.filter((r) => r.method === 'PUT' && r.status === 200)).toHaveLength(1);
    expect((await h.api.tasks.get(15)).status.name).toBe('Done');
  });
});
