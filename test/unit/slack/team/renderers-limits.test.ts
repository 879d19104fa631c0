/**
 * Every team renderer within Block Kit's limits, whatever the data: hundreds of records, names of
 * thousands of characters with Slack's special characters, deep trees. Checked the way the Slack
 * emulator checks what it is sent, plus the "and N more" each list owes its reader.
 */
import { describe, expect, it } from 'vitest';
import { renderAutomationList } from '../../../../src/slack/features/automations/automation-message-blocks.ts';
import { renderGoalList } from '../../../../src/slack/features/goals/goal-messages.ts';
import {
  type MindMapNodeModel,
  renderMindMapList,
  renderMindMapOutline,
  renderMindMapPosted,
} from '../../../../src/slack/features/mind-maps/mind-map-messages.ts';
import {
  renderArchiveConfirm,
  renderProjectList,
} from '../../../../src/slack/features/projects/project-messages.ts';
import { renderSprintCard } from '../../../../src/slack/features/sprints/sprint-card.ts';
import { renderSprintList } from '../../../../src/slack/features/sprints/sprint-list.ts';
import { renderSprintStart } from '../../../../src/slack/features/sprints/sprint-start.ts';
import { renderWorkspaceList } from '../../../../src/slack/features/workspaces/workspace-messages.ts';
import { renderInviteResult, renderMemberList } from '../../../../src/slack/ui/team/member-messages.ts';
import { linesToSections } from '../../../../src/slack/ui/team/sections.ts';
import { allStrings, expectMessageWithinLimits } from '../support/block-kit.ts';

const NOW = new Date('2026-11-21T10:00:00.000Z');
/** A name that tries everything: length, markup, mentions, emoji at the cut. */
const NASTY = `<!channel> *bold* & <@U1> ${'😀'.repeat(20)}${'x'.repeat(3000)}`;

function sprint(id: number, status: string, name = `Sprint ${id}`) {
  return {
    id,
    project_id: 1,
    name,
    goal: NASTY,
    status,
    start_date: '2026-11-21',
    end_date: status === 'planned' && id % 2 ? null : '2026-12-04',
    tasks_count: 40,
  };
}

/** No user text reaches a formatted field unescaped (plain_text is never formatted, so it may hold it). */
function noRawMarkup(message: { text: string; blocks: unknown[] }) {
  const formatted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(formatted);
    if (typeof value !== 'object' || value === null) return value;
    if ((value as { type?: unknown }).type === 'plain_text') return null;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, formatted(v)]));
  };
  for (const s of allStrings(formatted(message))) expect(s).not.toContain('<!channel>');
}

describe('sections of lines', () => {
  it('packs whole lines, stays within the block budget, and counts what it left out exactly', () => {
    const lines = Array.from({ length: 500 }, (_, i) => `• line ${i} ${'y'.repeat(80)}`);
    const blocks = linesToSections(lines, { maxBlocks: 5, more: (n) => `and ${n} more` });
    expect(blocks).toHaveLength(5);
    const sectionText = (b: unknown) => (b as { text?: { text?: string } }).text?.text ?? '';
    const shown = blocks.slice(0, 4).flatMap((b) => sectionText(b).split('\n'));
    const last = JSON.stringify(blocks[4]);
    expect(last).toContain(`and ${500 - shown.length} more`);
    expect(shown[0]).toBe(lines[0]);
    for (const b of blocks) expect(JSON.stringify(b).length).toBeLessThan(3300);
  });

  it('honours a line cap even when everything would fit', () => {
    const blocks = linesToSections(['a', 'b', 'c'], { maxBlocks: 10, maxLines: 2 });
    expect(blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: 'a\nb' } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: '…and 1 more' }] },
    ]);
  });
});

