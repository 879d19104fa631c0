import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KnownBlock } from '../../../../src/slack/ui/block-types.ts';
import {
  ACTIONS,
  CONNECT_FIELDS,
  CREATE_TASK_FIELDS,
  LINK_FIELDS,
  SHORTCUTS,
  VIEWS,
} from '../../../../src/slack/ui/ids.ts';
import { capBlocks, joinWithin, LIMITS, plainText } from '../../../../src/slack/ui/limits.ts';
import { memberOptions, projectOptions } from '../../../../src/slack/ui/options.ts';
import { statusEmoji } from '../../../../src/slack/ui/status-color.ts';
import {
  decodeListPage,
  decodeOverflowValue,
  decodeTaskBlockId,
  decodeTaskRef,
  encodeListPage,
  encodeOverflowValue,
  encodeTaskRef,
  taskBlockId,
} from '../../../../src/slack/ui/values.ts';

const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

describe('values carried by buttons and menus', () => {
  it('round-trip a task reference through value, block_id and overflow value, within limits', () => {
    fc.assert(
      fc.property(
        id,
        id,
        fc.string(),
        fc.constantFrom('open', 'edit', 'delete') as fc.Arbitrary<'open' | 'edit' | 'delete'>,
        (taskId, projectId, version, choice) => {
          const ref = { taskId, projectId };
          expect(decodeTaskRef(encodeTaskRef(ref))).toEqual(ref);
          const blockId = taskBlockId(ref, version);
          expect(blockId.length).toBeLessThanOrEqual(LIMITS.blockId);
          expect(decodeTaskBlockId(blockId)).toEqual(ref);
          const overflow = encodeOverflowValue(choice, ref);
          expect(overflow.length).toBeLessThanOrEqual(LIMITS.optionValue);
          expect(decodeOverflowValue(overflow)).toEqual({ choice, ref });
        },
      ),
    );
  });

  it('reject anything that is not theirs', () => {
    for (const bad of ['', '1', '1.2.3', '0.1', '-1.2', 'a.b', '1.99999999999999999', '01.2']) {
      expect(decodeTaskRef(bad), bad).toBeNull();
    }
    expect(decodeTaskBlockId('home_actions')).toBeNull();
    expect(decodeOverflowValue('archive:1.2')).toBeNull();
  });

  it('round-trip a list page, within a button value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('mine', 'project') as fc.Arbitrary<'mine' | 'project'>,
        fc.integer({ min: 1, max: 10_000 }),
        fc.option(fc.string({ maxLength: 255 }), { nil: null }),
        fc.option(id, { nil: null }),
        (view, page, status, projectId) => {
          const value = encodeListPage({ view, page, status, projectId });
          expect(value.length).toBeLessThanOrEqual(LIMITS.buttonValue);
          expect(decodeListPage(value)).toEqual({ view, page, status, projectId });
        },
      ),
    );
    // Buttons already sent carry this text: it stays the same.
    expect(encodeListPage({ view: 'mine', page: 2, status: null, projectId: null })).toBe(
      '{"v":"mine","p":2}',
    );
    expect(encodeListPage({ view: 'project', page: 1, status: 'In "review" \\ ✓', projectId: 7 })).toBe(
      '{"v":"project","p":1,"s":"In \\"review\\" \\\\ ✓","j":7}',
    );
    for (const bad of [
      '',
      'x',
      '[]',
      '{"v":"mine","p":0}',
      '{"v":"other","p":1}',
      '{"v":"mine","p":1,"j":"7"}',
    ]) {
      expect(decodeListPage(bad), bad).toBeNull();
    }
  });
});

describe('ids', () => {
  it('are unique and within Slack’s lengths', () => {
    const fields = [CREATE_TASK_FIELDS, CONNECT_FIELDS, LINK_FIELDS].flatMap((group) => Object.values(group));
    const all = [
      ...Object.values(ACTIONS),
      ...Object.values(VIEWS),
      ...Object.values(SHORTCUTS),
      ...fields.flatMap((f) => [f.block, f.action]),
    ];
    expect(new Set(all).size).toBe(all.length);
    for (const value of all) expect(value.length).toBeLessThanOrEqual(255);
    expect(SHORTCUTS).toEqual({
      createTaskFromMessage: 'create_task_message',
      createTaskGlobal: 'create_task_global',
    });
  });
});

describe('limit helpers', () => {
  it('plainText is never empty and never too long', () => {
    expect(plainText('', 10).text).toBe(' ');
    expect(plainText('a'.repeat(100), 24).text).toHaveLength(24);
  });

  it('joinWithin keeps whole items and says how many are left out', () => {
    expect(joinWithin(['<@U1>', '<@U2>', '<@U3>'], ', ', 100)).toBe('<@U1>, <@U2>, <@U3>');
    expect(joinWithin(['<@U1>', '<@U2>', '<@U3>'], ', ', 20)).toBe('<@U1>, and 2 more');
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 30 }), { maxLength: 60 }),
        fc.integer({ min: 12, max: 400 }),
        (items, max) => {
          expect(joinWithin(items, ', ', max).length).toBeLessThanOrEqual(max);
        },
      ),
    );
  });

  it('capBlocks never exceeds the cap and reports what it hid', () => {
    const blocks: KnownBlock[] = Array.from({ length: 120 }, () => ({ type: 'divider' }));
    const capped = capBlocks(blocks, 50);
    expect(capped).toHaveLength(50);
    expect(JSON.stringify(capped.at(-1))).toContain('…and 71 more');
    expect(capBlocks(blocks.slice(0, 50), 50)).toHaveLength(50);
  });
});

describe('statusEmoji', () => {
  it.each([
    ['#22C55E', ':large_green_square:'],
    ['#3B82F6', ':large_blue_square:'],
    ['#EF4444', ':large_red_square:'],
    ['#F59E0B', ':large_orange_square:'],
    ['#FACC15', ':large_yellow_square:'],
    ['#8B5CF6', ':large_purple_square:'],
    ['#000000', ':black_large_square:'],
    ['#FFFFFF', ':white_large_square:'],
    ['not a colour', ':white_large_square:'],
  ])('%s → %s', (hex, emoji) => {
    expect(statusEmoji(hex)).toBe(emoji);
  });
});

describe('options for selects', () => {
  const members = [
    { id: 1, name: 'Ana Lima', email: 'ana@acme.test' },
    { id: 2, name: 'Ángel Ruiz', email: 'angel@acme.test' },
  ];

  it('filter members by name (ignoring accents) or email, the suggestion first', () => {
    expect(memberOptions(members, 'angel').map((o) => o.value)).toEqual(['2']);
    expect(memberOptions(members, 'ACME', { id: 2 }).map((o) => o.value)).toEqual(['2', '1']);
    expect(memberOptions(members, '').length).toBe(2);
  });

  it('keep to 100 options of short values, and leave archived projects out', () => {
    const projects = Array.from({ length: 150 }, (_, i) => ({
      id: i + 1,
      name: `Project ${i} ${'x'.repeat(100)}`,
      archived_at: null,
    }));
    const options = projectOptions([
      ...projects,
      { id: 999, name: 'Old', archived_at: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(options).toHaveLength(100);
    for (const o of options) expect(o.text.text.length).toBeLessThanOrEqual(75);
    expect(
      projectOptions([{ id: 999, name: 'Old', archived_at: '2026-01-01T00:00:00.000Z' }], 'old'),
    ).toEqual([]);
  });
});
