/** Builders for digest tests: a valid subscription (through the real schema) and tasks. */

import type { DigestTask } from '../../../src/digest/select.ts';
import {
  type DigestSubscription,
  type DigestSubscriptionInput,
  DigestSubscriptionSchema,
} from '../../../src/digest/types.ts';

export function makeSubscription(overrides: Partial<DigestSubscriptionInput> = {}): DigestSubscription {
  return DigestSubscriptionSchema.parse({
    id: 'sub1',
    teamId: 'T0001',
    channelId: 'C0001',
    createdBy: 'U0001',
    projectIds: [1],
    time: '09:00',
    timeZone: 'America/New_York',
    sections: { overdue: true, dueToday: true, dueWithinDays: 0 },
    createdAt: '2020-01-01T00:00:00.000Z',
    ...overrides,
  });
}

export const OPEN = { id: 1, name: 'To do' };
export const DONE = { id: 3, name: 'Done' };

export function makeTask(id: number, due: string | null, overrides: Partial<DigestTask> = {}): DigestTask {
  return {
    id,
    title: `Task ${id}`,
    status: OPEN,
    assignees: [],
    due_date: due,
    project_id: 1,
    ...overrides,
  };
}
