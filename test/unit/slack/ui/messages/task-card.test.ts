import { describe, expect, it } from 'vitest';
import type { ActionsBlock, SectionBlock } from '../../../../../src/slack/ui/block-types.ts';
import { ACTIONS, OVERFLOW } from '../../../../../src/slack/ui/ids.ts';
import {
  cardVersion,
  renderDeletedTask,
  renderTaskCard,
  renderTaskRow,
} from '../../../../../src/slack/ui/messages/task-card.ts';
import { decodeOverflowValue, decodeTaskBlockId, decodeTaskRef } from '../../../../../src/slack/ui/values.ts';
import { allStrings, expectMessageWithinLimits } from '../../support/block-kit.ts';
import { ANA, BOB, LINKS, manyMembers, STATUSES, task } from '../../support/fixtures.ts';

const NY = 'America/New_York';
// Friday 20 Nov 2026 10:00 New York; the fixture task is due by the end of that day.
const NOW = new Date('2026-11-20T15:00:00.000Z');
const URL = 'https://work.test/projects/7/tasks/42';

function card(
  overrides: Parameters<typeof task>[0] = {},
  extra: Partial<Parameters<typeof renderTaskCard>[0]> = {},
) {
  return renderTaskCard(
    {
      task: task(overrides),
      url: URL,
      projectName: 'Website',
      statuses: STATUSES,
      slackUserIds: LINKS,
      timeZone: NY,
      ...extra,
    },
    NOW,
  );
}

function actionsOf(message: ReturnType<typeof renderTaskCard>): ActionsBlock {
  const actions = message.blocks.find((b): b is ActionsBlock => b.type === 'actions');
  if (!actions) throw new Error('no actions block');
  return actions;
}