describe('sprints', () => {
  it('a list of many sprints with hostile names', () => {
    const message = renderSprintList(
      {
        project: { id: 1, name: NASTY },
        sprints: Array.from({ length: 80 }, (_, i) => ({
          sprint: sprint(i + 1, ['planned', 'active', 'completed'][i % 3]!, NASTY),
          done: i % 4 === 0 ? null : i,
        })),
        hidden: 7,
      },
      NOW,
    );
    expectMessageWithinLimits(message);
    noRawMarkup(message);
  });

  it('an active sprint’s card with hundreds of tasks at risk', () => {
    const message = renderSprintCard(
      {
        sprint: sprint(1, 'active', NASTY),
        projectName: NASTY,
        timeZone: 'Asia/Tokyo',
        notice: ':rocket: started',
        report: {
          done: 10,
          total: 300,
          atRisk: Array.from({ length: 290 }, (_, i) => ({
            id: i + 1,
            title: NASTY,
            reasons: ['overdue', 'no assignee'],
            url: `https://work.example.com/projects/1/tasks/${i + 1}`,
          })),
        },
      },
      NOW,
    );
    expectMessageWithinLimits(message);
    const text = JSON.stringify(message.blocks);
    expect(text).toContain('…and 280 more at risk');
    expect(text).toContain('13 days left');
    noRawMarkup(message);
  });

  it('the start confirm: Confirm, or dates to pick, or the active sprint to finish first', () => {
    const scope = { tasks: 40, unassigned: 3, undated: 5 };
    const ready = renderSprintStart(
      { sprint: sprint(2, 'planned'), projectName: 'Web', scope, active: null },
      NOW,
    );
    const undated = renderSprintStart(
      { sprint: sprint(1, 'planned'), projectName: 'Web', scope, active: null },
      NOW,
    );
    const blocked = renderSprintStart(
      { sprint: sprint(2, 'planned'), projectName: 'Web', scope, active: sprint(9, 'active', NASTY) },
      NOW,
    );
    for (const m of [ready, undated, blocked]) {
      expectMessageWithinLimits(m);
      noRawMarkup(m);
    }
    expect(JSON.stringify(ready.blocks)).toContain('team_sprint_confirm_start');
    expect(JSON.stringify(ready.blocks)).toContain('3 without an assignee');
    expect(JSON.stringify(undated.blocks)).toContain('team_sprint_set_dates');
    expect(JSON.stringify(undated.blocks)).not.toContain('team_sprint_confirm_start');
    expect(JSON.stringify(blocked.blocks)).toContain('team_sprint_show');
    expect(JSON.stringify(blocked.blocks)).not.toContain('team_sprint_confirm_start');
  });
});

describe('people, projects, workspaces', () => {
  it('a member list of thousands', () => {
    const members = Array.from({ length: 2000 }, (_, i) => ({
      id: i + 1,
      name: NASTY,
      email: `p${i}@example.com`,
      role: ['admin', 'member', 'viewer'][i % 3]!,
    }));
    const message = renderMemberList({
      title: NASTY,
      members,
      slackUserIds: new Map([[1, 'U1']]),
      footer: 'x',
    });
    expectMessageWithinLimits(message);
    expect(JSON.stringify(message.blocks)).toMatch(/…and \d+ more/);
  });

  it('every outcome of an invitation', () => {
    const outcomes = [
      { kind: 'already_member', member: { id: 1, name: 'A', email: 'a@x.io', role: 'admin' } },
      {
        kind: 'invited',
        status: 'pending',
        role: 'viewer',
        email: 'a@x.io',
        expiresAt: 'bad',
        alreadyInvited: false,
      },
      {
        kind: 'invited',
        status: 'accepted',
        role: 'member',
        email: 'a@x.io',
        expiresAt: NOW.toISOString(),
        alreadyInvited: false,
      },
      {
        kind: 'invited',
        status: 'pending',
        role: 'member',
        email: 'a@x.io',
        expiresAt: NOW.toISOString(),
        alreadyInvited: true,
      },
    ] as const;
    for (const outcome of outcomes) {
      expectMessageWithinLimits(renderInviteResult({ projectName: NASTY, slackUserId: null, outcome }, NOW));
    }
  });

  it('a project list of hundreds, archived ones without a menu', () => {
    const projects = Array.from({ length: 150 }, (_, i) => ({
      id: i + 1,
      name: NASTY,
      description: NASTY,
      color: i % 2 ? '#3B82F6' : null,
      status: i % 5 ? 'active' : 'archived',
    }));
    const message = renderProjectList({ projects, includeArchived: true, more: 30 });
    expectMessageWithinLimits(message);
    noRawMarkup(message);
    expectMessageWithinLimits(renderArchiveConfirm({ id: 1, name: NASTY }));
    const archivedRow = renderProjectList({ projects: [projects[0]!], includeArchived: true, more: 0 });
    expect(JSON.stringify(archivedRow.blocks)).not.toContain('team_project_menu');
  });

  it('a workspace list', () => {
    const workspaces = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      name: NASTY,
      settings: { timezone: 'Europe/London', locale: NASTY },
    }));
    const message = renderWorkspaceList({ workspaces });
    expectMessageWithinLimits(message);
    noRawMarkup(message);
  });
});

