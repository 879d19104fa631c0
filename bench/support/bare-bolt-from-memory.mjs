/**
 * The comparator of bench/morning.ts: a bare Bolt app on its HTTPReceiver answering `/task mine`
 * from memory, as a hand-written app holding every task would. It is given the same people and
 * tasks as the service holds (a JSON file), keeps each member's open tasks in a Map, and acks with
 * the same kind of message Taskbridge sends: a header, the counts, and a section per task (up to
 * 15) with its due date and a Done button. Plain JavaScript, so no TypeScript stripper sits in its
 * memory: the floor Taskbridge's RSS is read against is Bolt's own.
 *
 * It says where it listens over IPC, then serves until SIGTERM.
 */
import { readFileSync } from 'node:fs';
import bolt from '@slack/bolt';

const { App, LogLevel } = bolt;
/** @type {{ slackApiUrl: string; botToken: string; signingSecret: string; dataFile: string }} */
const settings = JSON.parse(process.argv[2] ?? '{}');
/** @type {{ people: Record<string, number>; tasks: Array<{ id: number; title: string; due: string | null; done: boolean; assignees: number[] }> }} */
const data = JSON.parse(readFileSync(settings.dataFile, 'utf8'));

/** Each member's open tasks, soonest due first (undated last). */
const openByMember = new Map();
for (const task of data.tasks) {
  if (task.done) continue;
  for (const member of task.assignees) {
    const list = openByMember.get(member) ?? [];
    list.push(task);
    openByMember.set(member, list);
  }
}
const dueMs = (t) => (t.due === null ? Number.POSITIVE_INFINITY : Date.parse(t.due));
for (const list of openByMember.values()) list.sort((a, b) => dueMs(a) - dueMs(b));

function answer(userId) {
  const mine = openByMember.get(data.people[userId]) ?? [];
  const now = Date.now();
  const endOfDay = new Date(now).setUTCHours(23, 59, 59, 999);
  const count = { overdue: 0, today: 0, upcoming: 0, none: 0 };
  for (const t of mine) {
    const at = dueMs(t);
    if (at === Number.POSITIVE_INFINITY) count.none++;
    else if (at < now) count.overdue++;
    else if (at <= endOfDay) count.today++;
    else count.upcoming++;
  }
  const summary = `${count.overdue} overdue · ${count.today} due today · ${count.upcoming} upcoming · ${count.none} with no date`;
  const blocks = [
    { type: 'header', text: { type: 'plain_text', text: 'Your tasks', emoji: true } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: summary }] },
    ...mine.slice(0, 15).map((t) => ({
      type: 'section',
      block_id: `task:${t.id}`,
      text: {
        type: 'mrkdwn',
        text: `*${t.title}*\n${
          t.due === null
            ? 'No due date'
            : `Due <!date^${Math.floor(dueMs(t) / 1000)}^{date_short_pretty}|${t.due.slice(0, 10)}>`
        }`,
      },
      accessory: {
        type: 'button',
        action_id: 'task_done',
        text: { type: 'plain_text', text: 'Done' },
        value: String(t.id),
      },
    })),
  ];
  return {
    response_type: 'ephemeral',
    text: mine.length === 0 ? 'You have no open tasks.' : `Your tasks: ${summary}`,
    blocks,
  };
}

const app = new App({
  token: settings.botToken,
  signingSecret: settings.signingSecret,
  clientOptions: { slackApiUrl: settings.slackApiUrl },
  logLevel: LogLevel.INFO,
  port: 0,
});
app.command('/task', async ({ ack, command }) => {
  await ack(answer(command.user_id));
});
const server = await app.start(0);
process.send?.({ eventsUrl: `http://127.0.0.1:${server.address().port}/slack/events` });
process.on('SIGTERM', () => void app.stop().then(() => process.exit(0)));