describe('renderTaskCard', () => {
  it('reads a priority it does not know the same in the card and its fallback', () => {
    for (const priority of ['critical', 'constructor']) {
      // The service may name levels the contract's type does not list.
      const message = card({ priority } as Parameters<typeof task>[0]);
      const [, details] = message.blocks as [SectionBlock, SectionBlock];
      const label = priority.charAt(0).toUpperCase() + priority.slice(1);
      expect(details.fields?.map((f) => f.text)).toContain(`*Priority*\n${label}`);
      expect(message.text).toContain(`${label} priority`);
    }
  });

  it('shows a due time set at :59 seconds with its time', () => {
    const message = card({ due_date: '2026-11-21T22:00:59.000Z' });
    expect(message.text).toContain('PM');
  });

  it('links the title, shows status colour, due date in the reader’s zone, people, priority and project', () => {
    const message = card();
    expectMessageWithinLimits(message);
    const [title, details] = message.blocks as [SectionBlock, SectionBlock];
    expect(title.text?.text).toBe(`*<${URL}|Fix login bug>*`);
    const fields = details.fields?.map((f) => f.text);
    expect(fields).toEqual([
      '*Status*\n:large_blue_square: In progress',
      '*Due*\n<!date^1795237199^{date_short_pretty}|Fri, Nov 20, 2026>',
      '*Assignees*\n<@U0ANA>, Bob Stone',
      '*Priority*\n:large_orange_circle: High',
      '*Project*\nWebsite',
    ]);
    expect(message.text).toBe(
      'Task #42: Fix login bug · In progress · due Fri, Nov 20, 2026 · assigned to Ana Lima, Bob Stone · High priority · in Website',
    );
  });

  it('mentions linked members only', () => {
    const message = card({ assignees: [BOB] });
    expect(JSON.stringify(message.blocks)).not.toContain('<@');
    expect(card({ assignees: [ANA] }).blocks[1]).toMatchObject({
      fields: expect.arrayContaining([{ type: 'mrkdwn', text: '*Assignees*\n<@U0ANA>' }]),
    });
  });

  it('marks an open task past its due date as overdue, and a done one not', () => {
    const overdue = card({ due_date: '2026-11-19T04:59:59.999Z' });
    expect(JSON.stringify(overdue.blocks)).toContain(':warning: *Overdue*');
    expect(overdue.text).toContain('(overdue)');
    const done = card({
      due_date: '2026-11-19T04:59:59.999Z',
      status: { id: 3, name: 'Done', color: '#22C55E' },
    });
    expect(JSON.stringify(done.blocks)).not.toContain('Overdue');
  });

  it('shows a time for a timed due date and none for a date-only one', () => {
    expect(JSON.stringify(card({ due_date: '2026-11-21T22:00:00.000Z' }).blocks)).toContain(
      '{date_short_pretty} at {time}',
    );
    expect(JSON.stringify(card().blocks)).not.toContain('{time}');
    expect(JSON.stringify(card({ due_date: null }).blocks)).toContain('_No due date_');
  });

  it('escapes < & > in every piece of user text', () => {
    const message = card(
      {
        title: 'Fix <!channel> & <@U1> >',
        status: { id: 2, name: 'A<b>', color: '#3B82F6' },
        assignees: [{ id: 99, name: '<script>' }],
      },
      { projectName: 'P&<>' },
    );
    expectMessageWithinLimits(message);
    const text = JSON.stringify(message);
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<@U1>');
    expect(text).not.toContain('<script>');
    expect(text).toContain('Fix &lt;!channel&gt; &amp; &lt;@U1&gt; &gt;');
    expect(message.text).toContain('Fix &lt;!channel&gt; &amp; &lt;@U1&gt; &gt;');
  });

  it('carries the issue-5 actions with the task in values and block_id', () => {
    const actions = actionsOf(card());
    expect(actions.elements.map((e) => e.action_id)).toEqual([
      ACTIONS.taskDone,
      ACTIONS.taskStatus,
      ACTIONS.taskAssignMe,
      ACTIONS.taskAssignee,
      ACTIONS.taskDue,
      ACTIONS.taskOverflow,
      ACTIONS.taskRemind,
    ]);
    expect(decodeTaskBlockId(actions.block_id ?? '')).toEqual({ taskId: 42, projectId: 7 });
    const done = actions.elements[0];
    expect(done?.type === 'button' && decodeTaskRef(done.value ?? '')).toEqual({ taskId: 42, projectId: 7 });
    const status = actions.elements[1];
    expect(status?.type === 'static_select' && status.options?.map((o) => o.value)).toEqual(['1', '2', '3']);
    expect(status?.type === 'static_select' && status.initial_option?.value).toBe('2');
    const due = actions.elements[4];
    expect(due?.type === 'datepicker' && due.initial_date).toBe('2026-11-20');
    const overflow = actions.elements[5];
    if (overflow?.type !== 'overflow') throw new Error('no overflow');
    expect(overflow.options.map((o) => decodeOverflowValue(o.value ?? '')?.choice)).toEqual([
      OVERFLOW.open,
      OVERFLOW.edit,
      OVERFLOW.delete,
    ]);
    expect(overflow.options[0]?.url).toBe(URL);
  });

  it('leaves out Done for a done task, the status menu without statuses, Open without a URL', () => {
    const ids = actionsOf(card({ status: { id: 3, name: 'Done', color: '#22C55E' } })).elements.map(
      (e) => e.action_id,
    );
    expect(ids).not.toContain(ACTIONS.taskDone);
    const bare = actionsOf(card({}, { statuses: undefined, url: null }));
    expect(bare.elements.map((e) => e.action_id)).not.toContain(ACTIONS.taskStatus);
    const overflow = bare.elements.find((e) => e.type === 'overflow');
    expect(overflow?.type === 'overflow' && overflow.options.length).toBe(2);
    expect((card({}, { url: null }).blocks[0] as SectionBlock).text?.text).toBe('*Fix login bug*');
  });

  it('recognises done by name when statuses are not given', () => {
    const ids = actionsOf(
      card({ status: { id: 77, name: 'Closed', color: '#000000' } }, { statuses: undefined }),
    ).elements.map((e) => e.action_id);
    expect(ids).not.toContain(ACTIONS.taskDone);
  });

  it('gets a new block_id when the task changes, so Slack drops stale menu choices', () => {
    const before = actionsOf(card()).block_id;
    const after = actionsOf(card({ updated_at: '2026-11-20T11:00:00.000Z' })).block_id;
    expect(before).not.toBe(after);
  });

  it('stays within limits with huge inputs: 3000-char title, 50 long-named assignees, 150 statuses, long URL', () => {
    const { members, links } = manyMembers(50, 25);
    const statuses = Array.from({ length: 150 }, (_, i) => ({
      id: i + 1,
      name: `Status ${i} ${'s'.repeat(100)}`,
      color: '#123456',
      is_done: false,
      position: i,
    }));
    const message = renderTaskCard(
      {
        task: task({
          title: `${'&<>'.repeat(1000)}`,
          assignees: members,
          status: { id: 140, name: 'S'.repeat(300), color: '#FF0000' },
        }),
        url: `https://work.test/${'p'.repeat(2990)}`,
        projectName: '&'.repeat(500),
        statuses,
        slackUserIds: links,
        timeZone: NY,
      },
      NOW,
    );
    expectMessageWithinLimits(message);
    const status = actionsOf(message).elements.find((e) => e.type === 'static_select');
    // The current status is kept among the 100 options even when it sorts beyond them.
    expect(status?.type === 'static_select' && status.initial_option?.value).toBe('140');
    expect(JSON.stringify(message.blocks)).toMatch(/and \d+ more/);
  });

  it('never emits a raw < or > from user text, whatever the title', () => {
    const message = card({ title: '<<<>>>&&&' });
    for (const s of allStrings(message.blocks)) {
      const withoutMarkup = s.replace(/<(?:https?:\/\/[^|>]+\|[^>]*|@U[A-Z0-9]+|!date\^[^>]+)>/g, '');
      expect(withoutMarkup).not.toMatch(/[<>]/);
    }
  });
});

