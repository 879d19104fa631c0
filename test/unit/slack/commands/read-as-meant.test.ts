/**
 * What issue 12 found read wrongly, each as typed: a date that is not one, a project name with
 * spaces after `#`, a sub-command given a name, the hints that named the wrong thing.
 */
import { describe, expect, it } from 'vitest';
import { parseTaskCommand } from '../../../../src/slack/commands/parse.ts';
import { unreadDate } from '../../../../src/slack/commands/parse-new-task.ts';
import { tokenize } from '../../../../src/slack/commands/tokens.ts';

const PROJECTS = ['Website', 'Mobile App', 'Operations'];

function read(text: string) {
  const result = parseTaskCommand(text, { projectNames: PROJECTS });
  if (result.kind === 'error') throw new Error(`expected an intent, got: ${result.message}`);
  return result;
}

describe('a due date that is not one', () => {
  it('sets a misspelt day aside with the day meant, instead of keeping it in the title', () => {
    expect(read('new Fix thing due fridya #Website')).toMatchObject({
      title: 'Fix thing',
      dueText: null,
      project: { kind: 'name', name: 'Website' },
      notes: [{ kind: 'due_unread', text: 'fridya', suggestion: 'friday' }],
    });
    expect(read('new Call back due tomorow')).toMatchObject({
      title: 'Call back',
      notes: [{ text: 'tomorow', suggestion: 'tomorrow' }],
    });
  });

  it('sets aside a date-shaped word that names no day', () => {
    expect(read('new Fix thing due 2026-13-45 #Website')).toMatchObject({
      title: 'Fix thing',
      dueText: null,
      notes: [{ kind: 'due_unread', text: '2026-13-45', suggestion: null }],
    });
  });

  it('still keeps "due" and an ordinary word in the title', () => {
    expect(read('new Fix due diligence doc')).toMatchObject({ title: 'Fix due diligence doc', notes: [] });
    expect(read('new Update due date field')).toMatchObject({ title: 'Update due date field', notes: [] });
    expect(unreadDate('soon')).toBeNull();
    expect(unreadDate('process')).toBeNull();
  });
});

describe('project names with spaces after #', () => {
  it('reads the longest known name, whatever follows', () => {
    expect(read('new Multi word project #Mobile App')).toMatchObject({
      title: 'Multi word project',
      project: { kind: 'name', name: 'Mobile App' },
    });
    expect(read('new #Mobile App crash on start !high')).toMatchObject({
      title: 'crash on start',
      project: { kind: 'name', name: 'Mobile App' },
      priority: 'high',
    });
  });

  it('does so wherever a project is named', () => {
    expect(read('invite <@U0ZOE|zoe> #Mobile App')).toMatchObject({
      verb: 'invite',
      project: { kind: 'name', name: 'Mobile App' },
    });
    expect(read('list #Mobile App in progress')).toMatchObject({
      project: { kind: 'name', name: 'Mobile App' },
      status: 'in progress',
    });
    expect(read('members #Mobile App')).toMatchObject({ project: { kind: 'name', name: 'Mobile App' } });
    expect(read('role <@U0BEN|ben> admin #Mobile App')).toMatchObject({
      project: { kind: 'name', name: 'Mobile App' },
    });
    expect(read('project #Mobile App')).toMatchObject({
      action: 'set',
      project: { kind: 'name', name: 'Mobile App' },
    });
  });

  it('leaves a quoted name and unknown words alone', () => {
    const quoted = tokenize('#"Mobile" App', { projectNames: PROJECTS });
    expect(quoted.ok && quoted.tokens.map((t) => t.kind)).toEqual(['project', 'word']);
    expect(read('new Fix #Website header')).toMatchObject({
      title: 'Fix header',
      project: { kind: 'name', name: 'Website' },
    });
  });
});

describe('sub-commands given more than they take', () => {
  it('`projects new Marketing` opens the form with the name, not an error naming `new`', () => {
    expect(read('projects new Marketing')).toMatchObject({ action: 'new', name: 'Marketing' });
  });

  it('`workspaces new Name` and `sprint list zzz` say what is wrong, not that the word is unknown', () => {
    const workspaces = parseTaskCommand('workspaces new Acme');
    expect(workspaces.kind === 'error' && workspaces.message).toContain('run `/task workspaces new` alone');
    const sprint = parseTaskCommand('sprint list zzz');
    expect(sprint.kind === 'error' && sprint.message).toContain('takes a project only');
  });

  it('the invite hints name an email, which invite takes as typed', () => {
    const error = parseTaskCommand('invite');
    expect(error.kind === 'error' && error.message).toContain(
      '`/task invite zoe@example.com viewer #Website`',
    );
  });
});
