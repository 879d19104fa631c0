import { describe, expect, it } from 'vitest';
import { planFirings } from '../../../src/digest/plan.ts';
import { dueFirings } from '../../../src/digest/schedule.ts';
import { makeSubscription } from './fixtures.ts';

describe('planFirings', () => {
  it('lists each project once for 1,000 digests over 100 projects', () => {
    const subs = Array.from({ length: 1000 }, (_, i) =>
      makeSubscription({
        id: `s${i}`,
        channelId: `C${1000 + (i % 250)}`,
        projectIds: [1 + (i % 100), 1 + ((i * 7) % 100), 1 + ((i * 31) % 100)],
      }),
    );
    const now = new Date('2026-03-03T14:00:00Z');
    const firings = subs.flatMap((sub) => dueFirings(sub, { now }));
    expect(firings).toHaveLength(1000);
    const plan = planFirings(firings, subs);
    expect(plan.projectIds).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(plan.bySubscription.size).toBe(1000);
    expect(plan.dropped).toEqual([]);
    for (const { firing, subscription } of plan.bySubscription.values()) {
      expect(firing.subscriptionId).toBe(subscription.id);
      for (const p of subscription.projectIds) expect(plan.dueBefore.has(p)).toBe(true);
    }
  });

  it('fetches each project up to the furthest section any digest shows', () => {
    const week = makeSubscription({
      id: 'week',
      projectIds: [1, 2],
      sections: { overdue: true, dueToday: true, dueWithinDays: 7 },
    });
    const today = makeSubscription({ id: 'today', projectIds: [2, 3], timeZone: 'Pacific/Kiritimati' });
    const firings = [
      {
        subscriptionId: 'week',
        localDate: '2026-03-03',
        scheduledAt: new Date('2026-03-03T14:00:00Z'),
        late: false,
      },
      {
        subscriptionId: 'today',
        localDate: '2026-03-04',
        scheduledAt: new Date('2026-03-03T19:00:00Z'),
        late: false,
      },
    ];
    const plan = planFirings(firings, [week, today]);
    expect(plan.projectIds).toEqual([1, 2, 3]);
    expect(plan.dueBefore.get(1)?.toISOString()).toBe('2026-03-11T04:00:00.000Z'); // 11 March, 00:00 EDT
    expect(plan.dueBefore.get(2)?.toISOString()).toBe('2026-03-11T04:00:00.000Z');
    expect(plan.dueBefore.get(3)?.toISOString()).toBe('2026-03-04T10:00:00.000Z'); // 5 March, 00:00 at +14
  });

  it('drops firings whose subscription is gone or paused', () => {
    const paused = makeSubscription({
      id: 'p',
      paused: { reason: 'channel_not_found', at: '2026-03-03T00:00:00.000Z' },
    });
    const live = makeSubscription({ id: 'live', projectIds: [4] });
    const firing = (subscriptionId: string) => ({
      subscriptionId,
      localDate: '2026-03-03',
      scheduledAt: new Date('2026-03-03T14:00:00Z'),
      late: false,
    });
    const plan = planFirings([firing('p'), firing('gone'), firing('live')], [paused, live]);
    expect(plan.projectIds).toEqual([4]);
    expect([...plan.bySubscription.keys()]).toEqual(['live']);
    expect(plan.dropped.map((f) => f.subscriptionId)).toEqual(['p', 'gone']);
  });
});