describe('renderTaskRow', () => {
  it('puts a task on one line with a Done button', () => {
    const row = renderTaskRow(
      { task: task(), url: URL, statuses: STATUSES, slackUserIds: LINKS, timeZone: NY },
      NOW,
    );
    expect(row.text?.text).toBe(
      `:large_blue_square: In progress  \`#42\` *<${URL}|Fix login bug>*  ·  <!date^1795237199^{date_short_pretty}|Fri, Nov 20, 2026>  ·  :large_orange_circle: High  ·  <@U0ANA>, Bob Stone`,
    );
    expect(row.accessory).toMatchObject({ type: 'button', action_id: ACTIONS.taskDone, value: '42.7' });
    expect(decodeTaskBlockId(row.block_id ?? '')).toEqual({ taskId: 42, projectId: 7 });
  });

  it('fits one section with a 3000-character title and 50 assignees', () => {
    const { members, links } = manyMembers(50, 50);
    const row = renderTaskRow(
      {
        task: task({ title: '&'.repeat(3000), assignees: members }),
        url: URL,
        slackUserIds: links,
        timeZone: NY,
      },
      NOW,
    );
    expectMessageWithinLimits({ text: 'row', blocks: [row] });
  });
});

describe('renderDeletedTask', () => {
  it('strikes the title through and says who and when', () => {
    const message = renderDeletedTask(
      { taskId: 42, title: 'Fix <login>', deletedBySlackUserId: 'U0ANA', timeZone: NY },
      NOW,
    );
    expectMessageWithinLimits(message);
    expect(message.blocks[0]).toMatchObject({ text: { text: ':wastebasket: ~Fix &lt;login&gt;~' } });
    expect(JSON.stringify(message.blocks[1])).toContain('Task #42 deleted by <@U0ANA> <!date^1795186800^');
    expect(message.text).toBe('Task #42 was deleted: Fix &lt;login&gt;');
    expect(JSON.stringify(message)).not.toContain('actions');
  });

  it('leaves out who when the id is not a Slack user id', () => {
    const message = renderDeletedTask({ taskId: 1, title: 'x', deletedBySlackUserId: '<!channel>' }, NOW);
    expect(JSON.stringify(message)).not.toContain('<!channel>');
  });
});

describe('cardVersion', () => {
  // Messages already sent carry these tags in their block ids: the same task keeps its tag. The
  // values are FNV-1a over JSON.stringify of what the card shows, worked out from that text.
  it('keeps its tags, for titles JSON must escape too', () => {
    expect(cardVersion(task())).toBe('1muh3mr');
    expect(cardVersion(task({ title: 'Say "hi"\\ now\nplease' }))).toBe('1b9w3gr');
    expect(cardVersion(task({ title: 'broken \ud800 and 😀' }))).toBe('18z3pwz');
    expect(cardVersion(task({ due_date: null, assignees: [] }))).toBe('ueudpd');
    expect(cardVersion(task({ due_date: '2026-12-01' }))).toBe('u4h1f5');
  });

  it('changes with what the card shows', () => {
    const tags = [
      task(),
      task({ title: 'Fix login bug!' }),
      task({ status: { id: 3, name: 'Done', color: '#22C55E' } }),
      task({ due_date: '2026-11-22T04:59:59.999Z' }),
      task({ priority: 'low' }),
      task({ assignees: [ANA] }),
      task({ updated_at: '2026-11-19T10:00:01.000Z' }),
    ].map(cardVersion);
    expect(new Set(tags).size).toBe(tags.length);
  });
});
