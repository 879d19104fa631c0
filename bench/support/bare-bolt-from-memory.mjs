/**
 * The first comparator of bench/morning.ts and bench/stack-floor.ts's baseline: a bare Bolt app on
 * its HTTPReceiver answering `/task mine` from memory, as a hand-written app holding every task
 * would. It is given the same people and tasks as the service holds (a JSON file), keeps each
 * member's open tasks in a Map, and acks with the same kind of message Taskbridge sends
 * (tasks-from-memory.mjs), "today" ending in UTC. Plain JavaScript, so no TypeScript stripper sits
 * in its memory: the floor Taskbridge's RSS is read against is Bolt's own.
 *
 * It says where it listens over IPC, then serves until SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { mineMessage, openTasksByMember, serveTaskCommand } from './tasks-from-memory.mjs';

/** @type {{ slackApiUrl: string; botToken: string; signingSecret: string; dataFile: string }} */
const settings = JSON.parse(process.argv[2] ?? '{}');
/** @type {{ people: Record<string, number>; tasks: import('./tasks-from-memory.mjs').Task[] }} */
const data = JSON.parse(readFileSync(settings.dataFile, 'utf8'));
const openByMember = openTasksByMember(data.tasks);

await serveTaskCommand(settings, (userId) => {
  const now = Date.now();
  const mine = openByMember.get(data.people[userId] ?? -1) ?? [];
  return mineMessage(mine, now, new Date(now).setUTCHours(23, 59, 59, 999));
});
