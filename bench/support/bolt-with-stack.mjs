/**
 * The second comparator of bench/morning.ts: bare-bolt-from-memory.mjs with the libraries the
 * project's stack names, each doing the least an app on that stack does for `/task mine`, so the
 * bench can say how much of Taskbridge's CPU and RSS over bare Bolt is the stack itself and how
 * much is Taskbridge's own code:
 * - a store as Taskbridge's: keyv over a `node:sqlite` file (WAL), holding each person's link to
 *   their member, read on every command;
 * - the tasks checked by a zod schema as they are read (the client checks what the service sends);
 * - "today" ending in the person's time zone (date-fns with @date-fns/tz, so ICU's zone data);
 * - an ack histogram and the process's default metrics (prom-client, the event loop sampled once
 *   a second as Taskbridge samples it), a pino logger at info;
 * - a date parsed once (chrono-node's English parser, as `/task new … due friday` does) and a
 *   croner job each minute (a digest tick), both doing nothing more.
 * Plain JavaScript, as bare Bolt's: no TypeScript stripper in its memory.
 *
 * It says where it listens over IPC, then serves until SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { TZDate } from '@date-fns/tz';
import bolt from '@slack/bolt';
import * as chrono from 'chrono-node/en';
import { Cron } from 'croner';
import { endOfDay } from 'date-fns/endOfDay';
import { Keyv } from 'keyv';
import pino from 'pino';
import promClient from 'prom-client';
import { z } from 'zod';
import { mineMessage, openTasksByMember } from './tasks-from-memory.mjs';

const { App, LogLevel } = bolt;
/** @type {{ slackApiUrl: string; botToken: string; signingSecret: string; dataFile: string; storeFile: string; timeZone: string }} */
const settings = JSON.parse(process.argv[2] ?? '{}');
const logger = pino({ level: 'info' });

const Task = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  due: z.iso.datetime({ offset: true }).nullable(),
  done: z.boolean(),
  assignees: z.array(z.number().int()),
});
const Data = z.object({ people: z.record(z.string(), z.number().int()), tasks: z.array(Task) });
const data = Data.parse(JSON.parse(readFileSync(settings.dataFile, 'utf8')));
const openByMember = openTasksByMember(data.tasks);

/** keyv's store contract over one SQLite table (values are keyv's serialised strings). */
function sqliteKeyvStore(path) {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  db.exec('CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const get = db.prepare('SELECT value FROM kv WHERE key = ?');
  const set = db.prepare('INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)');
  const del = db.prepare('DELETE FROM kv WHERE key = ?');
  return {
    get: async (key) => get.get(key)?.value,
    set: async (key, value) => void set.run(key, value),
    delete: async (key) => del.run(key).changes > 0,
    clear: async () => void db.exec('DELETE FROM kv'),
    on: () => {},
  };
}
const links = new Keyv({ store: sqliteKeyvStore(settings.storeFile), namespace: 'links' });
for (const [user, member] of Object.entries(data.people)) await links.set(user, member);

// Sampling the event loop once a second, as Taskbridge does (src/ops/metrics.ts): prom-client's
// default of every 10 ms costs ~10 ms of CPU a second at rest, a setting rather than the library.
promClient.collectDefaultMetrics({ eventLoopMonitoringPrecision: 1000 });
const acks = new promClient.Histogram({
  name: 'slack_ack_seconds',
  help: 'Time from a command reaching the app to its ack.',
  labelNames: ['kind'],
});
chrono.parseDate('friday 5pm', new Date());
new Cron('* * * * *', () => {});

const app = new App({
  token: settings.botToken,
  signingSecret: settings.signingSecret,
  clientOptions: { slackApiUrl: settings.slackApiUrl },
  logLevel: LogLevel.INFO,
  port: 0,
});
app.command('/task', async ({ ack, command }) => {
  const started = performance.now();
  const now = Date.now();
  const member = await links.get(command.user_id);
  const mine = openByMember.get(member ?? -1) ?? [];
  const endOfToday = endOfDay(new TZDate(now, settings.timeZone)).getTime();
  await ack(mineMessage(mine, now, endOfToday));
  acks.observe({ kind: 'mine' }, (performance.now() - started) / 1000);
});
const server = await app.start(0);
logger.info({ port: server.address().port }, 'listening');
process.send?.({ eventsUrl: `http://127.0.0.1:${server.address().port}/slack/events` });
process.on('SIGTERM', () => void app.stop().then(() => process.exit(0)));
