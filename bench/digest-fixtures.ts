/**
 * What the digest benchmarks run against: a sandbox database of N projects with M tasks each, and
 * N subscriptions written to the store as the repository writes them (one `set` per record, then
 * the revision), without the per-channel cap check that makes `create` read the whole team.
 */
import { randomUUID } from 'node:crypto';
import { digestKeys } from '../src/digest/store-keys.ts';
import { type LastFiring, newSubscriptionId } from '../src/digest/subscriptions.ts';
import { type DigestSubscription, DigestSubscriptionSchema } from '../src/digest/types.ts';
import { SandboxDb } from '../src/sandbox/db/sandbox-db.ts';
import { seedDatabase } from '../src/sandbox/seed/seed-database.ts';
import { insertMember, joinWorkspace } from '../src/sandbox/seed/seed-helpers.ts';
import { insertProject, listStatuses } from '../src/sandbox/store/projects.ts';
import { insertTask, setAssignees } from '../src/sandbox/store/tasks.ts';
import type { Store } from '../src/store/types.ts';

const DAY_MS = 86_400_000;
const PEOPLE = ['Ben Okafor', 'Chloe Martin', 'Dev Patel', 'Eve Novak'];

/**
 * Project sizes as teams have them: nine in ten small (3 to 40 tasks), one in ten large (101 to 300),
 * so a large project takes two or three pages of 100 and ten to thirty pages of 10. Deterministic.
 */
export function realisticProjectSize(project: number): number {
  return project % 10 === 9 ? 101 + ((project * 67) % 200) : 3 + ((project * 13) % 38);
}

/**
 * Fills a fresh sandbox database file: workspace 1 with its owner (member 1) and four more people,
 * `projects` projects of `tasksPerProject` tasks (a number, or one per 0-based project index) due
 * from 10 days before `day` to 19 after, one in ten done, each assigned to one or two people.
 */
export function buildSandboxDatabase(
  path: string,
  options: { projects: number; tasksPerProject: number | ((project: number) => number); day: Date },
) {
  const { tasksPerProject } = options;
  const sizeOf = typeof tasksPerProject === 'number' ? () => tasksPerProject : tasksPerProject;
  const db = new SandboxDb(path);
  try {
    seedDatabase(db, 'empty', { now: options.day });
    db.transaction(() => {
      PEOPLE.forEach((name, i) => {
        insertMember(db, i + 2, name, `${name.split(' ')[0]!.toLowerCase()}@example.com`);
        joinWorkspace(db, 1, i + 2, 'member');
      });
      const now = options.day.toISOString();
      for (let p = 0; p < options.projects; p++) {
        const projectId = insertProject(db, {
          workspaceId: 1,
          name: `Project ${p + 1}`,
          description: null,
          color: null,
          creatorId: 1,
          now,
        });
        const statuses = listStatuses(db, projectId);
        const [todo, doing, done] = [statuses[0]!, statuses[1]!, statuses.find((s) => s.is_done)!];
        for (let k = 0; k < sizeOf(p); k++) {
          const isDone = k % 10 === 0;
          const due = new Date(options.day.getTime() + ((k % 30) - 10) * DAY_MS + (9 + (k % 8)) * 3_600_000);
          const taskId = insertTask(db, {
            projectId,
            title: `Task ${k + 1} of project ${p + 1}`,
            description: null,
            statusId: isDone ? done.id : k % 3 === 0 ? doing.id : todo.id,
            dueDate: due.toISOString(),
            priority: 'medium',
            sprintId: null,
            creatorId: 1,
            completedAt: isDone ? now : null,
            now,
          });
          const first = (k % 5) + 1;
          setAssignees(db, taskId, k % 4 === 0 ? [first, (first % 5) + 1] : [first]);
        }
      }
    });
  } finally {
    db.close();
  }
}

/** Local times that are all 14:00 UTC on 4 March 2026, so every digest is due in the same minute. */
export const SAME_MINUTE: ReadonlyArray<{ timeZone: string; time: string }> = [
  { timeZone: 'America/New_York', time: '09:00' },
  { timeZone: 'Europe/London', time: '14:00' },
  { timeZone: 'Asia/Kolkata', time: '19:30' },
  { timeZone: 'Asia/Tokyo', time: '23:00' },
];

export interface SubscriptionPlan {
  count: number;
  teamId: string;
  /** Channel ids in turn: subscription i posts to channels[i % channels.length]. */
  channels: readonly string[];
  projects: number;
  createdBy: string;
}

/** Builds (and checks through the schema) `count` subscriptions over `projects` projects. */
export function planSubscriptions(plan: SubscriptionPlan): DigestSubscription[] {
  const subs: DigestSubscription[] = [];
  for (let i = 0; i < plan.count; i++) {
    const projectIds = [...new Set([1 + (i % plan.projects), 1 + ((i * 7 + 3) % plan.projects)])];
    subs.push(
      DigestSubscriptionSchema.parse({
        id: newSubscriptionId(),
        teamId: plan.teamId,
        channelId: plan.channels[i % plan.channels.length],
        createdBy: plan.createdBy,
        projectIds,
        ...SAME_MINUTE[i % SAME_MINUTE.length],
        sections: { overdue: true, dueToday: true, dueWithinDays: 3 },
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    );
  }
  return subs;
}

export async function writeSubscriptions(store: Store, subs: readonly DigestSubscription[]): Promise<void> {
  for (const sub of subs) await store.set(digestKeys.subscription(sub.teamId, sub.id), sub);
  await store.set(digestKeys.revision, randomUUID());
}

/** Records each subscription's digest as posted on `localDate`, as a day of running leaves them. */
export async function writeFiredOn(
  store: Store,
  subs: readonly DigestSubscription[],
  localDate: string,
): Promise<void> {
  for (const [i, sub] of subs.entries()) {
    const firing: LastFiring = {
      localDate,
      outcome: 'posted',
      scheduledAt: `${localDate}T14:00:00.000Z`,
      late: false,
      at: `${localDate}T14:00:01.000Z`,
      post: {
        channel: sub.channelId,
        ts: `1772546400.${String(i).padStart(6, '0')}`,
        taskIds: [1, 2, 3, 4, 5, 6, 7, 8],
      },
    };
    await store.set(digestKeys.lastFiring(sub.teamId, sub.id), firing);
    await store.set(digestKeys.firedDate(sub.teamId, sub.id), localDate);
  }
}
