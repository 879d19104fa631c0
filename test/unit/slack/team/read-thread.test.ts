/**
 * Reading a whole thread for a mind map, against the Slack Web API emulator over HTTP: every page,
 * in order, without this app's own notes, and bounded.
 */
import { WebClient } from '@slack/web-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderMindMapPosted } from '../../../../src/slack/features/mind-maps/mind-map-messages.ts';
import { MAX_THREAD_REPLIES, readThread } from '../../../../src/slack/features/mind-maps/team-thread-tree.ts';
import { createSlackEmulator, type SlackEmulator } from '../../../../src/slack-emulator/index.ts';

let emulator: SlackEmulator;
let client: WebClient;

beforeEach(async () => {
  emulator = await createSlackEmulator({ port: 0 });
  client = new WebClient(emulator.botToken, { slackApiUrl: emulator.url, retryConfig: { retries: 0 } });
});
afterEach(async () => {
  await emulator.close();
});

function thread(replies: number) {
  const parent = emulator.addMessage({ channel: 'C0WEBSITE', user: 'U0ANA', text: 'parent' });
  for (let i = 1; i <= replies; i += 1) {
    emulator.addMessage({ channel: 'C0WEBSITE', user: 'U0BEN', text: `reply ${i}`, threadTs: parent.ts });
  }
  return parent;
}

describe('readThread', () => {
  it('reads every page, parent first, replies in order', async () => {
    const parent = thread(450);
    const read = await readThread(client, { channel: 'C0WEBSITE', ts: parent.ts, ownBotId: undefined });
    expect(read.truncated).toBe(false);
    expect(read.messages).toHaveLength(451);
    expect(read.messages[0]!.text).toBe('parent');
    expect(read.messages.slice(1).map((m) => m.text)).toEqual(
      Array.from({ length: 450 }, (_, i) => `reply ${i + 1}`),
    );
  });

  it('leaves out this app’s notes of maps made before, and keeps its other replies', async () => {
    const parent = thread(2);
    const note = renderMindMapPosted({
      map: { id: 1, title: 'Map' },
      projectName: 'Website',
      ideas: 3,
      userId: 'U0ANA',
    });
    await client.chat.postMessage({ channel: 'C0WEBSITE', thread_ts: parent.ts, ...note });
    await client.chat.postMessage({ channel: 'C0WEBSITE', thread_ts: parent.ts, text: 'status → Done' });
    const botId = (await client.auth.test()).bot_id as string;
    const read = await readThread(client, { channel: 'C0WEBSITE', ts: parent.ts, ownBotId: botId });
    expect(read.messages.map((m) => m.text)).toEqual(['parent', 'reply 1', 'reply 2', 'status → Done']);
  });

  it('stops at its bound and says so', async () => {
    const parent = thread(MAX_THREAD_REPLIES + 5);
    const read = await readThread(client, { channel: 'C0WEBSITE', ts: parent.ts, ownBotId: undefined });
    expect(read.truncated).toBe(true);
    expect(read.messages).toHaveLength(MAX_THREAD_REPLIES + 1);
  });

  it('fails with Slack’s reason when the bot cannot read the channel', async () => {
    const message = emulator.addMessage({ channel: 'C0RANDOM', user: 'U0ANA', text: 'x' });
    await expect(
      readThread(client, { channel: 'C0RANDOM', ts: message.ts, ownBotId: undefined }),
    ).rejects.toThrow(/not_in_channel/);
  });
});
