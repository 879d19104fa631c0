import { describe, expect, it } from 'vitest';
import { renderCreatedMessage } from '../../../../src/slack/features/create/created.ts';
import {
  cardTitleFromText,
  replaceCardBlocks,
  sharedByInCard,
} from '../../../../src/slack/features/tasks/task-card-message.ts';
import { renderDeletedTask, renderTaskCard } from '../../../../src/slack/ui/messages/task-card.ts';
import { renderTaskNotice } from '../../../../src/slack/ui/messages/task-notice.ts';
import { expectMessageWithinLimits } from '../support/block-kit.ts';
import { LINKS, STATUSES, task } from '../support/fixtures.ts';

const NOW = new Date('2026-11-20T15:00:00.000Z');
const model = { task: task(), statuses: STATUSES, slackUserIds: LINKS, timeZone: 'America/New_York' };

describe('replaceCardBlocks', () => {
  it('swaps only the card in a message that holds more, keeping the lines around it', () => {
    const created = renderCreatedMessage({ card: model, creatorSlackUserId: 'U0ANA' }, NOW);
    const done = renderTaskCard(
      { ...model, task: task({ status: { id: 3, name: 'Done', color: '#22C55E' } }) },
      NOW,
    );
    const blocks = replaceCardBlocks(created.blocks, 42, done.blocks);
    expect(blocks[0]).toEqual(created.blocks[0]);
    expect(blocks.slice(1)).toEqual(done.blocks);
    expectMessageWithinLimits({ text: done.text, blocks });
  });

  it('leaves other tasks’ cards alone, and puts the card alone where there was none', () => {
    const other = renderTaskCard({ ...model, task: task({ id: 43, title: 'Other' }) }, NOW);
    const mine = renderTaskCard(model, NOW);
    const both = [...other.blocks, ...mine.blocks];
    const tomb = renderDeletedTask({ taskId: 42, title: 'Fix login bug' }, NOW);
    const after = replaceCardBlocks(both, 42, tomb.blocks);
    expect(after).toEqual([...other.blocks, ...tomb.blocks]);
    expect(replaceCardBlocks(undefined, 42, mine.blocks)).toEqual(mine.blocks);
  });
});

describe('reading a card back', () => {
  it('finds the title in the fallback text, unescaped, and who shared the card', () => {
    const card = renderTaskCard(
      { ...model, task: task({ title: 'Fix <login> & co' }), sharedBySlackUserId: 'U0BEN' },
      NOW,
    );
    expect(cardTitleFromText(card.text, 42)).toBe('Fix <login> & co');
    expect(cardTitleFromText(card.text, 41)).toBeNull();
    expect(cardTitleFromText(undefined, 42)).toBeNull();
    expect(sharedByInCard(card.blocks, 42)).toBe('U0BEN');
    expect(sharedByInCard(renderTaskCard(model, NOW).blocks, 42)).toBeNull();
  });
});

describe('task notices', () => {
  const undo = { ref: { taskId: 42, projectId: 7 }, from: 2, to: 3, until: NOW.getTime() + 60_000 };

  it('offer Undo until its deadline and not after', () => {
    const before = renderTaskNotice({ text: 'Done.', undo }, NOW);
    expect(before.accessory).toMatchObject({ action_id: 'task_undo', value: '42.7:2>3:1795186860' });
    const after = renderTaskNotice({ text: 'Done.', undo }, new Date(undo.until + 1));
    expect(after.accessory).toBeUndefined();
  });

  it('sit on a card between its actions and its footer, within limits', () => {
    const card = renderTaskCard(
      { ...model, notice: { text: ':white_check_mark: Done.', undo }, shareable: true },
      NOW,
    );
    expectMessageWithinLimits(card);
    const parts = card.blocks.map((b) => {
      const id = (b as { block_id?: string }).block_id ?? '';
      return id.startsWith('card:42.7:') ? id.slice('card:42.7:'.length) : id.split(':')[0];
    });
    expect(parts).toEqual(['title', 'fields', 'task', 'notice', 'share', 'footer']);
  });
});
