/**
 * The emulator's reactions and assistant threads, driven by the real @slack/web-api WebClient:
 * answers and errors as Slack's method pages give them.
 */
import type { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackEmulator, type SlackEmulator } from '../../../src/slack-emulator/index.ts';
import {
  assistantThread,
  openAssistantThread,
  shownStatus,
} from '../../../src/slack-emulator/methods/assistant.ts';
import { emulatorClient } from './support/web-client.ts';

type Client = InstanceType<typeof webApi.WebClient>;

async function slackError(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    const data = (error as { data?: { error: string } }).data;
    if (data) return data.error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('reactions and assistant threads in the emulator', () => {
  let emulator: SlackEmulator;
  let client: Client;
  beforeEach(async () => {
    emulator = await createSlackEmulator({ port: 0 });
    client = emulatorClient(emulator.botToken, emulator.url);
  });
  afterEach(async () => {
    await emulator.close();
  });

  it('adds, reads and removes the bot’s reaction, refusing a repeat, a missing one and a bad name', async () => {
    const message = emulator.addMessage({ channel: 'C0WEBSITE', user: 'U0BEN', text: 'Ship it' });
    const at = { channel: 'C0WEBSITE', timestamp: message.ts };
    await client.reactions.add({ ...at, name: ':white_check_mark:' });
    expect(await slackError(client.reactions.add({ ...at, name: 'white_check_mark' }))).toBe(
      'already_reacted',
    );
    expect(await slackError(client.reactions.add({ ...at, name: 'not an emoji' }))).toBe('invalid_name');
    expect(
      await slackError(client.reactions.add({ channel: 'C0WEBSITE', timestamp: '1.000001', name: 'eyes' })),
    ).toBe('message_not_found');
    const got = await client.reactions.get(at);
    expect(got.message?.text).toBe('Ship it');
    expect(got.message?.reactions).toEqual([{ name: 'white_check_mark', users: ['U0TASKBOT'], count: 1 }]);
    await client.reactions.remove({ ...at, name: 'white_check_mark' });
    expect(await slackError(client.reactions.remove({ ...at, name: 'white_check_mark' }))).toBe(
      'no_reaction',
    );
    expect(emulator.message('C0WEBSITE', message.ts)?.reactions).toBeUndefined();
  });

  it('sets an assistant thread’s prompts, title and status, the status gone once the app replies', async () => {
    const dm = emulator.state.imWith('T0001', 'U0ANA');
    const root = emulator.addMessage({ channel: dm.id, user: 'U0ANA', text: 'hi' });
    openAssistantThread(emulator.state, {
      teamId: 'T0001',
      userId: 'U0ANA',
      channelId: dm.id,
      threadTs: root.ts,
      contextChannelId: null,
      title: null,
      promptsTitle: null,
      prompts: [],
      status: '',
      statusAfter: null,
    });
    const where = { channel_id: dm.id, thread_ts: root.ts };
    await client.assistant.threads.setSuggestedPrompts({
      ...where,
      prompts: [{ title: 'Mine', message: 'mine' }],
    });
    expect(
      await slackError(
        client.assistant.threads.setSuggestedPrompts({
          ...where,
          prompts: Array.from({ length: 5 }, (_, i) => ({ title: `p${i}`, message: `m${i}` })) as never,
        }),
      ),
    ).toBe('invalid_arguments');
    expect(
      await slackError(
        client.assistant.threads.setTitle({ channel_id: dm.id, thread_ts: '1.000001', title: 'x' }),
      ),
    ).toBe('channel_not_found');
    await client.assistant.threads.setTitle({ ...where, title: 'My tasks' });
    await client.assistant.threads.setStatus({ ...where, status: 'is working on it…' });
    const thread = assistantThread(emulator.state, dm.id, root.ts)!;
    expect(thread).toMatchObject({ title: 'My tasks', prompts: [{ title: 'Mine', message: 'mine' }] });
    expect(shownStatus(emulator.state, thread)).toBe('is working on it…');
    await client.chat.postMessage({ channel: dm.id, thread_ts: root.ts, text: 'Your tasks' });
    expect(shownStatus(emulator.state, thread)).toBe('');
  });
});
