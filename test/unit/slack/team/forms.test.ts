/**
 * The team forms: each renders within a modal's limits however long the names, and each reader
 * turns what Slack sends back into the typed value, or into errors keyed by the block to show them on.
 */
import { describe, expect, it } from 'vitest';
import {
  readAutomationForm,
  renderAutomationForm,
} from '../../../../src/slack/features/automations/automation-form.ts';
import { readGoalForm, renderGoalForm } from '../../../../src/slack/features/goals/goal-form.ts';
import {
  readKeyResultForm,
  readNumber,
  renderKeyResultForm,
} from '../../../../src/slack/features/goals/key-result-form.ts';
import {
  readThreadMindMapForm,
  renderThreadMindMapForm,
} from '../../../../src/slack/features/mind-maps/thread-mind-map-form.ts';
import { readProjectForm, renderProjectForm } from '../../../../src/slack/features/projects/project-form.ts';
import {
  readNewSprintForm,
  readStartDatesForm,
  renderNewSprintForm,
  renderStartDatesForm,
} from '../../../../src/slack/features/sprints/sprint-form-views.ts';
import {
  readWorkspaceForm,
  renderWorkspaceForm,
} from '../../../../src/slack/features/workspaces/workspace-messages.ts';
import { expectViewWithinLimits } from '../support/block-kit.ts';

const LONG = `${'Ω'.repeat(50)} <b> & ${'x'.repeat(4000)}`;
const META = 'm'.repeat(2900);
const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `${LONG}${i}` }));

/** Slack's state values for the given inputs: text as a plain_text_input, others as given. */
function values(fields: Record<string, Record<string, unknown>>) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [block, actions] of Object.entries(fields)) {
    out[block] = {};
    for (const [action, v] of Object.entries(actions)) {
      out[block][action] = typeof v === 'string' ? { type: 'plain_text_input', value: v } : v;
    }
  }
  return out;
}
const picked = (value: string) => ({ type: 'static_select', selected_option: { value } });
const date = (d: string | null) => ({ type: 'datepicker', selected_date: d });

describe('forms render within a modal’s limits', () => {
  it('with long names and more options than a menu holds', () => {
    const views = [
      renderNewSprintForm({ privateMetadata: META, project: null, projects: many(300), initialName: LONG }),
      renderNewSprintForm({ privateMetadata: META, project: { id: 1, name: LONG }, projects: [] }),
      renderStartDatesForm({
        privateMetadata: META,
        sprintName: LONG,
        projectName: LONG,
        startDate: '2026-11-21',
        endDate: 'bad',
      }),
      renderProjectForm({ privateMetadata: META, project: null, workspaces: many(150) }),
      renderProjectForm({
        privateMetadata: META,
        project: { name: LONG, description: LONG, color: '#123456' },
        workspaces: [],
      }),
      renderWorkspaceForm({ privateMetadata: META, name: LONG }),
      renderGoalForm({
        privateMetadata: META,
        goal: null,
        workspaces: many(3),
        projects: many(200),
        projectId: 7,
      }),
      renderGoalForm({
        privateMetadata: META,
        goal: {
          title: LONG,
          description: LONG,
          status: 'at_risk',
          project_id: 2,
          start_date: '2026-01-01',
          due_date: '2026-12-31',
        },
        workspaces: [],
        projects: many(5),
      }),
      renderKeyResultForm({ privateMetadata: META, goalTitle: LONG }),
      renderAutomationForm({ privateMetadata: META, project: null, projects: many(120) }),
      renderThreadMindMapForm({
        privateMetadata: META,
        projects: many(120),
        projectId: 3,
        title: LONG,
        replies: 60,
      }),
    ];
    for (const view of views) expectViewWithinLimits(view);
  });

  it('preselects what is known: a project’s colour, a goal’s status and project', () => {
    const project = renderProjectForm({
      privateMetadata: 'm',
      project: { name: 'Web', description: null, color: '#14b8a6' },
      workspaces: [],
    });
    expect(JSON.stringify(project.blocks)).toMatch(/"initial_option":\{[^}]*"text":"Teal"/);
    const goal = renderGoalForm({
      privateMetadata: 'm',
      goal: {
        title: 'G',
        description: null,
        status: 'done',
        project_id: 2,
        start_date: null,
        due_date: null,
      },
      workspaces: [],
      projects: many(3),
    });
    const text = JSON.stringify(goal.blocks);
    expect(text).toContain(
      '"initial_option":{"text":{"type":"plain_text","text":"Done","emoji":true},"value":"done"}',
    );
    const projectBlock = goal.blocks.find((b) => b.block_id === 'gl_project') as {
      element: { initial_option?: { value?: string } };
    };
    expect(projectBlock.element.initial_option?.value).toBe('2');
  });
});

