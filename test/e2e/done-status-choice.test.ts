/**
 * The done status chosen once by an admin, end to end, against a service that shows no more than
 * the spec (no statuses endpoint, so "done" is read from status names): a project whose finishing
 * status is called "Live" has no status that reads as done, so `/task done` says so and points to
 * `/task connect`; an admin names "Live" there once, it is saved with the connection, and from then
 * on `/task done` moves tasks to it and `/task mine` leaves tasks in it out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';

let h: Harness;

async function finalAnswer(pattern: RegExp) {
  const call = await h.emulator.waitForCall(
    'response_url',
    (c) =>
      !isInterimNote(c.args) &&
      pattern.test(JSON.stringify(c.args)) &&
      !JSON.stringify(c.args).includes('is reading every project'),
    10_000,
  );
  return JSON.stringify(call.args);
}

async function createForAna(title: string) {
  const due = new Date(Date.now() + 86_400_000).toISOString();
  return (await h.api.tasks.create({ project_id: 1, title, assignee_ids: [1], due_date: due })).id;
}

describe('the done status an admin chose', () => {
  beforeEach(async () => {
    // The app meets the spec-minimal service whichever profile the run is in: the choice only
    // matters where the service does not flag its done statuses.
    h = await startHarness({ link: ['ana'], sandbox: { profile: 'spec-minimal' } });
    h.sandbox.db.exec("UPDATE project_statuses SET name = 'Live' WHERE name = 'Done'");
  });
  afterEach(async () => {
    await h.close();
  });

  it('is asked for when no status reads as done, saved with the connection, and used by done and lists', async () => {
    const live = h.sandbox.db
      .prepare("SELECT id FROM project_statuses WHERE project_id = 1 AND name = 'Live'")
      .get() as { id: number };
    const finished = await createForAna('Publish the launch checklist');
    await h.api.tasks.update(finished, { status_id: live.id });
    const open = await createForAna('Write the release notes');

    // Before the choice: "Live" reads as open, and done cannot be found.
    await h.signer.command(`/task done ${open}`);
    expect(await finalAnswer(/reads as done/)).toContain('`/task connect`');
    expect((await h.api.tasks.get(open)).status.name).not.toBe('Live');
    h.emulator.clearCalls();
    await h.signer.command('/task mine');
    expect(await finalAnswer(/Write the release notes/)).toContain('Publish the launch checklist');

    // An admin names the status once, in the connect form.
    h.emulator.clearCalls();
    await h.signer.command('/task connect', { user: USERS.ana });
    const opened = await h.emulator.waitForCall('views.open', undefined, 5_000);
    const form = opened.response.view as { id: string; blocks: unknown[] };
    expect(JSON.stringify(form.blocks)).toContain('Status that means done');
    const res = await h.signer.viewSubmission({
      user: USERS.ana,
      view: form,
      values: {
        cn_base_url: { cn_base_url_input: h.sandbox.url },
        cn_token: { cn_token_input: h.sandbox.token },
        cn_done_status: { cn_done_status_input: ' Live ' },
      },
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body ?? '')).not.toContain('errors');
    expect((await h.app.deps.connections.describe(TEAM))?.doneStatusName).toBe('Live');
    await h.emulator.waitForCall(
      'chat.postMessage',
      (c) => String(c.args.text).includes('“Live” count as done'),
      5_000,
    );

    // After: done moves the task to "Live", and lists leave tasks in "Live" out.
    h.emulator.clearCalls();
    await h.signer.command(`/task done ${open}`);
    await h.emulator.waitForCall('response_url', (c) => !isInterimNote(c.args), 5_000);
    expect((await h.api.tasks.get(open)).status.name).toBe('Live');
    h.emulator.clearCalls();
    await h.signer.command('/task mine');
    const mine = await finalAnswer(/Your tasks|task/);
    expect(mine).not.toContain('Publish the launch checklist');
    expect(mine).not.toContain('Write the release notes');

    // The form shows the choice again, so a reconnect keeps it.
    h.emulator.clearCalls();
    await h.signer.command('/task connect', { user: USERS.ana });
    const again = await h.emulator.waitForCall('views.open', undefined, 5_000);
    expect(JSON.stringify(again.response.view)).toContain('"initial_value":"Live"');
  });
});
