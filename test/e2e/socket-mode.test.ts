/**
 * Socket Mode end to end: the real app started in Socket Mode (app-level token, no HTTP receiver)
 * connects to the emulator's WebSocket; commands, interactions, options requests and events arrive
 * as envelopes and the app's acks come back over the same connection, as on Slack.
 */
import { WebClient } from '@slack/web-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';

let h: Harness;

type Element = { action_id?: string; value?: string };
type Block = { block_id?: string; elements?: Element[]; accessory?: Element };
type View = { id: string; callback_id: string; blocks: Block[] };

function actionValue(message: { blocks?: unknown[] }, actionId: string): string {
  for (const block of (message.blocks ?? []) as Block[]) {
    const found = [...(block.elements ?? []), block.accessory].find((e) => e?.action_id === actionId);
    if (found?.value) return found.value;
  }
  throw new Error(`no ${actionId} in ${JSON.stringify(message.blocks)}`);
}

describe('Socket Mode', () => {
  beforeEach(async () => {
    h = await startHarness({ link: ['ana'], transport: 'socket' });
  });
  afterEach(async () => {
    await h.close();
  });

  it('connects with the app-level token: apps.connections.open, then hello', async () => {
    expect(h.emulator.socketMode.connectionCount(TEAM)).toBe(1);
    const open = h.emulator.calls('apps.connections.open');
    expect(open).toHaveLength(1);
    expect(open[0]!.response.ok).toBe(true);
    expect(String(open[0]!.response.url)).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/socket-mode\/link\/\?ticket=/);
  });

  it('creates a task from a slash command and answers in the ack', async () => {
    const help = await h.signer.command('/task help');
    expect(help.status).toBe(200);
    expect(JSON.stringify(help.body)).toContain('/task new');

    await h.signer.command('/task new Socket-borne task due friday #Website', { channel: 'website' });
    const post = await h.emulator.waitForCall(
      'response_url',
      (c) => JSON.stringify(c.args.blocks).includes('Socket-borne task'),
      5_000,
    );
    expect(post.args.response_type).toBe('in_channel');
    const tasks = (await h.api.tasks.list({ q: 'Socket-borne task' })).data;
    expect(tasks.map((t) => t.title)).toEqual(['Socket-borne task']);
  });

  it('acts on a card button and edits the card in place', async () => {
    await h.signer.command('/task show 3');
    await h.emulator.waitForCall(
      'response_url',
      (c) => JSON.stringify(c.args.blocks).includes('task_share'),
      5_000,
    );
    const mine = h.emulator.ephemeralMessages(USERS.ana).at(-1)!;
    await h.signer.blockAction({
      actionId: 'task_share',
      value: actionValue(mine, 'task_share'),
      message: mine,
    });
    await h.emulator.waitForCall('response_url', (c) => c.args.response_type === 'in_channel', 5_000);
    const card = h.emulator.messages('C0GENERAL').at(-1)!;

    const ack = await h.signer.blockAction({
      actionId: 'task_done',
      value: actionValue(card, 'task_done'),
      message: card,
    });
    expect(ack.status).toBe(200);
    await h.emulator.waitForCall(
      'chat.update',
      (c) => c.args.ts === card.ts && JSON.stringify(c.args.blocks).includes('task_undo'),
      5_000,
    );
    expect((await h.api.tasks.get(3)).status.name).toBe('Done');
  });

  it('opens a modal from the global shortcut and returns field errors in the submission ack', async () => {
    await h.signer.globalShortcut({ callbackId: 'create_task_global' });
    const view = (await h.emulator.waitForCall('views.open', () => true, 5_000)).response.view as View;
    expect(view.callback_id).toBe('create_task');
    const answer = await h.signer.viewSubmission({
      view,
      values: { ct_title: { ct_title_input: '   ' } },
    });
    expect(answer.status).toBe(200);
    const body = answer.body as { response_action?: string; errors?: Record<string, string> };
    expect(body.response_action).toBe('errors');
    expect(Object.keys(body.errors ?? {})).toContain('ct_title');
    expect(h.emulator.viewErrors(view.id)).toEqual(body.errors);
  });

  it('answers an external select’s options request in the ack', async () => {
    await h.signer.globalShortcut({ callbackId: 'create_task_global' });
    const view = (await h.emulator.waitForCall('views.open', () => true, 5_000)).response.view as View;
    const options = await h.signer.blockSuggestion({ actionId: 'ct_project_select', value: 'web', view });
    expect(JSON.stringify(options.body)).toContain('Website');
  });

  it('delivers events and publishes the Home tab', async () => {
    const ack = await h.signer.event({
      type: 'app_home_opened',
      user: USERS.ana,
      channel: 'D0ANA',
      tab: 'home',
    });
    expect(ack.status).toBe(200);
    await h.emulator.waitForCall('views.publish', (c) => c.args.user_id === USERS.ana, 5_000);
    expect(h.emulator.homeTab(USERS.ana)).toBeDefined();
  });

  // Bolt's client waits its ping timeout (5 s) before it reconnects.
  it('reconnects when Slack asks it to, and keeps answering', { timeout: 20_000 }, async () => {
    const first = h.emulator.calls('apps.connections.open')[0];
    h.emulator.socketMode.requestReconnect(TEAM);
    await h.emulator.waitForCall('apps.connections.open', (c) => c !== first, 12_000);
    await h.emulator.socketMode.waitForConnection(TEAM);
    const help = await h.signer.command('/task help');
    expect(JSON.stringify(help.body)).toContain('/task new');
  });
});

