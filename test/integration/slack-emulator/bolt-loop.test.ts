import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, HTTPReceiver, type Logger, LogLevel } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackEmulator, type SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../../../src/slack-emulator/signer.ts';

const SECRET = 'bolt-loop-signing-secret';

const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => LogLevel.ERROR,
  setName: () => {},
};

const titleInput = {
  type: 'input',
  block_id: 'title',
  label: { type: 'plain_text', text: 'Title' },
  element: { type: 'plain_text_input', action_id: 'value' },
};

/**
 * A real Bolt app (HTTPReceiver on a free port) whose WebClient talks to the emulator: the whole
 * loop a Slack request takes, with nothing of Slack's replaced but the network ends.
 */
describe('a real Bolt app driven by the signer, calling the emulator', () => {
  let emulator: SlackEmulator;
  let app: App;
  let signer: SlackSigner;
  const retries: Array<number | undefined> = [];

  beforeEach(async () => {
    retries.length = 0;
    emulator = await createSlackEmulator();
    const receiver = new HTTPReceiver({ signingSecret: SECRET, logger: silentLogger });
    app = new App({
      receiver,
      token: emulator.botToken,
      tokenVerificationEnabled: false,
      clientOptions: { slackApiUrl: emulator.url },
      logger: silentLogger,
    });

    app.command('/task', async ({ ack, respond, client, command }) => {
      await ack();
      if (command.text === 'new') {
        await client.views.open({
          trigger_id: command.trigger_id,
          view: {
            type: 'modal',
            callback_id: 'create_task',
            private_metadata: command.channel_id,
            title: { type: 'plain_text', text: 'New task' },
            submit: { type: 'plain_text', text: 'Create' },
            blocks: [titleInput] as never,
          },
        });
        return;
      }
      await respond({ text: `Working on "${command.text}"` });
      await client.chat.postMessage({
        channel: command.channel_id,
        text: `Task created: ${command.text}`,
        blocks: [
          { type: 'section', text: { type: 'mrkdwn', text: `*${command.text}*` } },
          {
            type: 'actions',
            block_id: 'task',
            elements: [
              { type: 'button', action_id: 'done', text: { type: 'plain_text', text: 'Done' }, value: '1' },
            ],
          },
        ],
      });
    });

    app.action('done', async ({ ack, respond, body }) => {
      await ack();
      const text = (body as { message?: { text?: string } }).message?.text ?? '';
      await respond({ replace_original: true, text: `${text} (done)` });
    });

    app.view('create_task', async ({ ack, view, client }) => {
      const title = view.state.values.title?.value?.value ?? '';
      if (title.trim() === '') {
        await ack({ response_action: 'errors', errors: { title: 'Give the task a title' } });
        return;
      }
      await ack();
      await client.chat.postMessage({ channel: view.private_metadata, text: `Task created: ${title}` });
    });

    app.event('app_mention', async ({ event, client, context }) => {
      retries.push(context.retryNum);
      await client.chat.postMessage({ channel: event.channel, thread_ts: event.ts, text: 'On it' });
    });

    const server = (await app.start(0)) as Server;
    const { port } = server.address() as AddressInfo;
    signer = createSlackSigner({
      appUrl: `http://127.0.0.1:${port}/slack/events`,
      signingSecret: SECRET,
      emulator,
    });
  });

  afterEach(async () => {
    await app.stop();
    await emulator.close();
  });

  it('acks a command, answers through respond() and posts through the WebClient', async () => {
    const answer = await signer.command('/task Fix the login page', { user: 'U0BEN', channel: 'C0WEBSITE' });
    expect(answer.status).toBe(200);
    const posted = await emulator.waitForCall('chat.postMessage');
    expect(posted.args).toMatchObject({ channel: 'C0WEBSITE', text: 'Task created: Fix the login page' });
    await emulator.waitForCall('response_url');
    expect(emulator.ephemeralMessages('U0BEN', 'C0WEBSITE').map((message) => message.text)).toEqual([
      'Working on "Fix the login page"',
    ]);
    expect(emulator.messages('website').map((message) => message.text)).toEqual([
      'Task created: Fix the login page',
    ]);
  });

  it('turns a button press into an update of the very message', async () => {
    await signer.command('/task Write release notes');
    await emulator.waitForCall('chat.postMessage');
    const [card] = emulator.messages('general');
    await signer.blockAction({ actionId: 'done', value: '1', message: card! });
    await emulator.waitForCall('response_url', (call) => call.args.replace_original === true);
    expect(emulator.message('general', card!.ts)?.text).toBe('Task created: Write release notes (done)');
  });

  it('opens a modal from a command, shows validation errors, then closes it and posts on submit', async () => {
    await signer.command('/task new', { user: 'U0CHLOE' });
    await emulator.waitForCall('views.open');
    const [modal] = emulator.openModals('U0CHLOE');
    expect(modal).toMatchObject({ callback_id: 'create_task', private_metadata: 'C0GENERAL' });

    const refused = await signer.viewSubmission({
      view: modal!,
      user: 'U0CHLOE',
      values: { title: { value: ' ' } },
    });
    expect(refused.body).toEqual({ response_action: 'errors', errors: { title: 'Give the task a title' } });
    expect(emulator.viewErrors(modal!.id)).toEqual({ title: 'Give the task a title' });

    const accepted = await signer.viewSubmission({
      view: modal!,
      user: 'U0CHLOE',
      values: { title: { value: 'Ship it' } },
    });
    expect(accepted).toMatchObject({ status: 200, text: '' });
    expect(emulator.openModals('U0CHLOE')).toEqual([]);
    await emulator.waitForCall('chat.postMessage', (call) => call.args.text === 'Task created: Ship it');
  });

  it('handles events, and sees Slack’s retry number on a redelivery', async () => {
    const mention = emulator.addMessage({ channel: 'general', user: 'U0DEV', text: '<@U0TASKBOT> help' });
    const event = {
      type: 'app_mention',
      user: 'U0DEV',
      text: mention.text,
      ts: mention.ts,
      channel: 'C0GENERAL',
    };
    expect((await signer.event(event, { eventId: 'Ev01' })).status).toBe(200);
    expect((await signer.event(event, { eventId: 'Ev01', retryNum: 1 })).status).toBe(200);
    await emulator.waitForCall('chat.postMessage', () => emulator.calls('chat.postMessage').length === 2);
    expect(retries).toEqual([undefined, 1]);
    expect(emulator.thread('general', mention.ts).map((message) => message.text)).toEqual([
      mention.text,
      'On it',
      'On it',
    ]);
  });

  it('answers url_verification with the challenge', async () => {
    const answer = await signer.urlVerification('xyz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ challenge: 'xyz' });
  });

  it('refuses forged signatures and timestamps older than 5 minutes, and does nothing for them', async () => {
    expect((await signer.command('/task forged', { forgeSignature: true })).status).toBe(401);
    expect((await signer.command('/task stale', { oldTimestamp: true })).status).toBe(401);
    expect(emulator.calls()).toEqual([]);
  });
});
