/** A task's Work Object entity: within Slack's entity shapes whatever the task holds, and redrawn in place. */
import { describe, expect, it } from 'vitest';
import { taskEntity, withTaskEntityRedrawn } from '../../../../../src/slack/ui/messages/task-entity.ts';
import {
  entityProblems,
  messageMetadataProblems,
} from '../../../../../src/slack-platform/entity-metadata.ts';
import { ANA, BOB, LINKS, manyMembers, STATUSES, task } from '../../support/fixtures.ts';

const URL = 'https://work.test/projects/7/tasks/42';

describe('taskEntity', () => {
  it('stays within Slack’s entity shape for tasks of every kind, editable or not', () => {
    const many = manyMembers(30, 3);
    const tasks = [
      task(),
      task({ assignees: [], due_date: null, description: null, title: '   ' }),
      task({ assignees: [ANA] }),
      task({
        assignees: [BOB, ANA],
        priority: 'urgent',
        description: 'x'.repeat(5000),
        title: 'y'.repeat(600),
      }),
      task({ assignees: many.members }),
    ];
    for (const t of tasks) {
      for (const editable of [false, true]) {
        const entity = taskEntity({ task: t, url: URL, statuses: STATUSES, slackUserIds: LINKS, editable });
        expect(entityProblems(entity)).toEqual([]);
        expect(messageMetadataProblems({ entities: [{ ...entity, app_unfurl_url: URL }] }, [URL])).toEqual(
          [],
        );
      }
    }
  });

  it('shows a linked assignee as their Slack user, others by name, and edits only when editable', () => {
    const linked = taskEntity({ task: task({ assignees: [ANA] }), url: URL, slackUserIds: LINKS });
    expect(linked.entity_payload.fields.assignee).toEqual({
      type: 'slack#/types/user',
      user: { user_id: 'U0ANA' },
    });
    const named = taskEntity({ task: task({ assignees: [BOB, ANA] }), url: URL, slackUserIds: LINKS });
    expect(named.entity_payload.fields.assignee).toMatchObject({ user: { text: 'Bob Stone +1' } });
    expect(JSON.stringify(named)).not.toContain('"edit"');
    const editable = taskEntity({ task: task(), url: URL, statuses: STATUSES, editable: true });
    for (const field of ['status', 'priority', 'assignee', 'due_date']) {
      expect(editable.entity_payload.fields[field]).toMatchObject({ edit: { enabled: true } });
    }
  });

  it('shows the due day in the reader’s zone where it can be edited, else an instant for every reader', () => {
    const t = task({ due_date: '2026-11-21T04:59:59.000Z' });
    const pane = taskEntity({ task: t, url: URL, editable: true, timeZone: 'America/New_York' });
    expect(pane.entity_payload.fields.due_date).toMatchObject({
      type: 'slack#/types/date',
      value: '2026-11-20',
    });
    const message = taskEntity({ task: t, url: URL });
    expect(message.entity_payload.fields.due_date).toEqual({
      type: 'slack#/types/timestamp',
      value: Math.floor(Date.parse('2026-11-21T04:59:59.000Z') / 1000),
    });
  });
});

describe('withTaskEntityRedrawn', () => {
  it('redraws only the task’s own entity, keeping its url and unfurl link', () => {
    const before = task({ id: 42 });
    const other = { ...taskEntity({ task: task({ id: 7 }), url: 'https://work.test/7' }) };
    const mine = taskEntity({ task: before, url: URL, appUnfurlUrl: `${URL}?x=1` });
    const after = task({ id: 42, status: { id: STATUSES.at(-1)!.id, name: 'Done', color: '#00aa00' } });
    const next = withTaskEntityRedrawn({ entities: [other, mine] }, { task: after });
    expect(next?.entities[0]).toEqual(other);
    expect(next?.entities[1]).toMatchObject({
      url: URL,
      app_unfurl_url: `${URL}?x=1`,
      entity_payload: { fields: { status: { value: 'Done' } } },
    });
    expect(withTaskEntityRedrawn({ entities: [other] }, { task: after })).toBeUndefined();
    expect(withTaskEntityRedrawn(undefined, { task: after })).toBeUndefined();
  });
});

describe('entity checks', () => {
  it('name each problem of a broken entity with its pointer', () => {
    const problems = entityProblems(
      {
        entity_type: 'slack#/entities/task',
        url: URL,
        external_ref: { id: 42 },
        entity_payload: {
          attributes: { title: { text: 'T' } },
          fields: { status: { value: 3 }, due_date: { value: '2026-01-01' }, colour: { value: 'red' } },
          display_order: ['status', 'nowhere'],
        },
      },
      '/metadata/entities/0',
    );
    expect(problems.map((p) => p.pointer)).toEqual([
      '/metadata/entities/0/external_ref/id',
      '/metadata/entities/0/entity_payload/fields/status/value',
      '/metadata/entities/0/entity_payload/fields/due_date/type',
      '/metadata/entities/0/entity_payload/fields/colour',
      '/metadata/entities/0/entity_payload/display_order',
    ]);
  });
});
