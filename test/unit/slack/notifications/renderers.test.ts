/** The notification messages and form stay within Block Kit's limits and read as meant. */
import { describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../../../src/api/schemas/records.ts';
import { PROJECT_EVENT_KINDS, type ProjectEvent } from '../../../../src/notify/events/project-event.ts';
import type { Subscription } from '../../../../src/notify/store/subscriptions.ts';
import { renderSubscribeForm } from '../../../../src/slack/features/notifications/subscribe-form.ts';
import { subscriptionListMessage } from '../../../../src/slack/features/notifications/subscription-messages.ts';
import { renderDueTomorrowDm } from '../../../../src/slack/ui/notifications/dm-messages.ts';
import { renderThreadReply } from '../../../../src/slack/ui/notifications/event-lines.ts';
import { expectMessageWithinLimits, expectViewWithinLimits } from '../support/block-kit.ts';

const NOW = new Date('2026-03-04T10:00:00Z');
const task = (id: number, title = `Task ${id}`): TaskRecord =>
  ({
    id,
    title,
    status: { id: 1, name: 'To do', color: '#888' },
    assignees: [{ id: 2, name: 'Ben Okafor' }],
    due_date: '2026-03-05T17:00:00Z',
    priority: 'high',
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
    project_id: 1,
    sprint_id: null,
    description: null,
    creator: null,
  }) as TaskRecord;

const event = (kind: ProjectEvent['kind'], extra: Partial<ProjectEvent> = {}): ProjectEvent => ({
  id: kind,
  teamId: 'T0001',
  kind,
  projectId: 1,
  task: task(7, 'Fix *login* <page>'),
  occurredAt: NOW.toISOString(),
  source: 'poll',
  ...extra,
});

describe('notification renderers', () => {
  it('merges a burst: one status line from the first before to the last after, people mentioned when linked', () => {
    const reply = renderThreadReply(
      { id: 7, title: 'Fix login' },
      [
        event('task.status_changed', {
          changes: { status: { before: { name: 'To do' }, after: { name: 'Doing' } } },
        }),
        event('task.assigned', {
          changes: { assignees: { before: [], after: [{ id: 2, name: 'Ben' }, 9] } },
        }),
        event('task.status_changed', { changes: { status: { before: 'Doing', after: 'Review' } } }),
        event('task.due_changed', { changes: { due_date: { before: null, after: '2026-03-06T17:00:00Z' } } }),
      ],
      new Map([[2, 'U0BEN']]),
    );
    expectMessageWithinLimits(reply);
    const body = JSON.stringify(reply.blocks);
    expect(body.match(/Status/g)).toHaveLength(1);
    expect(body).toContain('*To do* → *Review*');
    expect(body).toContain('<@U0BEN>, Member 9');
    expect(body).toContain('<!date^');
  });

  it('keeps a long list of subscriptions, the form and a long DM within limits', () => {
    const subs: Subscription[] = Array.from({ length: 40 }, (_, i) => ({
      channelId: 'C0WEBSITE',
      projectId: i + 1,
      projectName: `Project ${'x'.repeat(150)} ${i}`,
      events: [...PROJECT_EVENT_KINDS],
      filters: {
        statuses: ['In Progress'],
        notStatuses: ['Done'],
        priorities: [],
        notPriorities: ['low'],
        assignees: [],
        notAssignees: [{ id: 2, name: 'Ben Okafor' }],
        text: [],
        notText: ['wip'],
      },
      broadcast: i % 2 === 0,
      createdBy: 'U0ANA',
      updatedAt: NOW.toISOString(),
    }));
    expectMessageWithinLimits(subscriptionListMessage('C0WEBSITE', subs));
    expectViewWithinLimits(
      renderSubscribeForm({
        channelId: 'C0WEBSITE',
        projects: subs.map((s) => ({ id: s.projectId, name: s.projectName })),
        initial: { projectId: 3, events: ['task.done'], filters: '-status:Done', broadcast: true },
        metadata: 'sealed',
      }),
    );
    const rows = Array.from({ length: 80 }, (_, i) => ({ task: task(i + 1, 'y'.repeat(400)) }));
    expectMessageWithinLimits(renderDueTomorrowDm(rows, NOW));
  });
});
