/**
 * What the benches' comparators hold and answer: each member's open tasks from the bench's JSON
 * file, soonest due first, and the `/task mine` list Taskbridge sends (a header, the counts, a
 * section per task up to 15 with its due date and a Done button), served by Bolt. Plain
 * JavaScript, so no TypeScript stripper sits in a comparator's memory.
 */
import bolt from '@slack/bolt';

/** @typedef {{ id: number; title: string; due: string | null; done: boolean; assignees: number[] }} Task */

/** @param {Task} t */
export const dueMs = (t) => (t.due === null ? Number.POSITIVE_INFINITY : Date.parse(t.due));

/**
 * Each member's open tasks, soonest due first (undated last).
 * @param {Task[]} tasks
 * @returns {Map<number, Task[]>}
 */
export function openTasksByMember(tasks) {
  const byMember = new Map();
  for (const task of tasks) {
    if (task.done) continue;
    for (const member of task.assignees) {
      const list = byMember.get(member) ?? [];
      list.push(task);
      byMember.set(member, list);
    }
  }
  for (const list of byMember.values()) list.sort((a, b) => dueMs(a) - dueMs(b));
  return byMember;
}

/**
 * The ephemeral list for one person: `endOfDayMs` is the end of their today (where "due today"
 * stops), so a comparator can compute it in UTC or in the person's zone.
 * @param {Task[]} mine
 * @param {number} now
 * @param {number} endOfDayMs
 */
export function mineMessage(mine, now, endOfDayMs) {
  const count = { overdue: 0, today: 0, upcoming: 0, none: 0 };
  for (const t of mine) {
    const at = dueMs(t);
    if (at === Number.POSITIVE_INFINITY) count.none++;
    else if (at < now) count.overdue++;
    else if (at <= endOfDayMs) count.today++;
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

/**
 * Bolt on its HTTP receiver acking `/task` with `answer(userId)`'s message; says where it listens
 * over IPC (`{ eventsUrl }`), stops on SIGTERM. Resolves to the port.
 * @param {{ slackApiUrl: string; botToken: string; signingSecret: string }} settings
 * @param {(userId: string) => Promise<object> | object} answer
 */
export async function serveTaskCommand(settings, answer) {
  const app = new bolt.App({
    token: settings.botToken,
    signingSecret: settings.signingSecret,
    clientOptions: { slackApiUrl: settings.slackApiUrl },
    logLevel: bolt.LogLevel.INFO,
    port: 0,
  });
  app.command('/task', async ({ ack, command }) => {
    await ack(await answer(command.user_id));
  });
  const server = await app.start(0);
  const { port } = server.address();
  process.send?.({ eventsUrl: `http://127.0.0.1:${port}/slack/events` });
  process.on('SIGTERM', () => void app.stop().then(() => process.exit(0)));
  return port;
}
