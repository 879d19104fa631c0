/** The team verbs of `/task` (issue 6): what each reads out of its words, and what it refuses. */
import { describe, expect, it } from 'vitest';
import { parseTaskCommand } from '../../../../src/slack/commands/parse.ts';
import { VERB_NAMES } from '../../../../src/slack/commands/verbs.ts';
import { renderHelp } from '../../../../src/slack/ui/messages/help.ts';

function intent(text: string) {
  const result = parseTaskCommand(text);
  if (result.kind === 'error') throw new Error(`expected an intent, got: ${result.message}`);
  return result;
}

function error(text: string) {
  const result = parseTaskCommand(text);
  if (result.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(result)}`);
  return result;
}

describe('/task sprint', () => {
  it('lists, with or without a project', () => {
    expect(intent('sprint')).toEqual({
      kind: 'intent',
      verb: 'sprint',
      action: 'list',
      project: null,
      sprint: null,
      name: null,
    });
    expect(intent('sprints <#C1|website>')).toMatchObject({
      action: 'list',
      project: { kind: 'channel', channelId: 'C1', name: 'website' },
    });
  });

  it('starts or shows a sprint by number or by name, anywhere around the project', () => {
    expect(intent('sprint start 12')).toMatchObject({ action: 'start', sprint: { kind: 'id', id: 12 } });
    expect(intent('sprint start #12')).toMatchObject({ sprint: { kind: 'id', id: 12 }, project: null });
    expect(intent('sprint start "Sprint 2" #Website')).toMatchObject({
      action: 'start',
      sprint: { kind: 'name', name: 'Sprint 2' },
      project: { kind: 'name', name: 'Website' },
    });
    expect(intent('sprint #"Mobile App" start Sprint 2')).toMatchObject({
      sprint: { kind: 'name', name: 'Sprint 2' },
      project: { kind: 'name', name: 'Mobile App' },
    });
    expect(intent('sprint report')).toMatchObject({ action: 'show', sprint: null });
  });

  it('keeps a name typed after new, to prefill the form', () => {
    expect(intent('sprint new Sprint 3 #Website')).toMatchObject({ action: 'new', name: 'Sprint 3' });
    expect(intent('sprint new')).toMatchObject({ action: 'new', name: null });
  });

  it('refuses an unknown sub-command and a second project', () => {
    expect(error('sprint launch').message).toMatch(/“launch” isn't a sprint command/);
    expect(error('sprint #A #B').message).toMatch(/one project/);
    expect(error('sprint start <@U1|ana>').verb).toBe('sprint');
  });
});

describe('/task invite', () => {
  it('invites a Slack person, with a role and a project in any order', () => {
    expect(intent('invite <@U1|ana> viewer #Website')).toEqual({
      kind: 'intent',
      verb: 'invite',
      invitee: { kind: 'slack', userId: 'U1', name: 'ana' },
      role: 'viewer',
      project: { kind: 'name', name: 'Website' },
    });
    expect(intent('invite #Website Admin <@U1>')).toMatchObject({ role: 'admin' });
  });

  it('invites a typed email, plain or as Slack escapes it', () => {
    expect(intent('invite Zoe@Example.com')).toMatchObject({
      invitee: { kind: 'email', email: 'zoe@example.com' },
    });
    expect(intent('invite <mailto:zoe@example.com|zoe@example.com> members')).toMatchObject({
      invitee: { kind: 'email', email: 'zoe@example.com' },
      role: 'member',
    });
  });

  it('refuses nobody, two people and an unknown role; a typed name is looked up when it runs', () => {
    expect(error('invite #Website').message).toMatch(/Say who to invite/);
    expect(error('invite <@U1> <@U2>').message).toMatch(/one person/);
    expect(error('invite @ana @ben').message).toMatch(/one person/);
    expect(intent('invite @ana viewer')).toMatchObject({
      invitee: { kind: 'name', name: 'ana' },
      role: 'viewer',
    });
    expect(error('invite <@U1> boss').message).toMatch(/“boss” isn't a person, an email, a role/);
  });
});

describe('/task members and /task role', () => {
  it('members takes a project only', () => {
    expect(intent('members #Website')).toEqual({
      kind: 'intent',
      verb: 'members',
      project: { kind: 'name', name: 'Website' },
    });
    expect(intent('people')).toMatchObject({ verb: 'members', project: null });
    expect(error('members everyone').verb).toBe('members');
  });

  it('role needs a person and a role', () => {
    expect(intent('role <@U1|ana> admin #Website')).toEqual({
      kind: 'intent',
      verb: 'role',
      person: { kind: 'slack', userId: 'U1', name: 'ana' },
      role: 'admin',
      project: { kind: 'name', name: 'Website' },
    });
    expect(intent('role me viewer')).toMatchObject({ person: { kind: 'me' }, role: 'viewer' });
    expect(intent('role @chloe member')).toMatchObject({ person: { kind: 'name', name: 'chloe' } });
    expect(error('role <@U1>').message).toMatch(/Give the new role/);
    expect(error('role admin').message).toMatch(/Say whose role/);
    expect(error('role <@U1> owner').message).toMatch(/“owner” isn't a person, a role/);
  });
});

describe('/task projects and /task workspaces', () => {
  it('projects lists, creates, edits and archives', () => {
    expect(intent('projects')).toMatchObject({ action: 'list', includeArchived: false, project: null });
    expect(intent('projects all')).toMatchObject({ action: 'list', includeArchived: true });
    expect(intent('projects new')).toMatchObject({ action: 'new' });
    expect(intent('projects edit #Website')).toMatchObject({
      action: 'edit',
      project: { kind: 'name', name: 'Website' },
    });
    expect(intent('projects archive Mobile App')).toMatchObject({
      action: 'archive',
      project: { kind: 'name', name: 'Mobile App' },
    });
    expect(intent('projects archive')).toMatchObject({ action: 'archive', project: null });
    expect(error('projects delete #Website').message).toMatch(/isn't a projects command/);
  });

  it('workspaces lists, creates, renames and lists members, by number or name', () => {
    expect(intent('workspaces')).toEqual({
      kind: 'intent',
      verb: 'workspaces',
      action: 'list',
      workspace: null,
    });
    expect(intent('workspace members 3')).toMatchObject({
      action: 'members',
      workspace: { kind: 'id', id: 3 },
    });
    expect(intent('workspaces rename Acme Corp')).toMatchObject({
      action: 'rename',
      workspace: { kind: 'name', name: 'Acme Corp' },
    });
    expect(intent('workspaces new')).toMatchObject({ action: 'new' });
    expect(error('workspaces new <@U1>').verb).toBe('workspaces');
    expect(error('workspaces destroy').message).toMatch(/isn't a workspaces command/);
  });
});

describe('/task goals and /task goal', () => {
  it('goals filters by project and by a status however it is typed', () => {
    expect(intent('goals')).toEqual({ kind: 'intent', verb: 'goals', project: null, status: null });
    expect(intent('goals #Website at risk')).toMatchObject({
      project: { kind: 'name', name: 'Website' },
      status: 'at_risk',
    });
    expect(intent('okrs off-track')).toMatchObject({ verb: 'goals', status: 'off_track' });
    expect(error('goals someday').message).toMatch(/isn't a goal status/);
  });

  it('goal creates, edits, sets a status, and adds a key result', () => {
    expect(intent('goal new #Website')).toMatchObject({
      action: 'new',
      project: { kind: 'name', name: 'Website' },
    });
    expect(intent('goal 4')).toMatchObject({ action: 'edit', goalId: 4 });
    expect(intent('goal edit #4')).toMatchObject({ action: 'edit', goalId: 4 });
    expect(intent('goal status 4 on track')).toMatchObject({
      action: 'status',
      goalId: 4,
      status: 'on_track',
    });
    expect(intent('goal kr 4')).toMatchObject({ action: 'target', goalId: 4 });
    expect(error('goal status 4 great').message).toMatch(/Give the new status/);
    expect(error('goal status').message).toMatch(/goal's number/);
    expect(error('goal target 4 extra').message).toMatch(/form asks for the rest/);
    expect(error('goal').verb).toBe('goal');
  });
});

describe('/task automations and /task mindmaps', () => {
  it('automations lists or opens the form', () => {
    expect(intent('automations #Website')).toMatchObject({
      action: 'list',
      project: { kind: 'name', name: 'Website' },
    });
    expect(intent('rules new')).toMatchObject({ verb: 'automations', action: 'new', project: null });
    expect(error('automations toggle 3').verb).toBe('automations');
  });

  it('mindmaps lists or shows one by number', () => {
    expect(intent('mindmaps')).toEqual({
      kind: 'intent',
      verb: 'mindmaps',
      action: 'list',
      project: null,
      mindMapId: null,
    });
    expect(intent('maps show #7')).toMatchObject({ action: 'show', mindMapId: 7 });
    expect(error('mindmaps show').message).toMatch(/mindmaps show ID/);
    expect(error('mindmaps show seven').verb).toBe('mindmaps');
  });
});

describe('help with every verb', () => {
  it('lists each team verb in full, without cutting the list short', () => {
    const help = renderHelp({ enabled: [...VERB_NAMES] });
    const text = JSON.stringify(help.blocks);
    for (const verb of [
      'sprint',
      'invite',
      'members',
      'role',
      'projects',
      'workspaces',
      'goals',
      'goal',
      'automations',
      'mindmaps',
    ]) {
      expect(text).toContain(`/task ${verb}`);
    }
    expect(text).not.toMatch(/and \d+ more/);
  });
});
