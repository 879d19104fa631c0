import type { types } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import type { DigestMessageModel } from '../../../../../src/digest/messages.ts';
import { type DigestSelection, type DigestTask, selectTasks } from '../../../../../src/digest/select.ts';
import { digestMessage, formatLocalDate } from '../../../../../src/slack/ui/digest/compose.ts';
import { DIGEST_TASK_MENU_ACTION_ID } from '../../../../../src/slack/ui/digest/ids.ts';
import { parseTaskActionValue } from '../../../../../src/slack/ui/digest/task-action-value.ts';
import { allTexts, blockKitBreaches } from '../../../digest/block-kit-limits.ts';
import { DONE, makeSubscription, makeTask } from '../../../digest/fixtures.ts';

type Json = Record<string, unknown>;
const NOW = new Date('2026-03-03T14:00:30Z');
const ana = { id: 11, name: 'Ana' };
const bo = { id: 12, name: 'Bo' };
const sub = makeSubscription({ id: 'dg1', sections: { overdue: true, dueToday: true, dueWithinDays: 7 } });
const onTime = { localDate: '2026-03-03', scheduledAt: new Date('2026-03-03T14:00:00Z'), late: false };

function model(selection: DigestSelection, overrides: Partial<DigestMessageModel> = {}): DigestMessageModel {
  return {
    subscription: sub,
    firing: onTime,
    selection,
    slackUserIds: new Map([[ana.id, 'UANA1']]),
    taskUrl: (task) => `https://work.example/tasks/${task.id}?ref=digest&x=1`,
    moreUrl: 'https://work.example/digest/dg1',
    ...overrides,
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function render(m: DigestMessageModel, now = NOW) {
  const message = digestMessage(m, now);
  if (!message) throw new Error('expected a message');
  return message;
}

const json = (blocks: types.KnownBlock[]) => blocks as unknown as Json[];
const rows = (blocks: types.KnownBlock[]) =>
  json(blocks).filter((b) => (b.accessory as Json | undefined)?.type === 'overflow');
const blockText = (b: Json) =>
  String((b.text as Json | undefined)?.text ?? (b.elements as Json[] | undefined)?.[0]?.text);

const sample: DigestSelection = {
  overdue: [
    makeTask(1, '2026-03-01T15:00:00.000Z', { assignees: [ana] }),
    makeTask(2, '2026-03-02T15:00:00.000Z', { assignees: [ana] }),
  ],
  dueToday: [
    makeTask(3, '2026-03-03T16:00:00.000Z', { assignees: [ana] }),
    makeTask(5, '2026-03-03T17:00:00.000Z'),
    makeTask(4, '2026-03-03T18:00:00.000Z', { assignees: [bo] }),
  ],
  upcoming: [makeTask(6, '2026-03-05T15:00:00.000Z', { assignees: [ana, bo] })],
};

describe('digestMessage', () => {
  it('heads with the local date, counts per person and lists sections by assignee', () => {
    const message = render(model(sample));
    expect(formatLocalDate('2026-03-03')).toBe('Tuesday 3 March');
    expect(message.text).toBe(
      'Due tasks for Tuesday 3 March: 2 overdue, 3 due today, 1 due in the next 7 days.',
    );
    expect(json(message.blocks).map((b) => [b.type, blockText(b).split('\n')[0]?.slice(0, 40)])).toEqual([
      ['header', 'Due tasks for Tuesday 3 March'],
      ['section', '• <@UANA1>: 2 due, 2 overdue'],
      ['section', '*Overdue* (2)'],
      ['context', '<@UANA1>'],
      ['section', '`#1` <https://work.example/tasks/1?ref=d'],
      ['section', '`#2` <https://work.example/tasks/2?ref=d'],
      ['section', '*Due today* (3)'],
      ['context', '<@UANA1>'],
      ['section', '`#3` <https://work.example/tasks/3?ref=d'],
      ['context', '*Bo*'],
      ['section', '`#4` <https://work.example/tasks/4?ref=d'],
      ['context', '_Unassigned_'],
      ['section', '`#5` <https://work.example/tasks/5?ref=d'],
      ['section', '*Due in the next 7 days* (1)'],
      ['context', '<@UANA1>'],
      ['section', '`#6` <https://work.example/tasks/6?ref=d'],
      ['context', expect.stringMatching(/^As of <!date\^\d+\^\{date_short_pret$/)],
    ]);
    expect(blockText(json(message.blocks)[1]!)).toBe(
      '• <@UANA1>: 2 due, 2 overdue\n• *Bo*: 2 due\n• _Unassigned_: 1 due',
    );
    expect(blockKitBreaches(message)).toEqual([]);
  });

  it('says when its lists were read if that was over 15 minutes before it posts (a long read-ahead)', () => {
    const footer = (listedAt: Date | undefined) => {
      const blocks = json(render(model(sample, { listedAt })).blocks);
      return blockText(blocks.at(-1)!);
    };
    const stamp = (at: Date) => `As of <!date^${Math.floor(at.getTime() / 1000)}^`;
    const longAgo = new Date(NOW.getTime() - 17 * 60_000);
    expect(footer(longAgo)).toMatch(new RegExp(`^${escapeRegExp(stamp(longAgo))}.*8:43 AM EST>$`));
    // A read-ahead of 5 or 10 minutes is as good as now.
    expect(footer(new Date(NOW.getTime() - 10 * 60_000))).toMatch(new RegExp(`^${escapeRegExp(stamp(NOW))}`));
    expect(footer(undefined)).toMatch(new RegExp(`^${escapeRegExp(stamp(NOW))}`));
  });

  it('gives each row a link, a date in the reader’s zone and a Done/Snooze menu naming the task', () => {
    const message = render(model(sample));
    const row6 = rows(message.blocks).at(-1)!;
    const due = Math.floor(Date.parse('2026-03-05T15:00:00.000Z') / 1000);
    expect(blockText(row6)).toBe(
      '`#6` ' +
        `<https://work.example/tasks/6?ref=digest&amp;x=1|Task 6> · due <!date^${due}^{date_short_pretty} at {time}|Thu, Mar 5, 2026, 10:00 AM EST> · with *Bo*`,
    );
    const menu = row6.accessory as {
      action_id: string;
      options: { text: { text: string }; value: string }[];
    };
    expect(menu.action_id).toBe(DIGEST_TASK_MENU_ACTION_ID);
    expect(menu.options.map((o) => [o.text.text, parseTaskActionValue(o.value)])).toEqual([
      ['Mark done', { ok: true, value: { action: 'done', subscriptionId: 'dg1', taskId: 6 } }],
      ['Snooze 1 day', { ok: true, value: { action: 'snooze_1d', subscriptionId: 'dg1', taskId: 6 } }],
      [
        'Snooze to next Monday',
        { ok: true, value: { action: 'snooze_next_monday', subscriptionId: 'dg1', taskId: 6 } },
      ],
    ]);
  });

  it('shows plain titles when the service has no web address to link to', () => {
    const message = render(model(sample, { taskUrl: () => undefined, moreUrl: undefined }));
    const row6 = rows(message.blocks).at(-1)!;
    expect(blockText(row6)).toMatch(/^`#6` Task 6 · due /);
    expect(JSON.stringify(message.blocks)).not.toContain('<http');
  });

  it('marks a late digest, and only a late one', () => {
    const late = render(
      model(sample, { firing: { ...onTime, late: true } }),
      new Date('2026-03-03T16:42:00Z'),
    );
    const at = Math.floor(Date.parse('2026-03-03T14:00:00Z') / 1000);
    expect(json(late.blocks)[1]).toMatchObject({ type: 'context' });
    expect(blockText(json(late.blocks)[1]!)).toBe(
      `:hourglass: Sent late: this digest was due at <!date^${at}^{time}|Tue, Mar 3, 2026, 9:00 AM EST>.`,
    );
    expect(late.text).toContain('(sent late)');
    const fine = render(model(sample));
    expect(allTexts(fine).some((t) => t.includes('late'))).toBe(false);
  });

  it('escapes user text so it cannot mention, link or break the markup', () => {
    const rogue = { id: 13, name: 'Ann <admin> & co' };
    const selection: DigestSelection = {
      overdue: [],
      dueToday: [
        makeTask(1, '2026-03-03T16:00:00.000Z', { title: '<!channel> <b>&</b> | a>b', assignees: [rogue] }),
      ],
      upcoming: [],
    };
    const message = render(model(selection, { slackUserIds: new Map([[rogue.id, '<!here>']]) }));
    const texts = allTexts(message).join('\n');
    expect(texts).toContain('&lt;!channel&gt; &lt;b&gt;&amp;&lt;/b&gt; ¦ a&gt;b');
    expect(texts).toContain('*Ann &lt;admin&gt; &amp; co*');
    expect(texts).not.toMatch(/<!channel>|<!here>|<b>|<admin>/);
  });

  it('stays within Block Kit limits with 500 tasks and 3000-character titles, with "and N more"', () => {
    const people = Array.from({ length: 60 }, (_, i) => ({
      id: 100 + i,
      name: `Person ${i} ${'é'.repeat(90)}`,
    }));
    const task = (id: number, due: string) =>
      makeTask(id, due, {
        title: `${'<&>'.repeat(500)}${'😀'.repeat(1000)}${id}`.slice(0, 3000),
        assignees: [people[id % 60]!, people[(id * 7) % 60]!],
      });
    const selection: DigestSelection = {
      overdue: Array.from({ length: 200 }, (_, i) => task(i + 1, '2026-03-01T15:00:00.000Z')),
      dueToday: Array.from({ length: 200 }, (_, i) => task(i + 201, '2026-03-03T20:00:00.000Z')),
      upcoming: Array.from({ length: 100 }, (_, i) => task(i + 401, '2026-03-06T15:00:00.000Z')),
    };
    const linked = new Map(people.filter((_, i) => i % 2 === 0).map((p) => [p.id, `U${p.id}X`]));
    const message = render(model(selection, { slackUserIds: linked, firing: { ...onTime, late: true } }));
    expect(blockKitBreaches(message)).toEqual([]);
    expect(message.blocks).toHaveLength(50);
    const texts = allTexts(message);
    expect(
      texts.some((t) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(t)),
    ).toBe(false);
    expect(texts.join('')).not.toMatch(/<&>/);

    const shownIds = rows(message.blocks).map((b) => {
      const parsed = parseTaskActionValue(
        (b.accessory as { options: { value: string }[] }).options[0]!.value,
      );
      return parsed.ok ? parsed.value.taskId : -1;
    });
    const shownIn = (lo: number, hi: number) => shownIds.filter((id) => id >= lo && id <= hi).length;
    const more = blockText(json(message.blocks).at(-2)!);
    const hidden = (label: string) => Number(new RegExp(`(\\d+) more ${label}`).exec(more)?.[1]);
    expect(shownIn(1, 200) + hidden('overdue')).toBe(200);
    expect(shownIn(201, 400) + hidden('due today')).toBe(200);
    expect(shownIn(401, 500) + hidden('due in the next 7 days')).toBe(100);
    // Turns keep every section visible rather than filling the message with overdue tasks.
    for (const [lo, hi] of [
      [1, 200],
      [201, 400],
      [401, 500],
    ] as const)
      expect(shownIn(lo, hi)).toBeGreaterThanOrEqual(5);
    expect(more).toContain('<https://work.example/digest/dg1|See them all>');
  });

  it('shows everything when it just fits, and cuts with a count one task later', () => {
    const today = (n: number): DigestSelection => ({
      overdue: [],
      dueToday: Array.from({ length: n }, (_, i) =>
        makeTask(i + 1, '2026-03-03T20:00:00.000Z', { assignees: [bo] }),
      ),
      upcoming: [],
    });
    // header + summary + footer + section title + group heading = 5 blocks, leaving 45 rows.
    const full = render(model(today(45)));
    expect(full.blocks).toHaveLength(50);
    expect(rows(full.blocks)).toHaveLength(45);
    expect(allTexts(full).some((t) => t.includes('more'))).toBe(false);
    const over = render(model(today(46)));
    expect(over.blocks).toHaveLength(50);
    expect(rows(over.blocks)).toHaveLength(44);
    expect(blockText(json(over.blocks).at(-2)!)).toMatch(/^…and 2 more due today\. </);
  });

  it('sums up many people within one section and names how many more', () => {
    const selection: DigestSelection = {
      overdue: [],
      dueToday: Array.from({ length: 300 }, (_, i) =>
        makeTask(i + 1, '2026-03-03T20:00:00.000Z', {
          assignees: [{ id: i + 1, name: `${'N'.repeat(90)} ${i}` }],
        }),
      ),
      upcoming: [],
    };
    const message = render(model(selection));
    const summary = blockText(json(message.blocks)[1]!);
    expect(summary.length).toBeLessThanOrEqual(3000);
    expect(summary).toMatch(/\n…and \d+ more people$/);
    const listed = summary.split('\n').length - 1;
    expect(Number(/and (\d+) more/.exec(summary)?.[1]) + listed).toBe(300);
    expect(blockKitBreaches(message)).toEqual([]);
  });

  it('posts a "nothing due" message only when asked to', () => {
    const empty: DigestSelection = { overdue: [], dueToday: [], upcoming: [] };
    expect(digestMessage(model(empty), NOW)).toBeNull();
    const message = render(model(empty, { subscription: { ...sub, postWhenEmpty: true } }));
    expect(message.text).toBe('Due tasks for Tuesday 3 March: nothing due.');
    expect(json(message.blocks).map(blockText)[1]).toBe(
      ':tada: Nothing overdue, due today or due in the next 7 days.',
    );
    expect(blockKitBreaches(message)).toEqual([]);
  });

  it('re-renders in place after Done: the task leaves, counts drop, block ids are new', () => {
    const tasks: DigestTask[] = [...sample.overdue, ...sample.dueToday, ...sample.upcoming];
    const select = (list: DigestTask[]) =>
      selectTasks(sub, new Map([[1, list]]), {
        now: NOW,
        doneStatusIds: new Set([DONE.id]),
        localDate: '2026-03-03',
      });
    const before = render(model(select(tasks)));
    const afterDone = tasks.map((t) => (t.id === 3 ? { ...t, status: DONE } : t));
    const after = render(model(select(afterDone)), new Date(NOW.getTime() + 5 * 60_000));
    const taskIds = (m: typeof before) =>
      rows(m.blocks).map(
        (b) => (b.accessory as { options: { value: string }[] }).options[0]!.value.split(':')[2],
      );
    expect(taskIds(before)).toContain('3');
    expect(taskIds(after)).not.toContain('3');
    expect(blockText(json(after.blocks)[1]!)).toContain('<@UANA1>: 1 due, 2 overdue');
    expect(after.text).toContain('2 due today');
    const ids = (m: typeof before) => json(m.blocks).map((b) => b.block_id);
    expect(ids(after).filter((id) => ids(before).includes(id))).toEqual([]);
  });
});