describe('goals and automations', () => {
  it('many goals with many key results', () => {
    const goals = Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      title: NASTY,
      status: ['on_track', 'at_risk', 'off_track', 'done', 'weird'][i % 5]!,
      progress: i * 3,
      project_id: i % 2 ? 1 : null,
      owner: { name: NASTY },
      due_date: '2027-01-31',
      targets: Array.from({ length: 30 }, (_, j) => ({
        title: NASTY,
        type: ['number', 'percentage', 'currency', 'boolean'][j % 4]!,
        start_value: 0,
        current_value: j,
        target_value: 1e12,
        unit: NASTY.slice(0, 32),
        progress: j,
      })),
    }));
    const message = renderGoalList(
      { title: 'Goals', goals, projectNames: new Map([[1, NASTY]]), more: 100 },
      NOW,
    );
    expectMessageWithinLimits(message);
    const text = JSON.stringify(message.blocks);
    expect(text).toContain('…and 20 more key results');
    expect(text).toMatch(/…and 1\d\d more goals/);
  });

  it('many automation rules, switches only where allowed', () => {
    const automations = Array.from({ length: 60 }, (_, i) => ({
      id: i + 1,
      project_id: (i % 3) + 1,
      name: NASTY,
      is_active: i % 2 === 0,
      trigger: { type: i % 7 ? 'task_created' : 'unknown_trigger', config: {} },
      conditions: Array.from({ length: 9 }, () => ({
        field: NASTY,
        operator: 'in',
        value: [NASTY, 1, null],
      })),
      actions: Array.from({ length: 9 }, () => ({ type: 'notify', config: { channel: NASTY } })),
      runs_count: i,
      last_run_at: i % 2 ? NOW.toISOString() : null,
    }));
    const message = renderAutomationList({
      automations,
      projectNames: new Map([[1, NASTY]]),
      canToggle: new Set([1]),
      scope: 0,
      more: 12,
      notice: 'done',
    });
    expectMessageWithinLimits(message);
    noRawMarkup(message);
    const toggles = JSON.stringify(message.blocks).match(/team_automation_toggle/g) ?? [];
    const shownOnProject1 = message.blocks.filter((b) => JSON.stringify(b).includes('"a:')).length;
    expect(toggles.length).toBe(shownOnProject1);
    expect(toggles.length).toBeGreaterThan(0);
  });
});

describe('mind maps', () => {
  function deep(depth: number): MindMapNodeModel {
    let node: MindMapNodeModel = { text: `level ${depth}`, children: [] };
    for (let d = depth - 1; d >= 0; d -= 1) node = { text: `level ${d} ${NASTY}`, children: [node] };
    return node;
  }

  it('an outline of a thread of 60 replies: 50 ideas, and 11 more', () => {
    const root: MindMapNodeModel = {
      text: 'Parent',
      children: Array.from({ length: 60 }, (_, i) => ({ text: `Reply ${i + 1} ${NASTY}`, children: [] })),
    };
    const message = renderMindMapOutline({
      map: { id: 7, title: NASTY, updated_at: NOW.toISOString(), root },
      projectName: NASTY,
    });
    expectMessageWithinLimits(message);
    noRawMarkup(message);
    const text = JSON.stringify(message.blocks);
    expect(text).toContain('Reply 49');
    expect(text).not.toContain('Reply 50 ');
    expect(text).toContain('…and 11 more ideas.');
    expect(message.text).toContain('61 ideas');
  });

  it('an outline of the deepest tree the service allows, and of a wide one', () => {
    const wide: MindMapNodeModel = {
      text: 'root',
      children: Array.from({ length: 2000 }, (_, i) => ({ text: `n${i}`, children: [], task_id: i + 1 })),
    };
    for (const root of [deep(50), wide]) {
      expectMessageWithinLimits(
        renderMindMapOutline({
          map: { id: 1, title: 'm', updated_at: 'not a date', root },
          projectName: null,
        }),
      );
    }
  });

  it('the list and the note in the thread', () => {
    const maps = Array.from({ length: 120 }, (_, i) => ({
      id: i + 1,
      title: NASTY,
      updated_at: NOW.toISOString(),
      projectName: NASTY,
    }));
    expectMessageWithinLimits(renderMindMapList({ title: NASTY, maps }));
    expectMessageWithinLimits(
      renderMindMapPosted({ map: { id: 3, title: NASTY }, projectName: NASTY, ideas: 61, userId: 'U1' }),
    );
  });
});
