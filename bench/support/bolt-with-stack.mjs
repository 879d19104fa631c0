/**
 * Bolt with the libraries the project's stack names, each doing the least an app on that stack does
 * for `/task mine` (the comparator of bench/morning.ts beside bare Bolt, and bench/stack-floor.ts's
 * subject), so a bench can say how much of Taskbridge's CPU and RSS over bare Bolt is the stack and
 * how much is Taskbridge's own code. Its parts, all on unless `settings.parts` names some:
 * - `store`: keyv over a `node:sqlite` file (WAL), holding each person's link to their member, read
 *   on every command, as Taskbridge's store is;
 * - `zod`: the tasks checked by a zod schema as they are read (the client checks what the service
 *   sends);
 * - `zone`: "today" ending in the person's time zone (date-fns with @date-fns/tz, so ICU's zone data);
 * - `metrics`: an ack histogram and the process's default metrics (prom-client), the event loop
 *   sampled once a second as Taskbridge samples it (src/ops/metrics.ts);
 * - `logger`: a pino logger at info;
 * - `chrono`: a date parsed once (chrono-node's English parser, as `/task new … due friday` does);
 * - `cron`: a croner job each minute (a digest tick) doing nothing.
 * A part left out is not imported. Plain JavaScript, as bare Bolt's: no TypeScript stripper in its
 * memory.
 *
 * It says where it listens over IPC, then serves until SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { mineMessage, openTasksByMember, serveTaskCommand } from './tasks-from-memory.mjs';

/** @type {{ slackApiUrl: string; botToken: string; signingSecret: string; dataFile: string; storeFile: string; timeZone: string; parts?: string[] }} */
const settings = JSON.parse(process.argv[2] ?? '{}');
const on = new Set(settings.parts ?? ['store', 'zod', 'zone', 'metrics', 'logger', 'chrono', 'cron']);

const raw = JSON.parse(readFileSync(settings.dataFile, 'utf8'));
const data = on.has('zod') ? await checked(raw) : raw;
const openByMember = openTasksByMember(data.tasks);

/** The bench's file through a zod schema of its people and tasks. */
async function checked(input) {
  const { z } = await import('zod');
  const Task = z.object({
    id: z.number().int().positive(),
    title: z.string(),
    due: z.iso.datetime({ offset: true }).nullable(),
    done: z.boolean(),
    assignees: z.array(z.number().int()),
  });
  return z.object({ people: z.record(z.string(), z.number().int()), tasks: z.array(Task) }).parse(input);
}

/** keyv's store contract over one SQLite table (values are keyv's serialised strings). */
async function sqliteLinks(path, people) {
  const { DatabaseSync } = await import('node:sqlite');
  const { Keyv } = await import('keyv');
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  db.exec('CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const get = db.prepare('SELECT value FROM kv WHERE key = ?');
  const set = db.prepare('INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)');
  const del = db.prepare('DELETE FROM kv WHERE key = ?');
  const store = {
    get: async (key) => get.get(key)?.value,
    set: async (key, value) => void set.run(key, value),
    delete: async (key) => del.run(key).changes > 0,
    clear: async () => void db.exec('DELETE FROM kv'),
    on: () => {},
  };
  const links = new Keyv({ store, namespace: 'links' });
  for (const [user, member] of Object.entries(people)) await links.set(user, member);
  return (user) => links.get(user);
}
const memberOf = on.has('store')
  ? await sqliteLinks(settings.storeFile, data.people)
  : async (user) => data.people[user];

const endOfToday = on.has('zone')
  ? await (async () => {
      const { TZDate } = await import('@date-fns/tz');
      const { endOfDay } = await import('date-fns/endOfDay');
      return (now) => endOfDay(new TZDate(now, settings.timeZone)).getTime();
    })()
  : (now) => new Date(now).setUTCHours(23, 59, 59, 999);

const observeAck = on.has('metrics')
  ? await (async () => {
      const { default: promClient } = await import('prom-client');
      promClient.collectDefaultMetrics({ eventLoopMonitoringPrecision: 1000 });
      const acks = new promClient.Histogram({
        name: 'slack_ack_seconds',
        help: 'Time from a command reaching the app to its ack.',
        labelNames: ['kind'],
      });
      return (seconds) => acks.observe({ kind: 'mine' }, seconds);
    })()
  : () => {};

const logger = on.has('logger') ? (await import('pino')).default({ level: 'info' }) : undefined;
if (on.has('chrono')) (await import('chrono-node/en')).parseDate('friday 5pm', new Date());
if (on.has('cron')) new (await import('croner')).Cron('* * * * *', () => {});

const port = await serveTaskCommand(settings, async (userId) => {
  const started = performance.now();
  const now = Date.now();
  const mine = openByMember.get((await memberOf(userId)) ?? -1) ?? [];
  const message = mineMessage(mine, now, endOfToday(now));
  observeAck((performance.now() - started) / 1000);
  return message;
});
logger?.info({ port }, 'listening');