describe('sprint forms', () => {
  it('reads a new sprint, and asks for the project only when the form had it', () => {
    const read = readNewSprintForm(
      values({
        sp_project: { sp_project_select: picked('3') },
        sp_name: { sp_name_input: '  Sprint 4 ' },
        sp_goal: { sp_goal_input: '' },
        sp_start: { sp_start_picker: date('2026-12-01') },
        sp_end: { sp_end_picker: date('2026-12-14') },
      }),
      true,
    );
    expect(read).toEqual({
      ok: true,
      value: { projectId: 3, name: 'Sprint 4', goal: null, startDate: '2026-12-01', endDate: '2026-12-14' },
    });
    expect(readNewSprintForm(values({ sp_name: { sp_name_input: 'S' } }), true)).toMatchObject({
      ok: false,
      errors: { sp_project: expect.any(String) },
    });
    expect(readNewSprintForm(values({ sp_name: { sp_name_input: 'S' } }), false)).toMatchObject({ ok: true });
  });

  it('refuses a missing name and an end before the start', () => {
    const read = readNewSprintForm(
      values({
        sp_name: { sp_name_input: '   ' },
        sp_start: { sp_start_picker: date('2026-12-10') },
        sp_end: { sp_end_picker: date('2026-12-01') },
      }),
      false,
    );
    expect(read).toMatchObject({
      ok: false,
      errors: { sp_name: expect.any(String), sp_end: expect.any(String) },
    });
  });

  it('needs an end date to start, and reads whatever Slack sends without crashing', () => {
    expect(readStartDatesForm(values({}))).toMatchObject({
      ok: false,
      errors: { sp_end: expect.any(String) },
    });
    expect(readStartDatesForm({ sp_end: 'nonsense' })).toMatchObject({ ok: false });
    expect(readStartDatesForm(null)).toMatchObject({ ok: false });
    expect(readStartDatesForm(values({ sp_end: { sp_end_picker: date('2026-12-14') } }))).toEqual({
      ok: true,
      value: { startDate: null, endDate: '2026-12-14' },
    });
  });
});

describe('project and workspace forms', () => {
  it('reads a project, with no colour as null', () => {
    expect(
      readProjectForm(
        values({
          pj_name: { pj_name_input: 'Data' },
          pj_description: { pj_description_input: ' Pipelines ' },
          pj_color: { pj_color_select: picked('none') },
        }),
        false,
      ),
    ).toEqual({
      ok: true,
      value: { workspaceId: null, name: 'Data', description: 'Pipelines', color: null },
    });
  });

  it('refuses a forged colour, a missing workspace and a missing name', () => {
    const read = readProjectForm(
      values({ pj_color: { pj_color_select: picked('javascript:alert(1)') } }),
      true,
    );
    expect(read).toMatchObject({
      ok: false,
      errors: { pj_name: expect.any(String), pj_workspace: expect.any(String), pj_color: expect.any(String) },
    });
  });

  it('reads a workspace name', () => {
    expect(readWorkspaceForm(values({ ws_name: { ws_name_input: ' Acme ' } }))).toEqual({
      ok: true,
      value: { name: 'Acme' },
    });
    expect(readWorkspaceForm(values({ ws_name: { ws_name_input: 'x'.repeat(256) } }))).toMatchObject({
      ok: false,
    });
  });
});

