import { describe, expect, it } from 'vitest';
import {
  fromDeletePayload,
  renderDeleteTaskView,
  toDeletePayload,
} from '../../../../src/slack/features/tasks/delete-task.ts';
import { renderAppHome } from '../../../../src/slack/ui/home/app-home.ts';
import { ACTIONS } from '../../../../src/slack/ui/ids.ts';
import { decodeTaskActionBlockId } from '../../../../src/slack/ui/values.ts';
import { expectViewWithinLimits } from '../support/block-kit.ts';
import { LINKS, manyTasks, STATUSES, task } from '../support/fixtures.ts';

const NOW = new Date('2026-11-20T15:00:00.000Z');
const CONNECTION = { baseUrl: 'https://work.test/api', connectedAt: new Date('2026-11-01T10:00:00Z') };
const base = {
  connection: CONNECTION,
  isAdmin: false,
  link: { memberName: 'Ana' },
  statuses: new Map([[7, STATUSES]]),
  slackUserIds: LINKS,
  timeZone: 'America/New_York',
};

describe('App Home with task actions', () => {
  it('gives each task a card’s actions under its row, with unique block ids', () => {
    const view = renderAppHome(
      { ...base, tasks: [task({ id: 1 }), task({ id: 2, due_date: '2026-11-25T04:59:59.999Z' })] },
      NOW,
    );
    expectViewWithinLimits(view);
    const bars = view.blocks.filter((b) => b.type === 'actions' && b.block_id?.startsWith('taskbar:'));
    expect(bars.map((b) => decodeTaskActionBlockId(b.block_id ?? '')?.taskId)).toEqual([1, 2]);
    const first = bars[0];
    const elements = (first as { elements?: Array<{ action_id?: string }> } | undefined)?.elements ?? [];
    expect(elements.map((e) => e.action_id)).toEqual([
      ACTIONS.taskStatus,
      ACTIONS.taskAssignMe,
      ACTIONS.taskAssignee,
      ACTIONS.taskDue,
      ACTIONS.taskOverflow,
      ACTIONS.taskRemind,
    ]);
  });

  it('lists the channels whose project I set, escaped, and skips ids that are not channels', () => {
    const view = renderAppHome(
      {
        ...base,
        tasks: [],
        channelDefaults: [
          { channelId: 'C0WEBSITE', projectName: 'Web <site> & co' },
          { channelId: 'not a channel', projectName: 'Nope' },
        ],
      },
      NOW,
    );
    const text = JSON.stringify(view.blocks);
    expect(text).toContain('<#C0WEBSITE> → *Web &lt;site&gt; &amp; co*');
    expect(text).not.toContain('Nope');
  });

  it('puts a notice on top, with Undo only while it lasts', () => {
    const undo = { ref: { taskId: 1, projectId: 7 }, from: 1, to: 3, until: NOW.getTime() + 60_000 };
    const view = renderAppHome({ ...base, tasks: [], notice: { text: 'Marked done.', undo } }, NOW);
    expect(view.blocks[1]).toMatchObject({
      block_id: 'home_notice',
      accessory: { action_id: ACTIONS.taskUndo },
    });
    const later = renderAppHome(
      { ...base, tasks: [], notice: { text: 'Marked done.', undo } },
      new Date(undo.until + 1),
    );
    expect(later.blocks[1]).toMatchObject({ block_id: 'home_notice' });
    expect(later.blocks[1]).not.toHaveProperty('accessory');
  });

  it('stays within 100 blocks with 300 tasks, a notice and channel defaults', () => {
    const tasks = manyTasks(300, NOW).map((t) => ({
      ...t,
      due_date: t.due_date ?? '2026-12-01T04:59:59.999Z',
    }));
    const channelDefaults = Array.from({ length: 200 }, (_, i) => ({
      channelId: `C${i}AAA`,
      projectName: 'P'.repeat(100),
    }));
    const view = renderAppHome({ ...base, tasks, channelDefaults, notice: { text: 'n'.repeat(5000) } }, NOW);
    expectViewWithinLimits(view);
    expect(view.blocks.length).toBeLessThanOrEqual(100);
  });
});

describe('the delete confirmation', () => {
  it('names the task and its project, escaped, within limits', () => {
    const view = renderDeleteTaskView({
      task: task({ title: 'Drop <all> & go' }),
      projectName: 'Website',
      privateMetadata: 'sealed',
    });
    expectViewWithinLimits(view);
    expect(JSON.stringify(view.blocks)).toContain('Delete *Drop &lt;all&gt; &amp; go* from *Website*?');
    expect(view.callback_id).toBe('delete_task');
  });

  it('carries who asked, the task and where its card is, checked on the way back', () => {
    const meta = {
      teamId: 'T1',
      userId: 'U1',
      taskId: 42,
      title: 'Fix',
      location: { kind: 'channel' as const, channelId: 'C0GENERAL', ts: '1795176000.000100' },
      responseUrl: null,
    };
    expect(fromDeletePayload(toDeletePayload(meta))).toEqual(meta);
    expect(
      fromDeletePayload({ ...toDeletePayload(meta), l: { kind: 'channel', channelId: 'x y', ts: '1' } }),
    ).toBeNull();
    expect(fromDeletePayload({ ...toDeletePayload(meta), k: -1 })).toBeNull();
  });
});
