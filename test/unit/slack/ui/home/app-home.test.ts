import { describe, expect, it } from 'vitest';
import { renderAppHome } from '../../../../../src/slack/ui/home/app-home.ts';
import { ACTIONS } from '../../../../../src/slack/ui/ids.ts';
import { decodeTaskBlockId } from '../../../../../src/slack/ui/values.ts';
import { expectViewWithinLimits } from '../../support/block-kit.ts';
import { LINKS, manyTasks, STATUSES, task } from '../../support/fixtures.ts';

const NOW = new Date('2026-11-20T15:00:00.000Z');
const CONNECTION = { baseUrl: 'https://work.test/api', connectedAt: new Date('2026-11-01T10:00:00Z') };

function actionIds(view: ReturnType<typeof renderAppHome>): string[] {
  return (
    JSON.stringify(view.blocks)
      .match(/"action_id":"([a-z_]+)"/g)
      ?.map((m) => m.slice(13, -1)) ?? []
  );
}

describe('renderAppHome', () => {
  it('offers admins Connect when not connected, and others an explanation', () => {
    const admin = renderAppHome({ connection: null, isAdmin: true, link: null }, NOW);
    expectViewWithinLimits(admin);
    expect(actionIds(admin)).toEqual([ACTIONS.homeConnect]);
    const member = renderAppHome({ connection: null, isAdmin: false, link: null }, NOW);
    expect(actionIds(member)).toEqual([]);
    expect(JSON.stringify(member.blocks)).toContain('Ask a workspace admin to connect it.');
  });

  it('offers Link, Create task and Refresh when connected but not linked', () => {
    const view = renderAppHome({ connection: CONNECTION, isAdmin: false, link: null }, NOW);
    expectViewWithinLimits(view);
    expect(actionIds(view)).toEqual([ACTIONS.homeLink, ACTIONS.homeCreateTask, ACTIONS.homeRefresh]);
  });

  it('shows the link with Unlink, Reconnect for admins, and open tasks due soon', () => {
    const view = renderAppHome(
      {
        connection: CONNECTION,
        isAdmin: true,
        link: { memberName: 'Ana <Lima>' },
        tasks: [
          task({ id: 1, due_date: '2026-11-19T04:59:59.999Z' }),
          task({ id: 2, due_date: '2026-11-25T04:59:59.999Z' }),
          task({ id: 3, due_date: null }),
          task({ id: 4, status: { id: 3, name: 'Done', color: '#22C55E' } }),
        ],
        statuses: new Map([[7, STATUSES]]),
        slackUserIds: LINKS,
        timeZone: 'America/New_York',
      },
      NOW,
    );
    expectViewWithinLimits(view);
    const text = JSON.stringify(view.blocks);
    expect(text).toContain('You’re linked as *Ana &lt;Lima&gt;*');
    expect(actionIds(view).slice(0, 4)).toEqual([
      ACTIONS.homeConnect,
      ACTIONS.homeUnlink,
      ACTIONS.homeCreateTask,
      ACTIONS.homeRefresh,
    ]);
    const rows = view.blocks.flatMap((b) => {
      const ref = b.type === 'section' ? decodeTaskBlockId(b.block_id ?? '') : null;
      return ref ? [ref.taskId] : [];
    });
    expect(rows).toEqual([1, 2]);
    expect(text).toContain('1 more with no due date');
  });

  it('says why tasks are missing when they could not be loaded', () => {
    const view = renderAppHome(
      {
        connection: CONNECTION,
        isAdmin: false,
        link: { memberName: 'Ana' },
        tasksProblem: 'The service is not answering.',
      },
      NOW,
    );
    expectViewWithinLimits(view);
    expect(JSON.stringify(view.blocks)).toContain('The service is not answering.');
  });

  it('stays within 100 blocks with 300 tasks, counting the tasks left out', () => {
    const tasks = manyTasks(300, NOW).map((t) => ({
      ...t,
      due_date: t.due_date ?? '2026-12-01T04:59:59.999Z',
    }));
    const view = renderAppHome(
      { connection: CONNECTION, isAdmin: true, link: { memberName: 'Ana' }, tasks, timeZone: 'UTC' },
      NOW,
    );
    expectViewWithinLimits(view);
    expect(view.blocks).toHaveLength(100);
    const shown = view.blocks.filter(
      (b) => b.type === 'section' && decodeTaskBlockId(b.block_id ?? ''),
    ).length;
    expect(JSON.stringify(view.blocks.at(-1))).toContain(`…and ${300 - shown} more.`);
  });
});
