import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FixedClock, fixedClock } from '../../../src/lib/clock.ts';
import { createSlackEmulator, type SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { emulatorClient } from './support/web-client.ts';

async function post(url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('response URLs', () => {
  let clock: FixedClock;
  let emulator: SlackEmulator;
  beforeEach(async () => {
    clock = fixedClock('2026-03-02T09:00:00Z');
    emulator = await createSlackEmulator({ clock });
  });
  afterEach(async () => {
    await emulator.close();
  });

  it('posts ephemeral by default, to the user who interacted, even where the bot is not a member', async () => {
    const url = emulator.responseUrl({ channelId: 'C0RANDOM', userId: 'U0BEN' });
    expect(url).toMatch(new RegExp(`^${emulator.origin}/response/[0-9a-f]+$`));
    expect(await post(url, { text: 'Created task #12' })).toEqual({ status: 200, body: { ok: true } });
    expect(emulator.ephemeralMessages('U0BEN', 'C0RANDOM')).toMatchObject([
      { text: 'Created task #12', via: 'response_url' },
    ]);
    expect(emulator.messages('C0RANDOM')).toEqual([]);
  });

  it('shows a command’s ack message first: a post to its response_url waits for the ack, then replaces it', async () => {
    const url = emulator.responseUrl({ channelId: 'C0GENERAL', userId: 'U0ANA' });
    const pending = emulator.commandSent(url);
    // The app's post overtakes its own ack on the way (the ack is still with "Slack").
    const posted = post(url, { replace_original: true, text: 'Your tasks (all of them)' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(emulator.calls('response_url')).toEqual([]);
    pending.settle({ response_type: 'ephemeral', text: 'Your tasks (first page)' });
    expect(await posted).toEqual({ status: 200, body: { ok: true } });
    expect(emulator.ephemeralMessages('U0ANA', 'C0GENERAL')).toMatchObject([
      { text: 'Your tasks (all of them)' },
    ]);
    expect(emulator.calls('response_url').map((c) => [c.via, c.args.text])).toEqual([
      ['ack', 'Your tasks (first page)'],
      [undefined, 'Your tasks (all of them)'],
    ]);
  });

  it('shows nothing for an empty ack, and the response_url then posts as usual', async () => {
    const url = emulator.responseUrl({ channelId: 'C0GENERAL', userId: 'U0ANA' });
    emulator.commandSent(url).settle('');
    expect(emulator.calls('response_url')).toEqual([]);
    expect(await post(url, { text: 'Created task #12' })).toEqual({ status: 200, body: { ok: true } });
    expect(emulator.ephemeralMessages('U0ANA', 'C0GENERAL')).toMatchObject([{ text: 'Created task #12' }]);
  });

  it('posts in the channel with response_type in_channel', async () => {
    const url = emulator.responseUrl({ channelId: 'C0GENERAL', userId: 'U0ANA' });
    await post(url, {
      response_type: 'in_channel',
      text: 'Ana created a task',
      blocks: [{ type: 'divider' }],
    });
    expect(emulator.messages('general')).toMatchObject([{ text: 'Ana created a task', user: 'U0TASKBOT' }]);
    expect(emulator.calls('response_url')).toMatchObject([
      { status: 200, teamId: 'T0001', args: { response_type: 'in_channel', text: 'Ana created a task' } },
    ]);
  });

  it('replaces and deletes the message an action came from, keeping it ephemeral or not', async () => {
    const client = emulatorClient(emulator.botToken, emulator.url);
    const card = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'Task: Fix login (open)' });
    const url = emulator.responseUrl({ channelId: 'C0GENERAL', userId: 'U0ANA', messageTs: card.ts! });
    await post(url, { replace_original: true, response_type: 'ephemeral', text: 'Task: Fix login (done)' });
    expect(emulator.message('C0GENERAL', card.ts!)).toMatchObject({ text: 'Task: Fix login (done)' });
    expect(emulator.ephemeralMessages()).toEqual([]);
    await post(url, { delete_original: true });
    expect(emulator.message('C0GENERAL', card.ts!)).toBeUndefined();

    const prompt = emulator.responseUrl({ channelId: 'C0GENERAL', userId: 'U0ANA' });
    await post(prompt, { text: 'Pick a project' });
    await post(prompt, { replace_original: 'true', text: 'Project set' });
    expect(emulator.ephemeralMessages('U0ANA').map((message) => message.text)).toEqual(['Project set']);
    await post(prompt, { delete_original: 'true' });
    expect(emulator.ephemeralMessages('U0ANA')).toEqual([]);
  });

  it('takes 5 posts at most, for 30 minutes at most', async () => {
    const url = emulator.responseUrl({ channelId: 'C0GENERAL', userId: 'U0ANA' });
    for (let i = 0; i < 5; i++) expect((await post(url, { text: `post ${i}` })).status).toBe(200);
    expect(await post(url, { text: 'sixth' })).toEqual({
      status: 404,
      body: { ok: false, error: 'used_url' },
    });
    const later = emulator.responseUrl({ channelId: 'C0GENERAL', userId: 'U0ANA' });
    clock.advance(30 * 60_000 + 1);
    expect(await post(later, { text: 'too late' })).toEqual({
      status: 404,
      body: { ok: false, error: 'expired_url' },
    });
    expect((await post(`${emulator.origin}/response/abcdef`, { text: 'x' })).body.error).toBe('invalid_url');
  });

  it('refuses invalid payloads with a 4xx the app can see', async () => {
    const url = emulator.responseUrl({ channelId: 'C0GENERAL', userId: 'U0ANA' });
    const noText = await post(url, { blocks: [{ type: 'divider' }] });
    expect(noText).toMatchObject({ status: 400, body: { ok: false, error: 'missing_text_fallback' } });
    expect(await post(url, '{oops')).toEqual({ status: 400, body: { ok: false, error: 'invalid_payload' } });
    expect((await post(url, { delete_original: true })).body.error).toBe('message_not_found');
  });
});
