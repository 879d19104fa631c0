/**
 * The comparator of bench/morning.ts: a bare Bolt app on its HTTPReceiver answering `/task mine`
 * from memory, as a hand-written app holding every task would. It is given the same people and
 * tasks as the service holds (a JSON file), keeps each member's open tasks in a Map, and acks with
 * the same kind of message Taskbridge sends (tasks-from-memory.mjs), "today" ending in UTC. Plain
 * JavaScript, so no TypeScript stripper sits in its memory: the floor Taskbridge's RSS is read
 * against is Bolt's own.
 *
 * It says where it listens over IPC, then serves until SIGTERM.
 */
import { readFileSync } from 'node:fs';
import bolt from '@slack/bolt';
import { mineMessage, openTasksByMember } from './tasks-from-memory.mjs';

const { App, LogLevel } = bolt;
/** @type {{ slackApiUrl: string; botToken: string; signingSecret: string; dataFile: string }} */
const settings = JSON.parse(process.argv[2] ?? '{}');
/** @type {{ people: Record<string, number>; tasks: import('./tasks-from-memory.mjs').Task[] }} */
const data = JSON.parse(readFileSync(settings.dataFile, 'utf8'));
const openByMember = openTasksByMember(data.tasks);

const app = new App({
  token: settings.botToken,
  signingSecret: settings.signingSecret,
  clientOptions: { slackApiUrl: settings.slackApiUrl },
  logLevel: LogLevel.INFO,
  port: 0,
});
app.command('/task', async ({ ack, command }) => {
  const now = Date.now();
  const mine = openByMember.get(data.people[command.user_id] ?? -1) ?? [];
  await ack(mineMessage(mine, now, new Date(now).setUTCHours(23, 59, 59, 999)));
});
const server = await app.start(0);
process.send?.({ eventsUrl: `http://127.0.0.1:${server.address().port}/slack/events` });
process.on('SIGTERM', () => void app.stop().then(() => process.exit(0)));
