import { describe, expect, it } from 'vitest';
import { renderMyTasks, renderProjectTasks } from '../../../../../src/slack/features/tasks/task-list.ts';
import type { ActionsBlock, KnownBlock, SectionBlock } from '../../../../../src/slack/ui/block-types.ts';
import { ACTIONS } from '../../../../../src/slack/ui/ids.ts';
import { decodeListPage, decodeTaskBlockId } from '../../../../../src/slack/ui/values.ts';
import { expectMessageWithinLimits } from '../../support/block-kit.ts';
import { LINKS, manyTasks, STATUSES, task } from '../../support/fixtures.ts';

const NY = 'America/New_York';
const NOW = new Date('2026-11-20T15:00:00.000Z'); // Friday 10:00 in New York

const overdue = task({ id: 1, title: 'Late', due_date: '2026-11-19T04:59:59.999Z' });
const today = task({ id: 2, title: 'Today', due_date: '2026-11-20T22:00:00.000Z' });
const upcoming = task({ id: 3, title: 'Later', due_date: '2026-11-25T04:59:59.999Z' });
const undated = task({ id: 4, title: 'Someday', due_date: null });

function base(tasks = [upcoming, undated, today, overdue]) {
  return {
    tasks,
    page: 1,
    hasNext: false,
    total: tasks.length,
    status: null,
    timeZone: NY,
    slackUserIds: LINKS,
  };
}

function headings(blocks: KnownBlock[]): string[] {
  return blocks
    .filter((b): b is SectionBlock => b.type === 'section' && !b.block_id)
    .map((b) => b.text?.text ?? '');
}

function rowIds(blocks: KnownBlock[]): number[] {
  return blocks.flatMap((b) => {
    const ref = b.type === 'section' ? decodeTaskBlockId(b.block_id ?? '') : null;
    return ref ? [ref.taskId] : [];
  });
}

function rowText(blocks: KnownBlock[], taskId: number): string {
  const row = blocks.find(
    (b): b is SectionBlock => b.type === 'section' && decodeTaskBlockId(b.block_id ?? '')?.taskId === taskId,
  );
  return row?.text?.text ?? '';
}

