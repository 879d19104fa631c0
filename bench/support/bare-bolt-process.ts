/**
 * The baseline for bench/ack-ladder.ts: a bare Bolt app on its HTTPReceiver whose `/task` listener
 * only acks, in a process of its own, answering the same IPC messages as ack-app-process.ts.
 */
import { App, LogLevel } from '@slack/bolt';
import { answerStats } from './process-stats.ts';

interface Settings {
  slackApiUrl: string;
  botToken: string;
  signingSecret: string;
}

const settings = JSON.parse(process.argv[2] ?? '{}') as Settings;
const app = new App({
  token: settings.botToken,
  signingSecret: settings.signingSecret,
  clientOptions: { slackApiUrl: settings.slackApiUrl },
  logLevel: LogLevel.ERROR,
  port: 0,
});
app.command('/task', async ({ ack }) => {
  await ack({ response_type: 'ephemeral', text: 'ok' });
});
const server = (await app.start(0)) as import('node:http').Server;
const address = server.address() as import('node:net').AddressInfo;
answerStats(
  () => ({}),
  () => app.stop().then(() => undefined),
);
process.send?.({ eventsUrl: `http://127.0.0.1:${address.port}/slack/events` });
