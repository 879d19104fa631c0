/** Status colours as squares: the nearest square is remembered per colour, answers unchanged. */
import { describe, expect, it } from 'vitest';
import { statusEmoji } from '../../../../src/slack/ui/status-color.ts';

describe('statusEmoji', () => {
  it('gives the nearest square, the same when asked again', () => {
    for (let round = 0; round < 3; round++) {
      expect(statusEmoji('#DD2E44')).toBe(':large_red_square:');
      expect(statusEmoji('#94A3B8')).toBe(':large_purple_square:');
      expect(statusEmoji('22c55e')).toBe(':large_green_square:');
      expect(statusEmoji('#3b82f6')).toBe(':large_blue_square:');
      expect(statusEmoji('not a colour')).toBe(':white_large_square:');
    }
  });

  it('answers past the memo’s bound as at first', () => {
    for (let i = 0; i < 1_500; i++) statusEmoji(`#0000${(i % 256).toString(16).padStart(2, '0')}${i}`);
    expect(statusEmoji('#DD2E44')).toBe(':large_red_square:');
  });
});
