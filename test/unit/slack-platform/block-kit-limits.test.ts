import { describe, expect, it } from 'vitest';
import {
  BLOCK_KIT_LIMITS,
  formatProblem,
  validateBlocks,
  validateMessage,
  validateView,
} from '../../../src/slack-platform/block-kit-limits.ts';

const section = (text: string, extra: Record<string, unknown> = {}) => ({
  type: 'section',
  text: { type: 'mrkdwn', text },
  ...extra,
});
const button = (text: string, extra: Record<string, unknown> = {}) => ({
  type: 'button',
  action_id: 'act',
  text: { type: 'plain_text', text },
  ...extra,
});
const option = (text: string, value = 'v') => ({ text: { type: 'plain_text', text }, value });
const modal = (extra: Record<string, unknown> = {}) => ({
  type: 'modal',
  title: { type: 'plain_text', text: 'New task' },
  blocks: [section('hi')],
  ...extra,
});
const codes = (problems: Array<{ code: string }>) => problems.map((problem) => problem.code);
const pointers = (problems: Array<{ pointer: string }>) => problems.map((problem) => problem.pointer);

describe('validateMessage', () => {
  it('accepts a message within every limit', () => {
    expect(
      validateMessage({
        text: 'Task created',
        blocks: [
          { type: 'header', text: { type: 'plain_text', text: 'x'.repeat(150) } },
          section('y'.repeat(3000), { accessory: button('z'.repeat(75), { value: 'v'.repeat(2000) }) }),
          { type: 'context', elements: Array.from({ length: 10 }, () => ({ type: 'mrkdwn', text: 'c' })) },
          {
            type: 'actions',
            elements: Array.from({ length: 25 }, (_, i) => button('b', { action_id: `a${i}` })),
          },
          { type: 'divider' },
        ],
      }),
    ).toEqual([]);
  });

  it('refuses blocks without a text fallback, and an empty message', () => {
    expect(codes(validateMessage({ blocks: [section('hi')] }))).toEqual(['missing_text_fallback']);
    expect(codes(validateMessage({ text: '  ', blocks: [section('hi')] }))).toEqual([
      'missing_text_fallback',
    ]);
    expect(codes(validateMessage({}))).toEqual(['no_text']);
  });

  it('holds message text to 4000 characters', () => {
    expect(validateMessage({ text: 'x'.repeat(BLOCK_KIT_LIMITS.messageText) })).toEqual([]);
    expect(codes(validateMessage({ text: 'x'.repeat(4001) }))).toEqual(['msg_too_long']);
  });

  it('counts blocks: 50 in a message', () => {
    const fifty = Array.from({ length: 50 }, () => ({ type: 'divider' }));
    expect(validateMessage({ text: 't', blocks: fifty })).toEqual([]);
    const problems = validateMessage({ text: 't', blocks: [...fifty, { type: 'divider' }] });
    expect(problems).toEqual([
      { code: 'invalid_blocks', pointer: '/blocks', message: 'must hold at most 50 blocks (got 51)' },
    ]);
  });

  it('checks section text 1–3000, fields ≤ 10 of ≤ 2000', () => {
    const fields = (count: number, length = 5) =>
      Array.from({ length: count }, () => ({ type: 'mrkdwn', text: 'f'.repeat(length) }));
    expect(pointers(validateMessage({ text: 't', blocks: [section('x'.repeat(3001))] }))).toEqual([
      '/blocks/0/text/text',
    ]);
    expect(pointers(validateMessage({ text: 't', blocks: [section('')] }))).toEqual(['/blocks/0/text/text']);
    expect(validateMessage({ text: 't', blocks: [{ type: 'section', fields: fields(10, 2000) }] })).toEqual(
      [],
    );
    expect(
      pointers(validateMessage({ text: 't', blocks: [{ type: 'section', fields: fields(11) }] })),
    ).toEqual(['/blocks/0/fields']);
    expect(
      pointers(validateMessage({ text: 't', blocks: [{ type: 'section', fields: fields(1, 2001) }] })),
    ).toEqual(['/blocks/0/fields/0/text']);
    expect(pointers(validateMessage({ text: 't', blocks: [{ type: 'section' }] }))).toEqual(['/blocks/0']);
  });

  it('checks headers (plain_text, ≤ 150), context (≤ 10) and actions (≤ 25)', () => {
    const problems = validateMessage({
      text: 't',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'x'.repeat(151) } },
        { type: 'header', text: { type: 'mrkdwn', text: 'bold' } },
        { type: 'context', elements: Array.from({ length: 11 }, () => ({ type: 'plain_text', text: 'c' })) },
        {
          type: 'actions',
          elements: Array.from({ length: 26 }, (_, i) => button('b', { action_id: `a${i}` })),
        },
      ],
    });
    expect(pointers(problems)).toEqual([
      '/blocks/0/text/text',
      '/blocks/1/text/type',
      '/blocks/2/elements',
      '/blocks/3/elements',
    ]);
  });

  it('checks buttons: text ≤ 75, value ≤ 2000, url ≤ 3000, style, ids ≤ 255', () => {
    const problems = validateMessage({
      text: 't',
      blocks: [
        {
          type: 'actions',
          block_id: 'b'.repeat(256),
          elements: [
            button('x'.repeat(76), { action_id: 'one' }),
            button('ok', { action_id: 'two', value: 'v'.repeat(2001) }),
            button('ok', { action_id: 'three', url: `https://x/${'u'.repeat(3000)}` }),
            button('ok', { action_id: 'a'.repeat(256) }),
            button('ok', { action_id: 'five', style: 'loud' }),
          ],
        },
      ],
    });
    expect(pointers(problems)).toEqual([
      '/blocks/0/block_id',
      '/blocks/0/elements/0/text/text',
      '/blocks/0/elements/1/value',
      '/blocks/0/elements/2/url',
      '/blocks/0/elements/3/action_id',
      '/blocks/0/elements/4/style',
    ]);
  });

  it('wants block_ids unique and action_ids unique within a block', () => {
    const problems = validateMessage({
      text: 't',
      blocks: [
        section('a', { block_id: 'same' }),
        section('b', { block_id: 'same' }),
        { type: 'actions', elements: [button('1', { action_id: 'x' }), button('2', { action_id: 'x' })] },
      ],
    });
    expect(problems.map((problem) => problem.message)).toEqual([
      'block_id "same" is used twice',
      'action_id "x" is used twice',
    ]);
  });

  it('checks options: text ≤ 75, value ≤ 75, ≤ 100 in a select, ≤ 5 in an overflow', () => {
    const select = (options: unknown[]) => ({ type: 'static_select', action_id: 's', options });
    const problems = validateMessage({
      text: 't',
      blocks: [
        section('pick', { accessory: select([option('x'.repeat(76)), option('ok', 'v'.repeat(76))]) }),
        section('many', {
          accessory: select(Array.from({ length: 101 }, (_, i) => option(`o${i}`, `v${i}`))),
        }),
        section('menu', {
          accessory: {
            type: 'overflow',
            action_id: 'o',
            options: Array.from({ length: 6 }, () => option('o')),
          },
        }),
      ],
    });
    expect(pointers(problems)).toEqual([
      '/blocks/0/accessory/options/0/text/text',
      '/blocks/0/accessory/options/1/value',
      '/blocks/1/accessory/options',
      '/blocks/2/accessory/options',
    ]);
  });

  it('names unknown block and element types, and refuses a non-array', () => {
    expect(pointers(validateMessage({ text: 't', blocks: [{ type: 'banner' }] }))).toEqual([
      '/blocks/0/type',
    ]);
    expect(
      pointers(
        validateMessage({
          text: 't',
          blocks: [{ type: 'actions', elements: [{ type: 'slider', action_id: 'x' }] }],
        }),
      ),
    ).toEqual(['/blocks/0/elements/0/type']);
    expect(codes(validateMessage({ text: 't', blocks: 'nope' }))).toEqual(['invalid_blocks_format']);
  });

  it('formats problems as Slack does in response_metadata', () => {
    const [problem] = validateMessage({ text: 't', blocks: [section('x'.repeat(3001))] });
    expect(formatProblem(problem!)).toBe(
      '[ERROR] text must be at most 3000 characters (got 3001) [json-pointer:/blocks/0/text/text]',
    );
  });
});

