/**
 * `/task find` end to end: signed commands into the real app, answered from its task view (read
 * once, on the first search, from the sandbox), the results acted on through their buttons, and
 * the task typeahead's options.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { fixedClock, type Harness, startHarness, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';

let h: Harness;

const text = (value: unknown) => JSON.stringify(value) ?? '';

function mark(method: string) {
  const seen = new Set(h.emulator.calls(method));
  return (predicate: (c: RecordedCall) => boolean = () => true) =>
    h.emulator.waitForCall(method, (c) => !seen.has(c) && !isInterimNote(c.args) && predicate(c), 10_000);
}

/** Runs a command and resolves with the response_url post that `predicate` accepts (the first by default). */
async function answerTo(command: string, predicate?: (c: RecordedCall) => boolean, user: string = USERS.ana) {
  const next = mark('response_url');
  const res = await h.signer.command(command, { user });
  expect(res.status).toBe(200);
  return (await next(predicate)).args;
}

/** The ids of the tasks a find answer lists, in order. */
function foundIds(answer: Record<string, unknown>): number[] {
  return [...text(answer.blocks).matchAll(/`#(\d+)`/g)].map((m) => Number(m[1]));
}

describe('/task find', () => {
  beforeAll(async () => {
    h = await startHarness({ link: ['ana', 'ben'] });
    // Accents and case are folded: "resume" finds it.
    await h.api.tasks.create({ project_id: 1, title: 'Résumé template for hiring' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('reads a cold view once, says so, then answers in place with open tasks first', async () => {
    const replaced = mark('response_url');
    const first = await answerTo('/task find fix');
    expect(first.response_type).toBe('ephemeral');
    expect(String(first.text)).toMatch(/reading every project’s tasks once/);
    const full = (await replaced((c) => c.args.replace_original === true)).args;
    expect(String(full.text)).toContain('match “fix”');
    const ids = foundIds(full);
    // Fix login redirect loop (open) before Fix broken footer links (done).
    expect(ids.indexOf(1)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(1)).toBeLessThan(ids.indexOf(12));
    expect(text(full.blocks)).toContain('task_share');
    expect(text(full.blocks)).toContain('task_remind');
    expect(text(full.blocks)).toContain('find_task_pick');
  });

  it('folds case and accents, and forgives a typo', async () => {
    expect(foundIds(await answerTo('/task find RESUME'))).toEqual([
      await idTitled('Résumé template for hiring'),
    ]);
    expect(foundIds(await answerTo('/task find login redirct'))).toEqual([1]);
  });

  it('narrows by #project, @person and status', async () => {
    const mobile = foundIds(await answerTo('/task find crash #Mobile'));
    expect(mobile).toHaveLength(1);
    expect((await h.api.tasks.get(mobile[0]!)).title).toBe('Crash on Android 14 start-up');
    const bens = foundIds(await answerTo('/task find <@U0BEN|ben> is:open'));
    expect(bens.length).toBeGreaterThan(0);
    for (const id of bens) {
      const task = await h.api.tasks.get(id);
      expect(task.assignees.map((a) => a.id)).toContain(2);
      expect(task.status.name).not.toBe('Done');
    }
    const done = foundIds(await answerTo('/task find is:done #Website'));
    expect(done).toContain(12);
    const unknown = await answerTo('/task find is:blorp');
    expect(String(unknown.text)).toMatch(/No status is called “blorp”.*To do/);
  });

  it('names what exists when nothing matches', async () => {
    const none = await answerTo('/task find zzqqxx');
    expect(String(none.text)).toContain('Nothing matches “zzqqxx”');
    expect(text(none.blocks)).toMatch(/looked through \d+ tasks/);
    expect(text(none.blocks)).toContain('Fix login redirect loop');
  });

  it('offers tasks by title to the typeahead, and shows the one chosen', async () => {
    const res = await h.signer.blockSuggestion({ actionId: 'find_task_pick', value: 'pricing' });
    const options = (res.body as { options: Array<{ text: { text: string }; value: string }> }).options;
    expect(options[0]?.text.text).toBe('#2 Update pricing page copy');
    const shown = mark('response_url');
    const answer = await answerTo('/task find pricing');
    const message = h.emulator.ephemeralMessages(USERS.ana).at(-1)!;
    expect(foundIds(answer)).toEqual([2]);
    await h.signer.blockAction({
      actionId: 'find_task_pick',
      type: 'external_select',
      selectedOption: { text: { type: 'plain_text', text: options[0]!.text.text }, value: options[0]!.value },
      message,
    });
    const card = await shown((c) => text(c.args).includes('task_share') && !text(c.args).includes('match “'));
    expect(text(card.args.blocks)).toContain('Update pricing page copy');
  });

  it('acts on a result in place: Done', async () => {
    const answer = await answerTo('/task find calendar');
    expect(foundIds(answer)).toEqual([8]);
    const message = h.emulator.ephemeralMessages(USERS.ana).at(-1)!;
    const row = (answer.blocks as Array<{ accessory?: { action_id: string; value: string } }>).find(
      (b) => b.accessory?.action_id === 'task_done',
    )!;
    const redrawn = mark('response_url');
    await h.signer.blockAction({ actionId: 'task_done', value: row.accessory!.value, message });
    await redrawn();
    expect((await h.api.tasks.get(8)).status.name).toBe('Done');
  });
});

async function idTitled(title: string): Promise<number> {
  const page = await h.api.tasks.listByProject(1, { per_page: 100 });
  return page.data.find((t) => t.title === title)!.id;
}

describe('/task find on a view past its bound', () => {
  const clock = fixedClock('2026-11-20T12:00:00.000Z');
  beforeAll(async () => {
    h = await startHarness({ link: ['ana'], clock, sandbox: { now: () => clock.now() } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers from the view as it is, and reads it again for the next search', async () => {
    const replaced = mark('response_url');
    await answerTo('/task find fix');
    await replaced((c) => c.args.replace_original === true);
    // Made on a service that sends no webhooks: only a new read of the project shows it.
    await h.api.tasks.create({ project_id: 1, title: 'Quokka enclosure plan' });
    clock.advance(6 * 60_000);
    const stale = await answerTo('/task find quokka');
    expect(String(stale.text)).not.toContain('Quokka enclosure plan');
    await expect
      .poll(async () => String((await answerTo('/task find quokka')).text), { timeout: 10_000 })
      .toContain('match “quokka”');
  });
});
