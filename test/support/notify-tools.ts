/**
 * What the channel-notification tests share: a harness with a fixed clock and the notification
 * timers off (the test closes burst windows itself), waits for the app's next Slack call, project
 * events built from real tasks, and their delivery to the app's sink.
 */
import type { TaskRecord } from '../../src/api/index.ts';
import type { FixedClock } from '../../src/lib/clock.ts';
import type { ProjectEvent, ProjectEventKind } from '../../src/notify/events/project-event.ts';
import type { RecordedCall } from '../../src/slack-emulator/model.ts';
import { fixedClock, type Harness, startHarness, TEAM } from './harness.ts';
import { isInterimNote } from './interim-notes.ts';

/** Ana and Ben linked, the app and the sandbox on one fixed clock, no notification timers. */
export async function startNotifyHarness(start: string): Promise<{ h: Harness; clock: FixedClock }> {
  const clock = fixedClock(start);
  const h = await startHarness({
    link: ['ana', 'ben'],
    clock,
    sandbox: { now: () => clock.now() },
    notifications: { enabled: false },
  });
  return { h, clock };
}

/** Helpers over the test's current harness and clock (read at each call, as each test starts its own). */
export function notifyTools(
  current: () => { h: Harness; clock: FixedClock },
  o: { projectId?: number } = {},
) {
  let seq = 0;
  return {
    /** Resolves with the first call of `method` after now that the predicate accepts (interim notes aside). */
    mark(method: string) {
      const { h } = current();
      const seen = new Set(h.emulator.calls(method));
      return (predicate: (c: RecordedCall) => boolean = () => true) =>
        h.emulator.waitForCall(method, (c) => !seen.has(c) && !isInterimNote(c.args) && predicate(c), 8_000);
    },
    /** A project event of a task, as the service's webhook gives it; `o.projectId` where the task shows none. */
    event(kind: ProjectEventKind, task: TaskRecord, extra: Partial<ProjectEvent> = {}): ProjectEvent {
      seq += 1;
      return {
        id: `evt-${seq}`,
        teamId: TEAM,
        kind,
        projectId: task.project_id ?? o.projectId ?? null,
        task,
        occurredAt: current().clock.now().toISOString(),
        source: 'webhook',
        ...extra,
      };
    },
    deliver: (e: ProjectEvent) => current().h.app.deps.projectEvents.deliver(e),
    /** Moves past the burst window and sends what it gathered. */
    async closeWindow() {
      const { h, clock } = current();
      clock.advance(5_000);
      await h.app.deps.notifications.flushDue();
    },
  };
}
