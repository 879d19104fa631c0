/**
 * Workflow Builder steps end to end: the emulator runs the steps manifest.yml declares (their
 * `function_executed` events signed into the real app, `functions.completeSuccess` outputs checked
 * against the declared types), each acting as the linked person who started the workflow, once per
 * run however often Slack delivers it, and failing with words a workflow author understands.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  declareFunctions,
  dynamicOptions,
  executeStep,
  type FunctionDeclaration,
  runWorkflow,
  stepCompleted,
} from '../../src/slack-emulator/index.ts';
import { type AppWork, watchAppWork } from '../support/app-work.ts';
import { fixedClock, type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';

const manifest = parse(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8')) as {
  functions: Record<string, FunctionDeclaration>;
};

let h: Harness;
let work: AppWork;

async function tasksTitled(title: string) {
  return (await h.api.tasks.list({ q: title, per_page: 100 })).data.filter((t) => t.title === title);
}

describe('Taskbridge steps in a workflow', () => {
  beforeEach(async () => {
    h = await startHarness({ link: ['ana', 'dev'], clock: fixedClock('2026-11-20T12:00:00.000Z') });
    declareFunctions(h.emulator.state, manifest.functions);
    work = watchAppWork(h.app);
  });
  afterEach(async () => {
    await h.close();
  });

  it('Create a task then Assign it: the first step’s outputs feed the second, typed as Slack values', async () => {
    const run = await runWorkflow(h.signer, h.emulator, {
      userId: USERS.ana,
      steps: [
        {
          callbackId: 'create_task',
          inputs: {
            project: 'Website',
            title: 'Triage the intake form',
            due_date: '2026-12-01',
            channel: 'C0GENERAL',
          },
        },
        {
          callbackId: 'assign_task',
          inputs: { task_number: { fromStep: 0, output: 'task_number' }, assignee: USERS.dev },
        },
      ],
    });
    expect(run.state).toBe('completed');
    const [created, assigned] = run.steps;
    const [task] = await tasksTitled('Triage the intake form');
    expect(created!.outputs).toEqual({
      task_number: task!.id,
      task_link: `https://work.example.com/projects/1/tasks/${task!.id}`,
      title: 'Triage the intake form',
      channel: 'C0GENERAL',
    });
    expect(assigned!.outputs).toMatchObject({ task_number: task!.id, assignee: USERS.dev });
    const saved = await h.api.tasks.get(task!.id);
    expect(saved.assignees.map((a) => a.id)).toEqual([4]);
    expect(saved.due_date?.slice(0, 10)).toBe('2026-12-01');
    // Made as the person who started the workflow (Ana, member 1), not as the token's owner.
    expect(saved.creator?.id).toBe(1);
  });

  it('Set a task’s status by its project’s status name, and Find tasks by words', async () => {
    const statuses = await h.api.projects.statuses(1);
    const target = statuses.find((s) => s.is_done)!;
    const run = await runWorkflow(h.signer, h.emulator, {
      userId: USERS.ana,
      steps: [
        { callbackId: 'set_task_status', inputs: { task_number: 2, status: target.name.toUpperCase() } },
        { callbackId: 'find_tasks', inputs: { query: (await h.api.tasks.get(2)).title.split(' ')[0] } },
      ],
    });
    expect(run.state).toBe('completed');
    expect(run.steps[0]!.outputs).toMatchObject({ task_number: 2, status: target.name });
    expect((await h.api.tasks.get(2)).status.id).toBe(target.id);
    const found = run.steps[1]!.outputs!;
    expect(found.count).toBeGreaterThanOrEqual(1);
    expect(found.summary).toContain('#');
    expect(typeof found.first_task_number).toBe('number');
  });

  it('offers the service’s projects and statuses as the steps’ menus in Workflow Builder', async () => {
    const projects = await dynamicOptions(h.signer, h.emulator, {
      callbackId: 'create_task',
      input: 'project',
      authorId: USERS.ben,
    });
    const active = (await h.api.projects.list({ status: 'active', per_page: 100 })).data;
    expect(projects.map((o) => o.value).sort()).toEqual(active.map((p) => p.name).sort());
    const statuses = await dynamicOptions(h.signer, h.emulator, {
      callbackId: 'set_task_status',
      input: 'status',
      authorId: USERS.ben,
    });
    const website = (await h.api.projects.statuses(1)).map((s) => s.name);
    expect(statuses.map((o) => o.value)).toEqual(expect.arrayContaining(website));
    expect(new Set(statuses.map((o) => o.value)).size).toBe(statuses.length);
  });

  it('acts once when Slack delivers the same run again', async () => {
    const { execution, event } = await executeStep(h.signer, h.emulator, {
      callbackId: 'create_task',
      userId: USERS.ana,
      inputs: { project: 'Website', title: 'Delivered twice' },
    });
    await stepCompleted(h.emulator, execution.id);
    await h.signer.event(event, { retryNum: 1, retryReason: 'http_timeout' });
    await h.signer.event(event);
    // The app has finished with the repeats (acted on or not) before anything is counted.
    await work.settled();
    expect(await tasksTitled('Delivered twice')).toHaveLength(1);
    const completions = h.emulator
      .calls()
      .filter(
        (c) => c.method.startsWith('functions.complete') && c.args.function_execution_id === execution.id,
      );
    // The first delivery completed the run; a repeat hands the same outcome over and Slack says it is done.
    expect(completions.filter((c) => c.response.ok)).toHaveLength(1);
    expect(completions[0]!.response.ok).toBe(true);
    expect(completions.slice(1).map((c) => c.response.error)).toEqual(
      completions.slice(1).map(() => 'function_execution_already_completed'),
    );
    expect(h.emulator.calls('functions.completeError')).toHaveLength(0);
  });

  it('fails with a message the author understands: a person without a link, an unknown project or status', async () => {
    const unlinked = await runWorkflow(h.signer, h.emulator, {
      userId: USERS.zoe,
      steps: [{ callbackId: 'create_task', inputs: { project: 'Website', title: 'From Zoe' } }],
    });
    expect(unlinked.state).toBe('failed');
    expect(unlinked.steps[0]!.error).toMatch(
      /^Create a task: <@U0ZOE> has not linked a Taskbridge account.*\/task link/,
    );
    expect(await tasksTitled('From Zoe')).toHaveLength(0);

    const noProject = await runWorkflow(h.signer, h.emulator, {
      userId: USERS.ana,
      steps: [{ callbackId: 'create_task', inputs: { project: 'Nowhere', title: 'Lost' } }],
    });
    expect(noProject.steps[0]!.error).toMatch(/there is no project "Nowhere".*Projects: .*Website/);

    const noStatus = await runWorkflow(h.signer, h.emulator, {
      userId: USERS.ana,
      steps: [{ callbackId: 'set_task_status', inputs: { task_number: 2, status: 'Someday' } }],
    });
    expect(noStatus.steps[0]!.error).toMatch(/no status "Someday"\. Its statuses: /);
    expect(h.emulator.calls('functions.completeError').every((c) => c.response.ok === true)).toBe(true);
    expect(TEAM).toBe('T0001');
  });
});

describe('Taskbridge steps over Socket Mode', () => {
  beforeEach(async () => {
    h = await startHarness({
      link: ['ana', 'dev'],
      transport: 'socket',
      clock: fixedClock('2026-11-20T12:00:00.000Z'),
    });
    declareFunctions(h.emulator.state, manifest.functions);
  });
  afterEach(async () => {
    await h.close();
  });

  it('runs Create a task then Assign it, each envelope acted on once', async () => {
    const run = await runWorkflow(h.signer, h.emulator, {
      userId: USERS.ana,
      steps: [
        { callbackId: 'create_task', inputs: { project: 'Website', title: 'Over the socket' } },
        {
          callbackId: 'assign_task',
          inputs: { task_number: { fromStep: 0, output: 'task_number' }, assignee: USERS.dev },
        },
      ],
    });
    expect(run.state).toBe('completed');
    const [task] = await tasksTitled('Over the socket');
    expect((await h.api.tasks.get(task!.id)).assignees.map((a) => a.id)).toEqual([4]);
  });
});
