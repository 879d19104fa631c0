/**
 * Projects and workspaces from Slack, end to end: lists, the create and edit forms, archiving
 * after a confirm, and the refusals for people who are not admins.
 */
import { describe, expect, it } from 'vitest';
import { type Harness, USERS } from '../support/harness.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';
import { harnessForEachTest, slackSteps } from '../support/team-e2e.ts';

/** spec-minimal shows a project's id and name only, and no member roles. */
const SHOWN = testSandboxProfile() === 'full';
const ROLES_NOT_SHOWN = /does not show members’ roles/;

let h: Harness;
const { answer, told, filledView, ephemeral, clickAfresh } = slackSteps(() => h);

async function project(id: number) {
  return h.api.projects.get(id);
}

describe('projects from Slack', () => {
  harnessForEachTest({ link: ['ana', 'ben', 'chloe', 'dev'] }, (started) => {
    h = started;
  });

  it('lists active projects, each with a menu, and a New project button', async () => {
    await h.signer.command('/task projects');
    const list = await answer('Projects');
    const text = JSON.stringify(list.blocks);
    for (const name of ['Website', 'Mobile App', 'Operations']) expect(text).toContain(name);
    expect(text).toContain('team_project_menu');
    expect(text).toContain('team_project_new');
  });

  it('creates a project from the New project button', async () => {
    await h.signer.command('/task projects');
    await answer('Projects');
    const list = ephemeral(USERS.ana, 'team_project_new');
    await h.signer.blockAction({ actionId: 'team_project_new', value: 'new', message: list });
    const form = await filledView('team_project_form');
    const res = await h.signer.viewSubmission({
      view: form,
      values: {
        pj_name: { pj_name_input: 'Data Platform' },
        pj_description: { pj_description_input: 'Pipelines & <dashboards>' },
        pj_color: {
          pj_color_select: {
            type: 'static_select',
            selected_option: { text: { type: 'plain_text', text: 'Teal' }, value: '#14B8A6' },
          },
        },
      },
    });
    expect(res.status).toBe(200);
    await told('Data Platform');
    const created = (await h.api.projects.list({ q: 'Data Platform' })).data[0];
    expect(created).toMatchObject({
      name: 'Data Platform',
      description: 'Pipelines & <dashboards>',
      color: '#14B8A6',
    });
  });

  it('refuses an empty name in the form, creating nothing', async () => {
    await h.signer.command('/task projects new');
    const form = await filledView('team_project_form');
    const res = await h.signer.viewSubmission({ view: form, values: { pj_name: { pj_name_input: '   ' } } });
    expect(res.body).toMatchObject({ response_action: 'errors', errors: { pj_name: expect.any(String) } });
  });

  it('tells someone with no workspace to write to why the form cannot open, and what to do', async () => {
    await h.signer.command('/task projects new', { user: USERS.zoe });
    const view = await filledView('team_project_form', "can't create projects");
    expect(JSON.stringify(view)).toContain('/task link');
  });

  it('edits a project by form, prefilled with what it has', async () => {
    await h.signer.command('/task projects edit #Operations');
    if (!SHOWN) {
      // Nothing to prefill but the name: a rename leaves the description the service holds.
      const bare = await filledView('team_project_form', 'stay as the service holds them');
      await h.signer.viewSubmission({ view: bare, values: { pj_name: { pj_name_input: 'Ops' } } });
      await told('updated');
      expect(await project(3)).toMatchObject({ name: 'Ops', description: 'Keeping the lights on.' });
      h.emulator.clearCalls();
      await h.signer.command('/task projects edit #Ops');
    }
    const form = await filledView('team_project_form', SHOWN ? 'Keeping the lights on.' : 'pj_name');
    await h.signer.viewSubmission({
      view: form,
      values: {
        pj_name: { pj_name_input: 'Ops' },
        pj_description: { pj_description_input: 'Runbooks and on-call.' },
      },
    });
    await told('updated');
    expect(await project(3)).toMatchObject({ name: 'Ops', description: 'Runbooks and on-call.' });
  });

  it('archives a project only after the confirm, from the command or the row menu', async () => {
    await h.signer.command('/task projects archive #Operations');
    await answer('Archive it');
    expect((await project(3)).status).toBe('active');
    const confirm = ephemeral(USERS.ana, 'Archive it');
    await clickAfresh({ actionId: 'team_project_confirm_archive', value: 'p:3', message: confirm });
    const done = await answer('archived');
    expect(done.replace_original).toBe(true);
    expect((await project(3)).status).toBe('archived');

    await h.signer.command('/task projects');
    const list = await answer('Projects');
    if (SHOWN) expect(JSON.stringify(list.blocks)).not.toContain('Operations');
    // The service does not show that it is archived: the list says archived ones may be among them.
    else expect(JSON.stringify(list.blocks)).toContain('does not show which projects are archived');

    // The row menu asks the same question for another project.
    const row = ephemeral(USERS.ana, 'team_project_menu');
    await clickAfresh({
      actionId: 'team_project_menu',
      type: 'overflow',
      selectedOption: { text: { type: 'plain_text', text: 'Archive…' }, value: 'archive:p:2' },
      message: row,
    });
    const asked = await answer('Archive it');
    expect(JSON.stringify(asked.blocks)).toContain('Mobile App');
    expect((await project(2)).status).toBe('active');
  });

  it('refuses to archive or edit a project for someone who is not its admin', async () => {
    await h.signer.command('/task projects archive #Website', { user: USERS.chloe });
    const reply = await answer("can't archive");
    expect(String(reply.text)).toMatch(SHOWN ? /Only admins of Website/ : ROLES_NOT_SHOWN);
    expect(JSON.stringify(reply.blocks)).not.toContain('team_project_confirm_archive');

    await h.signer.command('/task projects edit #Website', { user: USERS.chloe });
    const problem = await filledView('team_project_form', "can't edit");
    expect(JSON.stringify(problem)).not.toContain('pj_name');

    // A forged confirm click is refused too.
    await h.signer.blockAction({
      actionId: 'team_project_confirm_archive',
      value: 'p:1',
      user: USERS.chloe,
      channel: 'C0GENERAL',
    });
    await answer("can't archive");
    expect((await project(1)).status).toBe('active');
  });
});