describe('renderMyTasks', () => {
  it('groups overdue / today / upcoming / no date in the reader’s zone, with counts', () => {
    const message = renderMyTasks(base(), NOW);
    expectMessageWithinLimits(message);
    expect(headings(message.blocks)).toEqual([
      '*:warning: Overdue* (1)',
      '*:date: Today* (1)',
      '*:calendar: Upcoming* (1)',
      '*:zzz: No due date* (1)',
    ]);
    expect(rowIds(message.blocks)).toEqual([1, 2, 3, 4]);
    expect(message.text).toBe('Your tasks: 1 overdue, 1 due today, 1 upcoming, 1 with no date');
  });

  it('puts a done task under Done, never under Overdue, whatever its date', () => {
    const finished = task({
      id: 5,
      title: 'Shipped',
      due_date: '2026-11-19T04:59:59.999Z',
      status: { id: 3, name: 'Done', color: '#22C55E' },
    });
    const message = renderMyTasks(base([overdue, finished]), NOW);
    expect(headings(message.blocks)).toEqual(['*:warning: Overdue* (1)', '*:white_check_mark: Done* (1)']);
    expect(rowIds(message.blocks)).toEqual([1, 5]);
    expect(message.text).toBe('Your tasks: 1 overdue, 0 due today, 0 upcoming, 0 with no date, 1 done');
  });

  it('puts the same task in a different group for a reader in another zone', () => {
    // Due by the end of Friday in New York: for a reader in Tokyo (already Saturday) it is today.
    const message = renderMyTasks(
      { ...base([task({ id: 9, due_date: '2026-11-21T04:59:59.999Z' })]), timeZone: 'Asia/Tokyo' },
      NOW,
    );
    expect(headings(message.blocks)).toEqual(['*:date: Today* (1)']);
    const inLondon = renderMyTasks(
      { ...base([task({ id: 9, due_date: '2026-11-21T04:59:59.999Z' })]), timeZone: 'Europe/London' },
      NOW,
    );
    expect(headings(inLondon.blocks)).toEqual(['*:calendar: Upcoming* (1)']);
  });

  it('groups and dates a bare YYYY-MM-DD due date by the calendar, at UTC+14 and UTC-12', () => {
    // At NOW it is already Saturday 05:00 at UTC+14, and still Friday 03:00 at UTC-12.
    const bare = task({ id: 31, due_date: '2026-11-20' });
    const east = renderMyTasks({ ...base([bare]), timeZone: 'Pacific/Kiritimati' }, NOW);
    expect(headings(east.blocks)).toEqual(['*:warning: Overdue* (1)']);
    expect(rowText(east.blocks, 31)).toContain('|Fri, Nov 20, 2026> :warning: *Overdue*');
    const west = renderMyTasks({ ...base([bare]), timeZone: 'Etc/GMT+12' }, NOW);
    expect(headings(west.blocks)).toEqual(['*:date: Today* (1)']);
    expect(rowText(west.blocks, 31)).toContain('|Fri, Nov 20, 2026>  ·  ');
    expect(rowText(west.blocks, 31)).not.toContain('Overdue');
  });

  it('counts a due date at local midnight as the next day, on the day clocks go back', () => {
    // 1 Nov 2026 has 25 hours in New York: 23:30 EST is 04:30Z on 2 Nov.
    const now = new Date('2026-11-02T04:30:00Z');
    const endOfSunday = task({ id: 32, due_date: '2026-11-02T04:59:59.999Z' });
    const mondayMidnight = task({ id: 33, due_date: '2026-11-02T05:00:00.000Z' });
    const message = renderMyTasks(base([mondayMidnight, endOfSunday]), now);
    expect(headings(message.blocks)).toEqual(['*:date: Today* (1)', '*:calendar: Upcoming* (1)']);
    expect(rowIds(message.blocks)).toEqual([32, 33]);
    expect(rowText(message.blocks, 32)).toContain('|Sun, Nov 1, 2026>');
    expect(rowText(message.blocks, 33)).toContain('|Mon, Nov 2, 2026, 12:00 AM EST>');
  });

  it('sorts each group by due date', () => {
    const a = task({ id: 21, due_date: '2026-11-27T04:59:59.999Z' });
    const b = task({ id: 22, due_date: '2026-11-23T04:59:59.999Z' });
    expect(rowIds(renderMyTasks(base([a, b]), NOW).blocks)).toEqual([22, 21]);
  });

  it('pages with previous/next buttons that carry page and filter', () => {
    const message = renderMyTasks(
      { ...base(), page: 2, hasNext: true, total: 40, status: 'in progress' },
      NOW,
    );
    expectMessageWithinLimits(message);
    const paging = message.blocks.at(-1) as ActionsBlock;
    expect(paging.elements.map((e) => e.action_id)).toEqual([ACTIONS.listPrevious, ACTIONS.listNext]);
    const values = paging.elements.map((e) => (e.type === 'button' ? decodeListPage(e.value ?? '') : null));
    expect(values).toEqual([
      { view: 'mine', page: 1, status: 'in progress', projectId: null },
      { view: 'mine', page: 3, status: 'in progress', projectId: null },
    ]);
    expect(JSON.stringify(message.blocks[1])).toContain('page 2, 4 of 40');
  });

  it('has no paging row on a single page', () => {
    expect(renderMyTasks(base(), NOW).blocks.some((b) => b.block_id === 'task_list_paging')).toBe(false);
  });

  it('offers Remind me for each open row in one menu under the list, a group per task', () => {
    const rendered = renderMyTasks(base(), NOW);
    expectMessageWithinLimits(rendered);
    const remind = rendered.blocks.find((b) => b.block_id === 'task_list_remind') as
      | {
          elements: Array<{
            action_id: string;
            option_groups: Array<{ label: { text: string }; options: Array<{ value: string }> }>;
          }>;
        }
      | undefined;
    const menu = remind!.elements[0]!;
    expect(menu.action_id).toBe('task_remind');
    const open = base().tasks.filter((t) => t.status.name !== 'Done');
    expect(menu.option_groups.map((g) => g.label.text.split(' ')[0])).toEqual(
      expect.arrayContaining(open.map((t) => `#${t.id}`)),
    );
    expect(menu.option_groups[0]!.options.map((o) => o.value.split(':')[0])).toEqual([
      'hour',
      'tomorrow',
      'monday',
    ]);
  });

  it('says so when there is nothing, with and without a filter', () => {
    expect(JSON.stringify(renderMyTasks(base([]), NOW).blocks)).toContain('Nothing assigned to you');
    const filtered = renderMyTasks({ ...base([]), status: 'Blocked <x>' }, NOW);
    expectMessageWithinLimits(filtered);
    expect(JSON.stringify(filtered.blocks)).toContain('status “Blocked &lt;x&gt;”');
  });

  it('stays within 50 blocks with 100 tasks, saying how many are left out and where to see them', () => {
    const tasks = manyTasks(100, NOW);
    const message = renderMyTasks(
      { ...base(tasks), total: 100, moreUrl: 'https://work.test/my-tasks', hasNext: true, page: 1 },
      NOW,
    );
    expectMessageWithinLimits(message);
    expect(message.blocks).toHaveLength(50);
    const shown = rowIds(message.blocks).length;
    const more = JSON.stringify(message.blocks);
    expect(more).toContain(
      `…and ${100 - shown} more on this page. <https://work.test/my-tasks|See them all in the service>`,
    );
    expect(message.blocks.at(-1)?.type).toBe('actions');
  });
});

