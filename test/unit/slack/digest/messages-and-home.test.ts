/** The digest's short answers, the personal digest on Home, and where a digest's links lead. */
import { describe, expect, it } from 'vitest';
import type { DigestSubscription } from '../../../../src/digest/types.ts';
import {
  digestSavedMessage,
  digestsOffMessage,
  notPostableText,
  taskActedMessage,
} from '../../../../src/slack/features/digest/digest-messages.ts';
import { createDigestLinks } from '../../../../src/slack/services/digest-links.ts';
import { createTaskLinks } from '../../../../src/slack/services/task-links.ts';
import { renderPersonalDigest } from '../../../../src/slack/ui/digest/personal-digest.ts';
import { renderAppHome } from '../../../../src/slack/ui/home/app-home.ts';
import { allStrings, expectMessageWithinLimits, expectViewWithinLimits } from '../support/block-kit.ts';

const NOW = new Date('2026-03-04T08:00:00.000Z');

describe('digest answers', () => {
  it('confirms a new digest with its schedule and first run, and an edit without', () => {
    const sub = { channelId: 'C1', time: '09:00', timeZone: 'Europe/London', days: [1, 2, 3, 4, 5] };
    const next = new Date('2026-03-04T09:00:00.000Z');
    const created = digestSavedMessage(
      { subscription: sub, projectNames: ['A & <B>'], next, created: true, preview: true },
      NOW,
    );
    expectMessageWithinLimits(created);
    expect(created.text).toContain('Scheduled');
    expect(created.text).toContain('09:00 Europe/London (GMT), weekdays');
    expect(created.text).toContain('A &amp; &lt;B&gt;');
    expect(created.text).toContain('preview');
    const edited = digestSavedMessage(
      { subscription: sub, projectNames: ['A'], next, created: false, preview: false },
      NOW,
    );
    expect(edited.text).toContain('Updated');
    expect(edited.text).not.toContain('First one');
    const personal = digestSavedMessage(
      { subscription: { ...sub, channelId: 'U1' }, projectNames: ['A'], next, created: true, preview: false },
      NOW,
    );
    expect(personal.text).toContain('you, by direct message');
  });

  it('tells how many digests were turned off, and how to invite the app', () => {
    expect(digestsOffMessage('C1', 0).text).toContain('No digests');
    expect(digestsOffMessage('C1', 1).text).toContain('the digest');
    expect(digestsOffMessage('C1', 3).text).toContain('all 3 digests');
    expect(notPostableText('C1', 'not_in_channel')).toContain('/invite');
    expect(notPostableText('C1', 'archived')).toContain('archived');
    expect(notPostableText('D1', 'unknown')).toContain('Home');
  });

  it('says what Done and Snooze did, and why the message was not redrawn when it was not', () => {
    const base = { taskId: 7, title: 'Ship <it>', timeZone: 'UTC', unchanged: false } as const;
    const done = taskActedMessage({ ...base, action: 'done', redraw: { kind: 'edited' } });
    expectMessageWithinLimits(done);
    expect(done.text).toContain('Marked *Ship &lt;it&gt;* (#7) done');
    expect(allStrings(done.blocks).some((s) => s.includes('<it>'))).toBe(false);
    const snoozed = taskActedMessage({
      ...base,
      action: 'snooze',
      due: new Date('2026-03-05T17:00:00.000Z'),
      redraw: { kind: 'older' },
    });
    expect(snoozed.text).toContain('Snoozed');
    expect(snoozed.text).toContain('<!date^1772730000^');
    expect(snoozed.text).toContain('preview or an earlier post of this digest');
    const failed = taskActedMessage({
      ...base,
      action: 'done',
      unchanged: true,
      redraw: { kind: 'failed', why: 'no' },
    });
    expect(failed.text).toContain('already done');
    expect(failed.text).toContain('could not be redrawn');
  });
});

describe('the personal digest on Home', () => {
  it('offers to turn it on when off, and shows when it comes with a time picker when on', () => {
    const off = renderPersonalDigest({ state: 'off' }, NOW);
    expect(JSON.stringify(off)).toContain('digest_home_on');
    const on = renderPersonalDigest(
      {
        state: 'on',
        time: '07:30',
        timeZone: 'America/New_York',
        days: [1, 2, 3, 4, 5],
        next: new Date('2026-03-04T12:30:00.000Z'),
        paused: 'Slack answered <bad>',
      },
      NOW,
    );
    const text = JSON.stringify(on);
    expect(text).toContain('07:30 America/New_York (EST), weekdays');
    expect(text).toContain('"initial_time":"07:30"');
    expect(text).toContain('digest_home_off');
    expect(text).toContain('&lt;bad&gt;');
  });

  it('is on the Home tab only for a connected, linked person, within the tab’s limits', () => {
    const model = {
      connection: { baseUrl: 'https://work.example.com', connectedAt: NOW },
      isAdmin: false,
      link: { memberName: 'Ana' },
      tasks: [],
      personalDigest: { state: 'off' } as const,
    };
    const home = renderAppHome(model, NOW);
    expectViewWithinLimits(home);
    expect(JSON.stringify(home)).toContain('digest_home_on');
    expect(JSON.stringify(renderAppHome({ ...model, link: null }, NOW))).not.toContain('digest_home_on');
  });
});

describe('digest links', () => {
  const sub = { projectIds: [3] } as DigestSubscription;

  it('leads to the task’s page and to the project’s list, from the configured pattern', () => {
    const pattern = 'https://work.example.com/projects/{project_id}/tasks/{id}';
    const links = createDigestLinks({ taskLinks: createTaskLinks(pattern), taskUrlPattern: pattern });
    const task = {
      id: 9,
      title: 't',
      status: { id: 1, name: 's' },
      assignees: [],
      due_date: null,
      project_id: 2,
    };
    expect(links.taskUrl(task, sub)).toBe('https://work.example.com/projects/2/tasks/9');
    expect(links.listUrl(sub)).toBe('https://work.example.com/projects/3/tasks');
  });

  it('links nowhere without a pattern, so titles show plain', () => {
    const links = createDigestLinks({ taskLinks: createTaskLinks(undefined) });
    const task = { id: 9, title: 't', status: { id: 1, name: 's' }, assignees: [], due_date: null };
    expect(links.taskUrl(task, sub)).toBeUndefined();
    expect(links.listUrl(sub)).toBeUndefined();
  });
});
