import { describe, expect, it } from 'vitest';
import { DIGEST_TASK_ACTIONS } from '../../../../../src/slack/ui/digest/ids.ts';
import {
  encodeTaskActionValue,
  MAX_OPTION_VALUE_LENGTH,
  parseTaskActionValue,
} from '../../../../../src/slack/ui/digest/task-action-value.ts';

describe('task menu option values', () => {
  it('round-trips every action within 75 characters, even for the longest ids', () => {
    const subscriptionId = 'x'.repeat(32);
    for (const action of DIGEST_TASK_ACTIONS) {
      const value = encodeTaskActionValue({ action, subscriptionId, taskId: Number.MAX_SAFE_INTEGER });
      expect(value.length).toBeLessThanOrEqual(MAX_OPTION_VALUE_LENGTH);
      expect(parseTaskActionValue(value)).toEqual({
        ok: true,
        value: { action, subscriptionId, taskId: Number.MAX_SAFE_INTEGER },
      });
    }
    expect(encodeTaskActionValue({ action: 'done', subscriptionId: 'dg1', taskId: 42 })).toBe('d:dg1:42');
  });

  it.each([
    [42, /must be a string/],
    ['x:dg1:42', /must look like/],
    ['d:dg1:42:9', /must look like/],
    ['d::42', /bad subscription id/],
    ['d:dg 1:42', /bad subscription id/],
    ['d:dg1:0', /bad task id: "0"/],
    ['d:dg1:-4', /bad task id/],
    ['d:dg1:4.5', /bad task id/],
    ['d:dg1:99999999999999999', /bad task id/],
    [`d:dg1:${'1'.repeat(80)}`, /longer than 75/],
  ])('names what is wrong with %j', (value, error) => {
    const parsed = parseTaskActionValue(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });

  it('refuses to encode ids that could not be read back', () => {
    expect(() => encodeTaskActionValue({ action: 'done', subscriptionId: 'a:b', taskId: 1 })).toThrow(
      /"a:b"/,
    );
    expect(() => encodeTaskActionValue({ action: 'done', subscriptionId: 'ab', taskId: 1.5 })).toThrow(
      /task id/,
    );
  });
});
