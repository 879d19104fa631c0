import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DigestSubscriptionSchema } from '../../../src/digest/types.ts';

const minimal = {
  id: 'dg_1',
  teamId: 'T0001',
  channelId: 'C0001',
  createdBy: 'U0001',
  projectIds: [1, 2],
  time: '09:00',
  timeZone: 'Pacific/Kiritimati',
  sections: { overdue: true, dueToday: true, dueWithinDays: 3 },
  createdAt: '2026-03-03T14:00:00.000Z',
};

function problems(input: unknown): string {
  const parsed = DigestSubscriptionSchema.safeParse(input);
  return parsed.success ? '' : z.prettifyError(parsed.error);
}

describe('DigestSubscriptionSchema', () => {
  it('fills the defaults: weekdays, no filters, silent when empty', () => {
    expect(DigestSubscriptionSchema.parse(minimal)).toEqual({
      ...minimal,
      days: [1, 2, 3, 4, 5],
      filters: {},
      postWhenEmpty: false,
    });
  });

  it('reads back what it stored as JSON unchanged', () => {
    const stored = DigestSubscriptionSchema.parse({
      ...minimal,
      days: [6, 7],
      filters: { statuses: ['In review'], assigneeIds: [4] },
      postWhenEmpty: true,
      paused: { reason: 'not_in_channel', at: '2026-03-04T00:00:00.000Z' },
    });
    expect(DigestSubscriptionSchema.parse(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
  });

  it.each([
    [{ time: '9:00' }, /time of day as HH:mm/],
    [{ time: '24:00' }, /time of day as HH:mm/],
    [{ timeZone: 'Mars/Olympus' }, /unknown IANA time zone "Mars\/Olympus"/],
    [{ timeZone: '+05:00' }, /unknown IANA time zone "\+05:00"/],
    [{ days: [0, 1] }, /days/],
    [{ days: [1, 1] }, /each weekday at most once/],
    [{ days: [] }, /days/],
    [{ sections: { overdue: false, dueToday: false, dueWithinDays: 0 } }, /choose at least one/],
    [{ sections: { overdue: true, dueToday: true, dueWithinDays: 90 } }, /dueWithinDays/],
    [{ id: 'a:b' }, /subscription id/],
    [{ channelId: '#general' }, /channelId/],
    [{ projectIds: [] }, /projectIds/],
    [{ createdAt: 'yesterday' }, /createdAt/],
    [{ colour: 'red' }, /colour/],
  ])('rejects %j and says why', (change, message) => {
    expect(problems({ ...minimal, ...change })).toMatch(message);
  });
});
