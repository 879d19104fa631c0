/**
 * A bare Bolt app on its HTTPReceiver for bench/idle-cpu.ts: no timers or monitors of its own, so
 * its CPU at rest is Bolt's and Node's alone. It says where it listens over IPC, then only waits.
 */
import { App, LogLevel } from '@slack/bolt';

const settings = JSON.parse(process.argv[2] ?? '{}') as {
  slackApiUrl: string;
  botToken: string;
  signingSecret: string;
};
const app = new App({
  token: settings.botToken,
  signingSecret: settings.signingSecret,
  clientOptions: { slackApiUrl: settings.slackApiUrl },
  logLevel: LogLevel.INFO,
  port: 0,
});
app.command('/task', async ({ ack }) => {
  await ack({ response_type: 'ephemeral', text: 'ok' });
});
const server = (await app.start(0)) as import('node:http').Server;
const { port } = server.address() as import('node:net').AddressInfo;
process.send?.({ eventsUrl: `http://127.0.0.1:${port}/slack/events` });
process.on('SIGTERM', () => void app.stop().then(() => process.exit(0)));