describe('goal and key result forms', () => {
  it('reads a goal, with "No project" as null', () => {
    expect(
      readGoalForm(
        values({
          gl_title: { gl_title_input: 'Grow' },
          gl_status: { gl_status_select: picked('at_risk') },
          gl_project: { gl_project_select: picked('none') },
          gl_due: { gl_due_picker: date('2027-01-31') },
        }),
        false,
      ),
    ).toEqual({
      ok: true,
      value: {
        workspaceId: null,
        title: 'Grow',
        description: null,
        status: 'at_risk',
        projectId: null,
        startDate: null,
        dueDate: '2027-01-31',
      },
    });
    expect(
      readGoalForm(
        values({ gl_title: { gl_title_input: 'G' }, gl_status: { gl_status_select: picked('great') } }),
        false,
      ),
    ).toMatchObject({
      ok: false,
      errors: { gl_status: expect.any(String) },
    });
  });

  it('reads numbers the way people type them', () => {
    expect(readNumber('1,400')).toBe(1400);
    expect(readNumber(' 2.5% ')).toBe(2.5);
    expect(readNumber('-3')).toBe(-3);
    expect(readNumber('.5')).toBe(0.5);
    for (const bad of ['', 'five', '1.2.3', '1e999', '0x10', 'NaN', 'Infinity'])
      expect(readNumber(bad), bad).toBeNull();
  });

  it('reads a key result: defaults for start and current, a yes/no result as 0 and 1', () => {
    expect(
      readKeyResultForm(
        values({
          kr_title: { kr_title_input: 'Sign-ups' },
          kr_type: { kr_type_select: picked('number') },
          kr_target: { kr_target_input: '2,000' },
          kr_unit: { kr_unit_input: 'sign-ups' },
        }),
      ),
    ).toEqual({
      ok: true,
      value: {
        title: 'Sign-ups',
        type: 'number',
        start_value: 0,
        target_value: 2000,
        current_value: 0,
        unit: 'sign-ups',
      },
    });
    expect(
      readKeyResultForm(
        values({
          kr_title: { kr_title_input: 'Launch' },
          kr_type: { kr_type_select: picked('boolean') },
          kr_current: { kr_current_input: 'Done' },
        }),
      ),
    ).toMatchObject({ ok: true, value: { start_value: 0, target_value: 1, current_value: 1 } });
  });

  it('refuses a key result without a target, with a target equal to its start, or with words for numbers', () => {
    const title = { kr_title: { kr_title_input: 'K' } };
    expect(readKeyResultForm(values(title))).toMatchObject({
      ok: false,
      errors: { kr_target: expect.any(String) },
    });
    expect(
      readKeyResultForm(
        values({ ...title, kr_start: { kr_start_input: '5' }, kr_target: { kr_target_input: '5' } }),
      ),
    ).toMatchObject({ ok: false, errors: { kr_target: expect.stringMatching(/differ/) } });
    expect(
      readKeyResultForm(
        values({ ...title, kr_target: { kr_target_input: '10' }, kr_current: { kr_current_input: 'lots' } }),
      ),
    ).toMatchObject({ ok: false, errors: { kr_current: expect.stringContaining('lots') } });
    expect(
      readKeyResultForm(
        values({
          ...title,
          kr_type: { kr_type_select: picked('boolean') },
          kr_current: { kr_current_input: 'maybe' },
        }),
      ),
    ).toMatchObject({ ok: false, errors: { kr_current: expect.any(String) } });
  });
});

describe('automation and mind map forms', () => {
  it('turns the setting into the action’s config', () => {
    const base = {
      au_name: { au_name_input: 'Rule' },
      au_trigger: { au_trigger_select: picked('task_created') },
    };
    expect(
      readAutomationForm(
        values({
          ...base,
          au_action: { au_action_select: picked('notify') },
          au_setting: { au_setting_input: '#web' },
        }),
        false,
      ),
    ).toEqual({
      ok: true,
      value: {
        projectId: null,
        name: 'Rule',
        trigger: 'task_created',
        action: { type: 'notify', config: { channel: '#web' } },
      },
    });
    expect(
      readAutomationForm(values({ ...base, au_action: { au_action_select: picked('notify') } }), false),
    ).toMatchObject({
      ok: true,
      value: { action: { type: 'notify', config: {} } },
    });
    expect(
      readAutomationForm(
        values({
          ...base,
          au_action: { au_action_select: picked('set_priority') },
          au_setting: { au_setting_input: 'HIGH' },
        }),
        false,
      ),
    ).toMatchObject({ ok: true, value: { action: { config: { priority: 'high' } } } });
  });

  it('refuses a missing setting where the action needs one, and unknown choices', () => {
    expect(
      readAutomationForm(
        values({
          au_name: { au_name_input: 'Rule' },
          au_trigger: { au_trigger_select: picked('task_created') },
          au_action: { au_action_select: picked('assign') },
        }),
        true,
      ),
    ).toMatchObject({
      ok: false,
      errors: { au_setting: expect.any(String), au_project: expect.any(String) },
    });
    expect(
      readAutomationForm(
        values({
          au_name: { au_name_input: 'Rule' },
          au_trigger: { au_trigger_select: picked('moon_phase') },
          au_action: { au_action_select: picked('explode') },
        }),
        false,
      ),
    ).toMatchObject({ ok: false, errors: { au_trigger: expect.any(String), au_action: expect.any(String) } });
  });

  it('reads the thread form', () => {
    expect(
      readThreadMindMapForm(
        values({ mm_project: { mm_project_select: picked('2') }, mm_title: { mm_title_input: ' Ideas ' } }),
      ),
    ).toEqual({ ok: true, value: { projectId: 2, title: 'Ideas' } });
    expect(readThreadMindMapForm(values({ mm_project: { mm_project_select: picked('0') } }))).toMatchObject({
      ok: false,
      errors: { mm_project: expect.any(String), mm_title: expect.any(String) },
    });
  });
});
