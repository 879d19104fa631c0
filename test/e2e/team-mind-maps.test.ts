/**
 * Mind maps from Slack, end to end: the list, one map as an outline, and "Thread to mind map":
 * a thread of 60 replies becomes one map (parent at the centre, replies in order, markup cleaned,
 * created in a single write), a note with a way to show it goes into the thread, and the outline
 * stays within Block Kit's limits.
 */
import { webApi } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/slack-platform/block-kit-limits.ts';
import { select } from '../support/form-values.ts';
import { type Harness, USERS } from '../support/harness.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';
import { harnessForEachTest, slackSteps } from '../support/team-e2e.ts';

/** spec-minimal has no endpoint that shows a map's ideas: showing one says so instead. */
const IDEAS_SHOWN = testSandboxProfile() === 'full';
const IDEAS_NOT_SHOWN = 'this service does not let Taskbridge read a map’s ideas';

let h: Harness;
const { answer, filledView, clickAfresh } = slackSteps(() => h);

/** A thread in #website: a parent and `replies` replies, from several people, with Slack markup. */
function thread(replies: number) {
  const parent = h.emulator.addMessage({
    channel: 'C0WEBSITE',
    user: USERS.ana,
    text: '*Relaunch* ideas &amp; open questions for <@U0BEN>',
  });
  const people = [USERS.ben, USERS.chloe, USERS.dev];
  for (let i = 1; i <= replies; i += 1) {
    h.emulator.addMessage({
      channel: 'C0WEBSITE',
      user: people[i % people.length]!,
      text: i === 1 ? 'See <https://example.com/brief|the brief> &lt;draft&gt; _soon_' : `Idea ${i}`,
      threadTs: parent.ts,
    });
  }
  return parent;
}

async function mapsOf(projectId: number) {
  return (await h.api.mindMaps.listByProject(projectId, { per_page: 100 })).data;
}

