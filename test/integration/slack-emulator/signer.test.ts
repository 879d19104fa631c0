import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackEmulator, type SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../../../src/slack-emulator/signer.ts';
import { emulatorClient } from './support/web-client.ts';

const SECRET = 'signer-test-secret';

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  /** The form fields, the `payload=` JSON, or the JSON body. */
  payload: Record<string, unknown>;
}

/**
 * A stand-in app that checks Slack's signing rule with its own HMAC code (not the signer's) and
 * answers with whatever the test queued.
 */
async function startVerifyingApp(): Promise<{
  url: string;
  received: Received[];
  reply: (body: unknown) => void;
  server: Server;
}> {
  const received: Received[] = [];
  const replies: unknown[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const timestamp = Number(req.headers['x-slack-request-timestamp']);
      const expected = `v0=${createHmac('sha256', SECRET).update(`v0:${timestamp}:${raw}`).digest('hex')}`;
      const given = String(req.headers['x-slack-signature'] ?? '');
      const fresh = Math.abs(Date.now() / 1000 - timestamp) <= 300;
      const valid =
        given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      if (!fresh || !valid) {
        res.writeHead(401, { 'content-type': 'text/plain' }).end(fresh ? 'bad signature' : 'stale timestamp');
        return;
      }
      const form = new URLSearchParams(raw);
      const payload = String(req.headers['content-type']).startsWith('application/json')
        ? JSON.parse(raw)
        : form.has('payload')
          ? JSON.parse(form.get('payload')!)
          : Object.fromEntries(form);
      received.push({ headers: req.headers, raw, payload });
      const reply = replies.shift();
      if (reply === undefined) res.writeHead(200).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/slack/events`,
    received,
    reply: (body) => replies.push(body),
    server,
  };
}

describe('Slack request signer', () => {
  let app: Awaited<ReturnType<typeof startVerifyingApp>>;
  let emulator: SlackEmulator;
  let signer: SlackSigner;
  beforeEach(async () => {
    app = await startVerifyingApp();
    emulator = await createSlackEmulator();
    signer = createSlackSigner({ appUrl: app.url, signingSecret: SECRET, emulator });
  });
  afterEach(async () => {
    await emulator.close();
    await new Promise((resolve) => app.server.close(resolve));
  });

  it('sends a slash command as Slack’s form body, with a working trigger_id and response_url', async () => {
    const answer = await signer.command('/task add Fix the login page', {
      user: 'U0BEN',
      channel: 'website',
    });
    expect(answer).toMatchObject({ status: 200, text: '' });
    const fields = app.received[0]!.payload;
    expect(app.received[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(fields).toMatchObject({
      command: '/task',
      text: 'add Fix the login page',
      user_id: 'U0BEN',
      user_name: 'ben',
      team_id: 'T0001',
      team_domain: 'acme',
      channel_id: 'C0WEBSITE',
      channel_name: 'website',
      api_app_id: 'A0TASKBRIDGE',
    });
    const client = emulatorClient(emulator.botToken, emulator.url);
    const modal = {
      type: 'modal' as const,
      title: { type: 'plain_text' as const, text: 'New task' },
      blocks: [],
    };
    expect((await client.views.open({ trigger_id: String(fields.trigger_id), view: modal })).ok).toBe(true);
    await fetch(String(fields.response_url), { method: 'POST', body: JSON.stringify({ text: 'Created' }) });
    expect(emulator.ephemeralMessages('U0BEN', 'C0WEBSITE').map((message) => message.text)).toEqual([
      'Created',
    ]);
    expect((await signer.command('help')).payload).toMatchObject({ command: '/taskbridge', text: 'help' });
  });

  it('sends block_actions for a message, with a response_url bound to that message', async () => {
    const client = emulatorClient(emulator.botToken, emulator.url);
    const blocks = [
      {
        type: 'actions',
        block_id: 'task_actions',
        elements: [
          { type: 'button', action_id: 'task_done', text: { type: 'plain_text', text: 'Done' }, value: '42' },
        ],
      },
    ];
    const posted = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'Task 42', blocks });
    const message = emulator.message('C0GENERAL', posted.ts!)!;
    const answer = await signer.blockAction({ actionId: 'task_done', value: '42', message, user: 'U0CHLOE' });
    expect(answer.status).toBe(200);
    const payload = app.received[0]!.payload;
    expect(payload).toMatchObject({
      type: 'block_actions',
      user: { id: 'U0CHLOE', username: 'chloe', team_id: 'T0001' },
      team: { id: 'T0001', domain: 'acme' },
      container: { type: 'message', message_ts: posted.ts, channel_id: 'C0GENERAL', is_ephemeral: false },
      channel: { id: 'C0GENERAL', name: 'general' },
      message: { ts: posted.ts, text: 'Task 42', blocks },
      actions: [{ action_id: 'task_done', block_id: 'task_actions', type: 'button', value: '42' }],
    });
    expect(payload.message).not.toHaveProperty('channel');
    expect(String((payload.actions as Array<{ action_ts: string }>)[0]!.action_ts)).toMatch(/^\d+\.\d{6}$/);
    await fetch(String(payload.response_url), {
      method: 'POST',
      body: JSON.stringify({ replace_original: true, text: 'Task 42 (done)' }),
    });
    expect(emulator.message('C0GENERAL', posted.ts!)?.text).toBe('Task 42 (done)');
  });

  it('leaves the message out of actions on an ephemeral message, as Slack does', async () => {
    const url = emulator.responseUrl({ channelId: 'C0GENERAL', userId: 'U0ANA' });
    await fetch(url, {
      method: 'POST',
      body: JSON.stringify({ text: 'Pick one', blocks: [{ type: 'divider' }] }),
    });
    const [ephemeral] = emulator.ephemeralMessages('U0ANA');
    await signer.blockAction({
      actionId: 'pick',
      message: ephemeral!,
      type: 'static_select',
      selectedOption: { value: '3' },
    });
    const payload = app.received[0]!.payload;
    expect(payload).not.toHaveProperty('message');
    expect(payload.container).toMatchObject({ is_ephemeral: true, message_ts: ephemeral!.ts });
    expect(payload.actions).toMatchObject([
      { action_id: 'pick', type: 'static_select', selected_option: { value: '3' } },
    ]);
  });

  it('sends view_submission with state values and applies the app’s ack to the emulator', async () => {
    const client = emulatorClient(emulator.botToken, emulator.url);
    const input = {
      type: 'input',
      block_id: 'title',
      label: { type: 'plain_text', text: 'Title' },
      element: { type: 'plain_text_input', action_id: 'value' },
    };
    const opened = await client.views.open({
      trigger_id: emulator.issueTriggerId('U0ANA'),
      view: {
        type: 'modal',
        callback_id: 'create_task',
        private_metadata: '{"channel":"C0GENERAL"}',
        title: { type: 'plain_text', text: 'New task' },
        submit: { type: 'plain_text', text: 'Create' },
        blocks: [input] as never,
      },
    });
    const view = emulator.view(opened.view!.id!)!;
    app.reply({ response_action: 'errors', errors: { title: 'A title is required' } });
    await signer.viewSubmission({ view, values: { title: { value: '' } } });
    expect(app.received[0]!.payload).toMatchObject({
      type: 'view_submission',
      user: { id: 'U0ANA' },
      view: {
        id: view.id,
        callback_id: 'create_task',
        private_metadata: '{"channel":"C0GENERAL"}',
        hash: view.hash,
        state: { values: { title: { value: { type: 'plain_text_input', value: '' } } } },
      },
    });
    expect(emulator.viewErrors(view.id)).toEqual({ title: 'A title is required' });
    await signer.viewSubmission({
      view,
      values: { title: { value: { type: 'plain_text_input', value: 'Fix login' } } },
    });
    expect(emulator.openModals('U0ANA')).toEqual([]);
  });

  it('sends view_closed, shortcuts and options requests in Slack’s shapes', async () => {
    const theirs = emulator.addMessage({ channel: 'general', user: 'U0BEN', text: 'the export is broken' });
    await signer.messageShortcut({ callbackId: 'task_from_message', message: theirs, user: 'U0DEV' });
    await signer.globalShortcut({ callbackId: 'new_task' });
    await signer.blockSuggestion({ actionId: 'project', value: 'web', view: { id: 'V1', team_id: 'T0001' } });
    await signer.viewClosed({ view: { id: 'V1', team_id: 'T0001' }, isCleared: true });
    const [shortcut, global, suggestion, closed] = app.received.map((each) => each.payload);
    expect(shortcut).toMatchObject({
      type: 'message_action',
      callback_id: 'task_from_message',
      channel: { id: 'C0GENERAL', name: 'general' },
      message_ts: theirs.ts,
      message: { text: 'the export is broken', user: 'U0BEN' },
      user: { id: 'U0DEV' },
    });
    expect(String(shortcut!.response_url)).toContain('/response/');
    expect(global).toMatchObject({ type: 'shortcut', callback_id: 'new_task', user: { id: 'U0ANA' } });
    expect(global).not.toHaveProperty('response_url');
    expect(String(global!.trigger_id)).toMatch(/^\d+\.\d+\.[0-9a-f]+$/);
    expect(suggestion).toMatchObject({
      type: 'block_suggestion',
      action_id: 'project',
      value: 'web',
      container: { type: 'view', view_id: 'V1' },
    });
    expect(closed).toMatchObject({ type: 'view_closed', is_cleared: true, view: { id: 'V1' } });
  });

  it('sends Events API callbacks and url_verification as JSON', async () => {
    await signer.event({ type: 'app_uninstalled' }, { eventId: 'Ev0001', retryNum: 1 });
    await signer.urlVerification('challenge-123');
    const [event, verification] = app.received;
    expect(event!.headers['content-type']).toBe('application/json');
    expect(event!.headers['x-slack-retry-num']).toBe('1');
    expect(event!.headers['x-slack-retry-reason']).toBe('http_timeout');
    expect(event!.payload).toMatchObject({
      type: 'event_callback',
      event_id: 'Ev0001',
      team_id: 'T0001',
      api_app_id: 'A0TASKBRIDGE',
      event: { type: 'app_uninstalled' },
      authorizations: [{ team_id: 'T0001', user_id: 'U0TASKBOT', is_bot: true }],
    });
    expect(typeof event!.payload.event_time).toBe('number');
    expect(verification!.payload).toMatchObject({ type: 'url_verification', challenge: 'challenge-123' });
    expect((await signer.sslCheck()).payload).toEqual({
      ssl_check: '1',
      token: 'emulator-verification-token',
    });
  });

  it('forges signatures and ages timestamps on request, which a verifying app refuses', async () => {
    expect(await signer.event({ type: 'app_mention' }, { forgeSignature: true })).toMatchObject({
      status: 401,
      body: 'bad signature',
    });
    expect(await signer.event({ type: 'app_mention' }, { oldTimestamp: true })).toMatchObject({
      status: 401,
      body: 'stale timestamp',
    });
    const now = Math.floor(Date.now() / 1000);
    expect((await signer.event({ type: 'app_mention' }, { timestamp: now - 200 })).status).toBe(200);
    expect(app.received).toHaveLength(1);
  });

  it('parses JSON answers and hands back the raw text', async () => {
    app.reply({ options: [{ text: { type: 'plain_text', text: 'Website' }, value: '1' }] });
    const answer = await signer.blockSuggestion({ actionId: 'project', value: 'web' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.body).toEqual({ options: [{ text: { type: 'plain_text', text: 'Website' }, value: '1' }] });
    expect(JSON.parse(answer.text)).toEqual(answer.body);
  });

  it('works without an emulator, from the default seed’s names', async () => {
    const bare = createSlackSigner({ appUrl: app.url, signingSecret: SECRET });
    await bare.command('/task list');
    expect(app.received[0]!.payload).toMatchObject({
      team_id: 'T0001',
      user_id: 'U0ANA',
      channel_id: 'C0GENERAL',
    });
    expect(String(app.received[0]!.payload.trigger_id)).toMatch(/^\d+\.0\.[0-9a-f]+$/);
  });
});