describe('workspaces from Slack', () => {
  harnessForEachTest({ link: ['ana', 'chloe'] }, (started) => {
    h = started;
  });

  it('lists workspaces and one workspace’s members with their roles', async () => {
    await h.signer.command('/task workspaces');
    const list = await answer('Workspaces');
    expect(JSON.stringify(list.blocks)).toContain('Acme');
    await h.signer.command('/task workspaces members 1');
    const members = await answer('Members');
    const text = JSON.stringify(members.blocks);
    expect(text).toContain('Eve Novak');
    if (!SHOWN) {
      expect(text).toMatch(ROLES_NOT_SHOWN);
      return;
    }
    expect(text).toContain('_owner_');
    expect(text).toContain('_guest_');
  });

  it('renames a workspace for its admins, and refuses others', async () => {
    await h.signer.command('/task workspaces rename 1', { user: USERS.chloe });
    await filledView('team_workspace_form', "can't rename");

    await h.signer.command('/task workspaces rename Acme');
    const form = await filledView('team_workspace_form', 'ws_name');
    await h.signer.viewSubmission({ view: form, values: { ws_name: { ws_name_input: 'Acme Corp' } } });
    await told('renamed');
    expect((await h.api.workspaces.list()).data[0]?.name).toBe('Acme Corp');
  });

  it('creates a workspace for an admin, and refuses it to a member', async () => {
    await h.signer.command('/task workspaces new', { user: USERS.chloe });
    await filledView('team_workspace_form', "can't create workspaces");

    await h.signer.command('/task workspaces new');
    const form = await filledView('team_workspace_form', 'ws_name');
    await h.signer.viewSubmission({ view: form, values: { ws_name: { ws_name_input: 'Skunkworks' } } });
    await told('Skunkworks');
    expect((await h.api.workspaces.list()).data.map((w) => w.name)).toContain('Skunkworks');
  });

  it('asks which workspace when the name matches none', async () => {
    await h.signer.command('/task workspaces members Nowhere');
    const reply = await answer('Which workspace');
    expect(String(reply.text)).toContain('Acme');
  });
});