describe('renderProjectTasks', () => {
  it('groups by status in the project’s order', () => {
    const tasks = [
      task({ id: 1, status: { id: 3, name: 'Done', color: '#22C55E' } }),
      task({ id: 2, status: { id: 1, name: 'To do', color: '#9CA3AF' } }),
      task({ id: 3, status: { id: 2, name: 'In progress', color: '#3B82F6' } }),
    ];
    const message = renderProjectTasks(
      { ...base(tasks), project: { id: 7, name: 'Web & <Site>' }, statuses: new Map([[7, STATUSES]]) },
      NOW,
    );
    expectMessageWithinLimits(message);
    expect(headings(message.blocks).map((h) => h.replace(/:[a-z_]+: /, ''))).toEqual([
      '*To do* (1)',
      '*In progress* (1)',
      '*Done* (1)',
    ]);
    expect(message.blocks[0]).toMatchObject({ type: 'header', text: { text: 'Web & <Site>: tasks' } });
    expect(message.text).toBe('Web &amp; &lt;Site&gt;: 3 tasks');
  });

  it('pages with the project in the button value', () => {
    const message = renderProjectTasks(
      { ...base(), hasNext: true, total: 30, project: { id: 7, name: 'Web' } },
      NOW,
    );
    const paging = message.blocks.at(-1) as ActionsBlock;
    const next = paging.elements[0];
    expect(next?.type === 'button' && decodeListPage(next.value ?? '')).toEqual({
      view: 'project',
      page: 2,
      status: null,
      projectId: 7,
    });
  });

  it('stays within limits with 100 tasks over 100 statuses', () => {
    const tasks = manyTasks(100, NOW).map((t, i) => ({
      ...t,
      status: { id: i + 1, name: `S${i}`, color: '#000000' },
    }));
    const message = renderProjectTasks(
      { ...base(tasks), total: 100, project: { id: 7, name: 'P'.repeat(500) } },
      NOW,
    );
    expectMessageWithinLimits(message);
    expect(JSON.stringify(message.blocks)).toMatch(/…and \d+ more on this page\./);
  });

  it('says so when the project has no tasks', () => {
    const message = renderProjectTasks({ ...base([]), project: { id: 7, name: 'Web' } }, NOW);
    expectMessageWithinLimits(message);
    expect(JSON.stringify(message.blocks)).toContain('No tasks in Web yet.');
  });
});
