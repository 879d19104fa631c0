/**
 * The baselines for bench/ack-ladder.ts: a bare Bolt app on its HTTPReceiver whose `/task` listener
 * only acks, in a process of its own, answering the same IPC messages as ack-app-process.ts. With
 * `work`, the listener does what a full `/task mine` does at the least, by hand: one GET of the
 * person's open tasks with bare undici, and the reply in the ack (as Taskbridge answers a command
 * whose reply is ready within its ack's hold, kit/held-ack.ts).
 */
import { App, LogLevel } from '@slack/bolt';
import { Agent } from 'undici';
import { answerStats } from './process-stats.ts';

interface Settings {
  slackApiUrl: string;
  botToken: string;
  signingSecret: string;
  work?: { workApiUrl: string; workApiToken: string };
}

const settings = JSON.parse(process.argv[2] ?? '{}') as Settings;
const app = new App({
  token: settings.botToken,
  signingSecret: settings.signingSecret,
  clientOptions: { slackApiUrl: settings.slackApiUrl },
  logLevel: LogLevel.ERROR,
  port: 0,
});
const work = settings.work;
const agent = new Agent({ keepAliveTimeout: 10_000 });
if (!work) {
  app.command('/task', async ({ ack }) => {
    await ack({ response_type: 'ephemeral', text: 'ok' });
  });
} else {
  const api = new URL(work.workApiUrl);
  const headers = { authorization: `Bearer ${work.workApiToken}`, accept: 'application/json' };
  const path = `${api.pathname.replace(/\/$/, '')}/tasks?assignee_id=1&page=1&per_page=15&done=false`;
  app.command('/task', async ({ ack }) => {
    const res = await agent.request({ origin: api.origin, path, method: 'GET', headers });
    const { data } = (await res.body.json()) as { data: { title: string }[] };
    // A baseline that skipped its work would flatter Taskbridge: say so rather than go on.
    if (res.statusCode !== 200 || data.length === 0) {
      console.error(`Bolt+work: the service answered ${res.statusCode} with ${data?.length} tasks`);
      process.exit(1);
    }
    await ack({ response_type: 'ephemeral', text: data.map((t) => `• ${t.title}`).join('\n') });
  });
}
const server = (await app.start(0)) as import('node:http').Server;
const address = server.address() as import('node:net').AddressInfo;
answerStats(
  () => ({}),
  () => app.stop().then(() => agent.close()),
);
process.send?.({ eventsUrl: `http://127.0.0.1:${address.port}/slack/events` });
