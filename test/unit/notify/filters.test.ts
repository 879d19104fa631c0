/** The subscribe filter syntax (command and form share it) and how a subscription judges an event. */
import { describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../../src/api/schemas/records.ts';
import { PROJECT_EVENT_KINDS, type ProjectEvent } from '../../../src/notify/events/project-event.ts';
import { subscriptionWants } from '../../../src/notify/filters.ts';
import type { Subscription } from '../../../src/notify/store/subscriptions.ts';
import { parseTaskCommand } from '../../../src/slack/commands/parse.ts';
import { kindsOf } from '../../../src/slack/features/notifications/subscription-input.ts';
import { filtersText } from '../../../src/slack/features/notifications/subscription-messages.ts';

function intent(text: string) {
  const parsed = parseTaskCommand(text);
  if (parsed.kind !== 'intent' || parsed.verb !== 'subscribe') throw new Error(JSON.stringify(parsed));
  return parsed;
}

describe('/task subscribe arguments', () => {
  it('reads a project, event words, inclusions, exclusions and broadcast', () => {
    const got = intent(
      'subscribe #Website status done !high -!low status:"In Progress" -status:Done @ben -<@U0DEV|dev> "login" not:"work in progress" broadcast',
    );
    expect(got.form).toBe(false);
    expect(got.project).toEqual({ kind: 'name', name: 'Website' });
    expect(got.events).toEqual(['status', 'done']);
    expect(got.broadcast).toBe(true);
    expect(got.filters).toEqual({
      statuses: ['In Progress'],
      notStatuses: ['Done'],
      priorities: ['high'],
      notPriorities: ['low'],
      assignees: [{ kind: 'name', name: 'ben' }],
      notAssignees: [{ kind: 'slack', userId: 'U0DEV', name: 'dev' }],
      text: ['login'],
      notText: ['work in progress'],
    });
  });

  it('opens the form with nothing after it, and names a word it cannot read', () => {
    expect(intent('subscribe').form).toBe(true);
    const bad = parseTaskCommand('subscribe #Website sometimes');
    expect(bad).toMatchObject({ kind: 'error', code: 'bad_arguments', verb: 'subscribe' });
    expect((bad as { message: string }).message).toContain('`sometimes`');
    expect(parseTaskCommand('subscribe #Website !sometimes')).toMatchObject({ kind: 'error' });
    expect(parseTaskCommand('subscribe #Website #Mobile')).toMatchObject({ kind: 'error' });
  });

  it('unsubscribe takes one project or none; subscriptions takes nothing', () => {
    expect(parseTaskCommand('unsubscribe #Website')).toMatchObject({
      verb: 'unsubscribe',
      project: { name: 'Website' },
    });
    expect(parseTaskCommand('unsubscribe')).toMatchObject({ verb: 'unsubscribe', project: null });
    expect(parseTaskCommand('unsubscribe now')).toMatchObject({ kind: 'error' });
    expect(parseTaskCommand('subscriptions')).toMatchObject({ verb: 'subscriptions' });
  });

  it('maps event words to kinds, none meaning every kind', () => {
    expect(kindsOf([])).toEqual([...PROJECT_EVENT_KINDS]);
    expect(kindsOf(['done', 'status'])).toEqual(['task.status_changed', 'task.done']);
  });
});

const task = (over: Partial<TaskRecord> = {}): TaskRecord =>
  ({
    id: 7,
    title: 'Fix login page',
    status: { id: 2, name: 'In Progress', color: '#00f' },
    assignees: [{ id: 2, name: 'Ben Okafor' }],
    due_date: null,
    priority: 'high',
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
    project_id: 1,
    sprint_id: null,
    description: null,
    creator: null,
    ...over,
  }) as TaskRecord;

const event = (over: Partial<ProjectEvent> = {}): ProjectEvent => ({
  id: 'e1',
  teamId: 'T0001',
  kind: 'task.status_changed',
  projectId: 1,
  task: task(),
  occurredAt: '2026-03-01T10:00:00Z',
  source: 'webhook',
  ...over,
});

function sub(text: string): Subscription {
  const got = intent(`subscribe #Website ${text}`);
  const people = (refs: typeof got.filters.assignees) =>
    refs.map((r) =>
      r.kind === 'name' && r.name === 'ben' ? { id: 2, name: 'Ben Okafor' } : { id: 4, name: 'Dev Patel' },
    );
  return {
    channelId: 'C0WEBSITE',
    projectId: 1,
    projectName: 'Website',
    events: kindsOf(got.events),
    filters: {
      ...got.filters,
      assignees: people(got.filters.assignees),
      notAssignees: people(got.filters.notAssignees),
    },
    broadcast: got.broadcast,
    createdBy: 'U0ANA',
    updatedAt: '2026-03-01T10:00:00Z',
  };
}

describe('which events a subscription wants', () => {
  it('keeps to its project and its event kinds', () => {
    expect(subscriptionWants(sub(''), event())).toBe(true);
    expect(subscriptionWants(sub(''), event({ projectId: 2, task: task({ project_id: 2 }) }))).toBe(false);
    expect(subscriptionWants(sub('done'), event())).toBe(false);
    expect(subscriptionWants(sub('status'), event())).toBe(true);
  });

  it('drops a task any exclusion matches, and needs every sort of inclusion to match', () => {
    expect(subscriptionWants(sub('-status:"in progress"'), event())).toBe(false);
    expect(subscriptionWants(sub('-@ben'), event())).toBe(false);
    expect(subscriptionWants(sub('not:LOGIN'), event())).toBe(false);
    expect(subscriptionWants(sub('-"login page"'), event())).toBe(false);
    expect(subscriptionWants(sub('-!high'), event())).toBe(false);
    expect(subscriptionWants(sub('-status:Done -!low not:wip'), event())).toBe(true);
    expect(subscriptionWants(sub('!high @ben "login"'), event())).toBe(true);
    expect(subscriptionWants(sub('!high !urgent'), event({ task: task({ priority: 'urgent' }) }))).toBe(true);
    expect(subscriptionWants(sub('!high "checkout"'), event())).toBe(false);
    expect(subscriptionWants(sub('status:Done'), event())).toBe(false);
  });

  it('judges sprint and automation events by project and kind only', () => {
    const sprint = event({ kind: 'sprint.started', task: undefined, sprint: { id: 1, name: 'S1' } });
    expect(subscriptionWants(sub('-@ben'), sprint)).toBe(true);
    expect(subscriptionWants(sub('status'), sprint)).toBe(false);
  });

  it('shows filters back in the syntax they are typed in', () => {
    expect(filtersText(sub('!high -status:Done -@ben not:"wip" status:"In Progress"').filters)).toBe(
      'status:"In Progress" !high -status:Done -@Ben not:"wip"',
    );
  });
});