describe('the emulator’s Socket Mode', () => {
  beforeEach(async () => {
    h = await startHarness({ link: ['ana'], transport: 'socket' });
  });
  afterEach(async () => {
    await h.close();
  });

  it('opens connections with the app-level token only, and the token opens nothing else', async () => {
    const bot = new WebClient(h.emulator.botToken, {
      slackApiUrl: h.emulator.url,
      retryConfig: { retries: 0 },
    });
    await expect(bot.apps.connections.open()).rejects.toThrow(/not_allowed_token_type/);
    const app = new WebClient(h.emulator.appToken, {
      slackApiUrl: h.emulator.url,
      retryConfig: { retries: 0 },
    });
    await expect(app.chat.postMessage({ channel: 'C0GENERAL', text: 'hi' })).rejects.toThrow(
      /not_allowed_token_type/,
    );
  });

  it('refuses a used or made-up ticket, and says hello on a good one', async () => {
    const app = new WebClient(h.emulator.appToken, { slackApiUrl: h.emulator.url });
    const { url } = await app.apps.connections.open();
    const hello = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const socket = new WebSocket(url!);
      socket.on('message', (data) => {
        resolve(JSON.parse(String(data)) as Record<string, unknown>);
        socket.close();
      });
      socket.on('error', reject);
    });
    expect(hello.type).toBe('hello');
    expect((hello.connection_info as { app_id: string }).app_id).toBe('A0TASKBRIDGE');
    for (const bad of [url!, url!.replace(/ticket=\w+/, 'ticket=0000')]) {
      const refused = await new Promise<string>((resolve) => {
        const socket = new WebSocket(bad);
        socket.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
        socket.on('error', (error) => resolve(error.message));
      });
      expect(refused).toMatch(/401/);
    }
  });

  it('answers 504 when an envelope is not acked within 3 s, as Slack counts a failure', async () => {
    // A connection that reads envelopes and never acks, the app's own connection closed.
    await h.app.stop();
    const app = new WebClient(h.emulator.appToken, { slackApiUrl: h.emulator.url });
    const { url } = await app.apps.connections.open();
    const silent = new WebSocket(url!);
    await new Promise((resolve) => silent.once('message', resolve));
    const answer = await h.signer.command('/task help');
    expect(answer.status).toBe(504);
    silent.close();
  });
});
