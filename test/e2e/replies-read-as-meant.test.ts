/**
 * Issue 12's cases end to end, each as a person typed it: signed commands into the real app, the
 * emulator answering Slack's side and the sandbox the service's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messageToText } from '../../src/local/blocks-to-text.ts';
import { type Harness, type HarnessOptions, startHarness, TEAM, USERS } from '../support/harness.ts';
import { runCommand } from '../support/hint-runner.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';

let h: Harness;

async function start(options: HarnessOptions = {}) {
  h = await startHarness({ link: ['ana', 'ben'], ...options });
}

afterEach(async () => {
  await h?.close();
});

async function say(text: string, user: string = USERS.ana, channel = 'general') {
  return runCommand(h, text, { user, channel });
}

async function tasksTitled(title: string) {
  const page = await h.api.tasks.list({ q: title, per_page: 100 });
  return page.data.filter((t) => t.title === title);
}

describe('what a person types is read as meant', () => {
  beforeEach(async () => {
    await start();
  });

  it('`/task project none` clears the channel’s default project', async () => {
    await say('project #Website');
    expect(await h.app.deps.channelDefaults.get(TEAM, 'C0GENERAL')).toBeDefined();
    const cleared = await say('project none');
    expect(cleared.seen).toContain('no longer has a default project');
    expect(await h.app.deps.channelDefaults.get(TEAM, 'C0GENERAL')).toBeUndefined();
  });

  it('a misspelt due date creates the task without it and says so, with the command that sets it', async () => {
    const out = await say('new Fix thing due fridya #Website');
    const [task] = await tasksTitled('Fix thing');
    expect(task).toBeDefined();
    expect(task!.due_date).toBeNull();
    expect(await tasksTitled('Fix thing due fridya')).toEqual([]);
    expect(out.seen).toContain("I couldn't read “fridya” as a date");
    expect(out.seen).toContain(`\`/task due ${task!.id} friday\``);
    // The hint does what it says.
    await say(`due ${task!.id} friday`);
    expect((await h.api.tasks.get(task!.id)).due_date).not.toBeNull();
  });

  it('a date typed without `due` stays in the title, and the person hears how to set it', async () => {
    const out = await say('new Call the printer vendor tomorrow 3pm #Website');
    const [task] = await tasksTitled('Call the printer vendor tomorrow 3pm');
    expect(task?.due_date).toBeNull();
    expect(out.seen).toContain('“tomorrow 3pm” is part of the title');
    expect(out.seen).toContain(`\`/task due ${task!.id} tomorrow 3pm\``);
    // The hint does what it says.
    await say(`due ${task!.id} tomorrow 3pm`);
    expect((await h.api.tasks.get(task!.id)).due_date).not.toBeNull();
    // A title whose last words are no date gets no such hint.
    const plain = await say('new Plan Monday meeting #Website');
    expect(plain.seen).not.toContain('is part of the title');
  });

  it('a date that names no day is said too', async () => {
    const out = await say('new Fix other thing due 2026-13-45 #Website');
    const [task] = await tasksTitled('Fix other thing');
    expect(task?.due_date).toBeNull();
    expect(out.seen).toContain('“2026-13-45”');
  });

  it('a project name with spaces after # names that project, in new and elsewhere', async () => {
    await say('new Multi word project #Mobile App');
    const [task] = await tasksTitled('Multi word project');
    expect(task?.project_id).toBe(2);
    const members = await say('members #Mobile App');
    expect(members.seen).toContain('Mobile App');
    expect(members.seen).not.toContain(':warning:');
    // The hint under the member list names the project as it can be typed.
    expect(members.seen).toContain('/task invite @person #"Mobile App"');
  });

  it('lists show each task’s number in the form the commands take', async () => {
    const out = await say('list #Website');
    const first = (await h.api.tasks.listByProject(1, { per_page: 1 })).data[0]!;
    expect(JSON.stringify(out.replies)).toContain(`\`#${first.id}\``);
  });

  it('says who was not found in whole sentences, no text lost between backticks', async () => {
    const role = await say('role <@U0ZOE|zoe> viewer #Website');
    expect(role.seen).toContain('That person has no account in this project yet.');
    expect(role.seen).not.toMatch(/with ,|link with\s*,/);
    const task = await h.api.tasks.create({ project_id: 1, title: 'Someone to assign' });
    const assign = await say(`assign ${task.id} @nobody`);
    expect(assign.seen).toContain('@nobody isn’t the name of a project member');
    const near = await say(`assign ${task.id} @chole`);
    expect(near.seen).toContain('did you mean @chloe?');
  });

  it('a mistyped project name gets a “did you mean”', async () => {
    const out = await say('list #Wbesite');
    expect(out.seen).toContain('Did you mean `#Website`?');
  });

  it('`/task projects new Marketing` opens the form with the name in it', async () => {
    const out = await say('projects new Marketing');
    expect(out.seen).not.toContain('isn’t a projects command');
    const update = await h.emulator.waitForCall(
      'views.update',
      (c) => JSON.stringify(c.args).includes('"initial_value":"Marketing"'),
      5_000,
    );
    expect(update.status).toBe(200);
  });

  it('cards from `/task new` have the same status menu as `/task show`', async () => {
    const created = await say('new Card with a menu #Website');
    const [task] = await tasksTitled('Card with a menu');
    const shown = await say(`show ${task!.id}`);
    const menus = (o: { replies: unknown[] }) => JSON.stringify(o.replies).includes('"type":"static_select"');
    expect(menus(shown)).toBe(true);
    expect(menus(created)).toBe(true);
  });

  it('sprints show dates in the cards’ style, through Slack’s date token', async () => {
    const out = await say('sprint #Website');
    if (testSandboxProfile() === 'spec-minimal') {
      // A sprint shows only its id and name there: the list says its dates are not shown.
      expect(JSON.stringify(out.replies)).toContain('Status and dates not shown by the service');
      return;
    }
    expect(JSON.stringify(out.replies)).toMatch(
      /<!date\^\d+\^\{date_short_pretty\}\|\w{3}, \w{3} \d{1,2}, \d{4}>/,
    );
  });

  it('a task created by someone not linked says who asked, on the task and on its card', async () => {
    const created = await say('new Asked by Zoe #Website', USERS.zoe);
    const [task] = await tasksTitled('Asked by Zoe');
    expect(task!.description).toContain('Created from Slack by Zoe Quinn');
    expect(JSON.stringify(created.replies)).toContain('Created from Slack by <@U0ZOE>');
    const shown = await say(`show ${task!.id}`);
    expect(JSON.stringify(shown.replies)).toContain('Created from Slack by <@U0ZOE>');
    // A linked person is the creator in the service itself: no line is added.
    await say('new Asked by Ana #Website');
    const [ana] = await tasksTitled('Asked by Ana');
    expect(ana!.description ?? '').not.toContain('Created from Slack');
  });
});

describe('surfaces agree', () => {
  it('`/task connect` and Home both say connected through the default connection', async () => {
    await start({ connect: 'default' });
    await h.signer.command('/task connect', { user: USERS.ana });
    const open = await h.emulator.waitForCall('views.open', undefined, 5_000);
    const modal = messageToText(open.args.view as { blocks: unknown[] });
    expect(modal).not.toContain('Not connected yet');
    expect(modal).toContain('default connection');
    const works = await say('mine');
    expect(works.seen).not.toContain('isn’t connected');
  });
});
