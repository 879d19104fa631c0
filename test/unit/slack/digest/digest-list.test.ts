/** `/task digest show` and `off`: every digest said plainly, with its buttons, within a message's limits. */
import { describe, expect, it } from 'vitest';
import type { DigestSubscription } from '../../../../src/digest/types.ts';
import { renderDigestList } from '../../../../src/slack/features/digest/digest-list.ts';
import { allStrings, expectMessageWithinLimits } from '../support/block-kit.ts';

const NOW = new Date('2026-01-14T10:00:00.000Z');

function sub(i: number, extra: Partial<DigestSubscription> = {}): DigestSubscription {
  return {
    id: `sub${i}`,
    teamId: 'T1',
    channelId: 'C1',
    createdBy: 'U1',
    projectIds: [1, 2],
    time: `${String(8 + (i % 10)).padStart(2, '0')}:00`,
    timeZone: 'America/New_York',
    days: [1, 2, 3, 4, 5],
    sections: { overdue: true, dueToday: true, dueWithinDays: 3 },
    filters: {},
    postWhenEmpty: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const names = new Map([
  [1, 'Website <script>'],
  [2, 'Mobile & co'],
]);

describe('the digest list', () => {
  it('says each digest’s schedule, projects, sections and next run, with Edit and Turn off', () => {
    const next = new Date('2026-01-14T14:00:00.000Z');
    const message = renderDigestList(
      { channelId: 'C1', items: [{ subscription: sub(1), next }], projectNames: names },
      NOW,
    );
    expectMessageWithinLimits(message);
    const text = JSON.stringify(message.blocks);
    expect(text).toContain('09:00 America/New_York (EST), weekdays');
    expect(text).toContain('overdue, due today and due in the next 3 days');
    expect(text).toContain(`<!date^${next.getTime() / 1000}^`);
    expect(text).toContain('digest_edit');
    expect(text).toContain('digest_remove');
    expect(text).not.toContain('digest_resume');
    // Project names are the service's text: escaped.
    expect(allStrings(message.blocks).some((s) => s.includes('<script>'))).toBe(false);
    expect(text).toContain('Website &lt;script&gt;');
  });

  it('shows a paused digest with why and a Resume button, and its filters', () => {
    const paused = sub(2, {
      paused: { reason: 'Slack answered not_in_channel', at: '2026-01-13T14:00:00.000Z' },
      filters: { statuses: ['To do'], assigneeIds: [7] },
    });
    const message = renderDigestList(
      {
        channelId: 'C1',
        items: [{ subscription: paused, next: null }],
        projectNames: names,
        memberNames: new Map([[7, 'Ben']]),
      },
      NOW,
    );
    const text = JSON.stringify(message.blocks);
    expect(text).toContain('Paused');
    expect(text).toContain('not_in_channel');
    expect(text).toContain('digest_resume');
    expect(text).toContain('status To do; assigned to Ben');
  });

  it('keeps 25 digests within 50 blocks and asks which to turn off, with a button for all', () => {
    const items = Array.from({ length: 25 }, (_, i) => ({ subscription: sub(i), next: null }));
    const message = renderDigestList({ channelId: 'C1', items, projectNames: names, purpose: 'off' }, NOW);
    expectMessageWithinLimits(message);
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    const text = JSON.stringify(message.blocks);
    expect(text).toContain('Which should stop?');
    expect(text).toContain('digest_remove_all');
    expect(text).toMatch(/and \d+ more/);
  });

  it('says how to set one up when the channel has none', () => {
    const message = renderDigestList({ channelId: 'C1', items: [], projectNames: names }, NOW);
    expectMessageWithinLimits(message);
    expect(message.text).toContain('/task digest');
  });
});