describe('mind maps from Slack', () => {
  harnessForEachTest({ link: ['ana', 'chloe', 'dev'] }, (started) => {
    h = started;
  });

  it('lists a project’s mind maps and shows one as an indented outline', async () => {
    await h.signer.command('/task mindmaps #Website');
    const list = await answer('Website relaunch');
    expect(JSON.stringify(list.blocks)).toContain('team_mind_map_show');
    await h.signer.command('/task mindmaps show 1');
    if (!IDEAS_SHOWN) {
      expect(JSON.stringify((await answer(IDEAS_NOT_SHOWN)).blocks)).toContain('Website relaunch');
      return;
    }
    const outline = await answer('New hero section');
    const text = (outline.blocks as Array<{ text?: { text?: string } }>)
      .map((b) => b.text?.text ?? '')
      .join('\n');
    expect(text).toContain('*Website relaunch*');
    expect(text).toContain('\n• Design\n\u2003• New hero section _(task');
    expect(text.indexOf('Design')).toBeLessThan(text.indexOf('Content'));
  });

  it('says when a mind map number does not exist', async () => {
    await h.signer.command('/task mindmaps show 99');
    await answer('no mind map 99');
  });

  it('turns a thread of 60 replies into one map, posts it in the thread, and shows it within limits', async () => {
    const parent = thread(60);
    const reply = h.emulator.thread('C0WEBSITE', parent.ts)[5]!;
    // Used on a reply, the shortcut still maps the whole thread.
    await h.signer.messageShortcut({
      callbackId: 'thread_to_mind_map',
      message: reply,
      channel: 'C0WEBSITE',
    });
    const form = await filledView('team_thread_mind_map', '60 replies');
    expect(JSON.stringify(form.blocks)).toContain('Relaunch ideas & open questions for @');
    const res = await h.signer.viewSubmission({
      view: form,
      values: {
        mm_project: { mm_project_select: select('1') },
        mm_title: { mm_title_input: 'Relaunch ideas' },
      },
    });
    expect(res.status).toBe(200);

    const note = await h.emulator.waitForCall(
      'chat.postMessage',
      (c) => c.args.thread_ts === parent.ts && JSON.stringify(c.args).includes('mind map'),
      5_000,
    );
    expect(note.status).toBe(200);
    expect(note.args.channel).toBe('C0WEBSITE');
    expect(String(note.args.text)).toContain('61 ideas');

    const [created] = (await mapsOf(1)).filter((m) => m.title === 'Relaunch ideas');
    const map = await h.api.mindMaps.get(created!.id);
    expect(map.root.text).toBe('Relaunch ideas & open questions for @ben');
    expect(map.root.children).toHaveLength(60);
    expect(map.root.children[0]!.text).toBe('See the brief (https://example.com/brief) <draft> soon');
    expect(map.root.children.slice(1).map((c) => c.text)).toEqual(
      Array.from({ length: 59 }, (_, i) => `Idea ${i + 2}`),
    );
    expect(map.root.children.every((c) => c.children.length === 0)).toBe(true);
    // One write made it: the map was never changed after it was created.
    expect(map.updated_at).toBe(map.created_at);

    // The note's button shows the outline: 61 ideas, cut to 50 with "and 11 more".
    const posted = h.emulator.thread('C0WEBSITE', parent.ts).at(-1)!;
    await clickAfresh({ actionId: 'team_mind_map_show', value: `m:${map.id}`, message: posted });
    if (!IDEAS_SHOWN) {
      await answer(IDEAS_NOT_SHOWN);
      return;
    }
    const outline = await answer('more ideas');
    expect(validateMessage(outline as { text?: unknown; blocks?: unknown })).toEqual([]);
    expect((outline.blocks as unknown[]).length).toBeLessThanOrEqual(50);
    const text = JSON.stringify(outline.blocks);
    expect(text).toContain('…and 11 more ideas.');
    expect(text).toContain('Idea 49');
    expect(text).not.toContain('Idea 50\\n');
  });

  it('counts the app’s own reply in a thread as a reply, and leaves out only its earlier map note', async () => {
    // A task's card thread: a person's message and one reply from the app (a change to the task).
    const parent = h.emulator.addMessage({ channel: 'C0WEBSITE', user: USERS.ana, text: 'Launch checklist' });
    const bot = new webApi.WebClient(h.emulator.botToken, { slackApiUrl: h.emulator.url });
    await bot.chat.postMessage({
      channel: 'C0WEBSITE',
      thread_ts: parent.ts,
      text: 'Ana Silva: status → Done',
    });
    const formFor = async () => {
      const seen = new Set(h.emulator.calls('views.update'));
      await h.signer.messageShortcut({
        callbackId: 'thread_to_mind_map',
        message: parent,
        channel: 'C0WEBSITE',
      });
      const call = await h.emulator.waitForCall(
        'views.update',
        (c) => !seen.has(c) && JSON.stringify(c.response.view ?? {}).includes('branches'),
        5_000,
      );
      return call.response.view as Parameters<typeof h.signer.viewSubmission>[0]['view'];
    };
    const form = await formFor();
    expect(JSON.stringify(form.blocks)).toContain('its 1 reply the branches');
    await h.signer.viewSubmission({
      view: form,
      values: { mm_project: { mm_project_select: select('1') }, mm_title: { mm_title_input: 'Checklist' } },
    });
    await h.emulator.waitForCall(
      'chat.postMessage',
      (c) => c.args.thread_ts === parent.ts && JSON.stringify(c.args).includes('made a mind map'),
      5_000,
    );
    const [map] = (await mapsOf(1)).filter((m) => m.title === 'Checklist');
    if (IDEAS_SHOWN) {
      expect((await h.api.mindMaps.get(map!.id)).root.children.map((c) => c.text)).toEqual([
        'Ana Silva: status → Done',
      ]);
    }
    // Made again, the thread still has its one reply: the first map's note is not an idea.
    expect(JSON.stringify((await formFor()).blocks)).toContain('its 1 reply the branches');
  });

  it('tells how to add the app when it cannot read the channel', async () => {
    const message = h.emulator.addMessage({ channel: 'C0RANDOM', user: USERS.ana, text: 'Brainstorm' });
    await h.signer.messageShortcut({ callbackId: 'thread_to_mind_map', message, channel: 'C0RANDOM' });
    await filledView('team_thread_mind_map', 'Add Taskbridge');
  });

  it('says on the message when the form cannot open, and makes nothing', async () => {
    const parent = thread(1);
    const before = await mapsOf(1);
    h.emulator.failNext('views.open', 'expired_trigger_id');
    await h.signer.messageShortcut({
      callbackId: 'thread_to_mind_map',
      message: parent,
      channel: 'C0WEBSITE',
    });
    // An expired trigger is Slack's side, not the person's: they hear it went wrong, under a reference.
    const said = await answer(/Something went wrong.*reference `[0-9a-f]{8}`.*try again/);
    expect(said.response_type).toBe('ephemeral');
    expect(await mapsOf(1)).toEqual(before);
  });

  it('refuses to add a map to a project the person is not a member of', async () => {
    const parent = thread(2);
    await h.signer.messageShortcut({
      callbackId: 'thread_to_mind_map',
      message: parent,
      channel: 'C0WEBSITE',
      user: USERS.dev,
    });
    const form = await filledView('team_thread_mind_map', '2 replies');
    await h.signer.viewSubmission({
      user: USERS.dev,
      view: form,
      values: { mm_project: { mm_project_select: select('2') }, mm_title: { mm_title_input: 'Not mine' } },
    });
    const refusal = await h.emulator.waitForCall(
      'chat.postEphemeral',
      (c) => JSON.stringify(c.args).includes("can't add mind maps"),
      5_000,
    );
    expect(refusal.args.user).toBe(USERS.dev);
    expect((await mapsOf(2)).map((m) => m.title)).not.toContain('Not mine');
  });
});