describe('validateView', () => {
  it('accepts a modal and a home tab within limits', () => {
    expect(validateView(modal({ submit: { type: 'plain_text', text: 'Create' } }))).toEqual([]);
    expect(
      validateView({ type: 'home', blocks: Array.from({ length: 100 }, () => ({ type: 'divider' })) }),
    ).toEqual([]);
  });

  it('holds titles, submit and close to 24 plain_text characters', () => {
    const problems = validateView(
      modal({
        title: { type: 'plain_text', text: 'x'.repeat(25) },
        submit: { type: 'mrkdwn', text: 'Go' },
        close: { type: 'plain_text', text: 'c'.repeat(25) },
      }),
    );
    expect(pointers(problems)).toEqual(['/view/title/text', '/view/submit/type', '/view/close/text']);
    expect(pointers(validateView({ type: 'modal', blocks: [] }))).toEqual(['/view/title']);
  });

  it('wants submit when there are inputs', () => {
    const input = {
      type: 'input',
      block_id: 'title',
      label: { type: 'plain_text', text: 'Title' },
      element: { type: 'plain_text_input', action_id: 'value' },
    };
    expect(pointers(validateView(modal({ blocks: [input] })))).toEqual(['/view/submit']);
    expect(validateView(modal({ blocks: [input], submit: { type: 'plain_text', text: 'Save' } }))).toEqual(
      [],
    );
  });

  it('holds private_metadata to 3000, callback_id to 255, blocks to 100, JSON to 250 kB', () => {
    const problems = validateView(
      modal({
        private_metadata: 'm'.repeat(3001),
        callback_id: 'c'.repeat(256),
        blocks: Array.from({ length: 101 }, () => ({ type: 'divider' })),
      }),
    );
    expect(pointers(problems)).toEqual(['/view/private_metadata', '/view/callback_id', '/view/blocks']);
    const huge = modal({ blocks: Array.from({ length: 90 }, () => section('x'.repeat(2900))) });
    expect(validateView(huge).map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^view JSON must be at most 250000 bytes/),
    ]);
  });

  it('refuses other view types and non-objects', () => {
    expect(pointers(validateView({ type: 'workflow_step', blocks: [] }))).toEqual(['/view/type']);
    expect(pointers(validateView(null))).toEqual(['/view']);
    expect(codes(validateView(null))).toEqual(['invalid_arguments']);
  });

  it('refuses input blocks in messages', () => {
    const problems = validateBlocks([
      { type: 'input', label: { type: 'plain_text', text: 'x' }, element: { type: 'plain_text_input' } },
    ]);
    expect(problems.map((problem) => problem.message)).toEqual([
      'input blocks belong in modals and Home tabs',
    ]);
  });
});
