import { describe, expect, it } from 'vitest';
import {
  readConnectSubmission,
  renderConnectView,
} from '../../../../../src/slack/features/account/connect.ts';
import { readLinkSubmission, renderLinkView } from '../../../../../src/slack/features/account/link.ts';
import type { InputBlock } from '../../../../../src/slack/ui/block-types.ts';
import { CONNECT_FIELDS, LINK_FIELDS, VIEWS } from '../../../../../src/slack/ui/ids.ts';
import { expectViewWithinLimits } from '../../support/block-kit.ts';

const F = CONNECT_FIELDS;

function connectValues(baseUrl: string, token: string) {
  return {
    [F.baseUrl.block]: { [F.baseUrl.action]: { type: 'plain_text_input', value: baseUrl } },
    [F.token.block]: { [F.token.action]: { type: 'plain_text_input', value: token } },
  };
}

describe('renderConnectView', () => {
  it('asks for URL and token when not connected', () => {
    const view = renderConnectView({ current: null });
    expectViewWithinLimits(view);
    expect(view.callback_id).toBe(VIEWS.connect);
    expect(JSON.stringify(view.blocks)).toContain('Not connected yet');
  });

  it('shows where it is connected and never a token', () => {
    const view = renderConnectView({
      current: {
        baseUrl: 'https://work.test/api',
        connectedAt: new Date('2026-11-01T10:00:00Z'),
        connectedBySlackUserId: 'U0ANA',
      },
      problem: 'The service refused the token (401).',
    });
    expectViewWithinLimits(view);
    const text = JSON.stringify(view);
    expect(text).toContain('Connected to `https://work.test/api` by <@U0ANA>');
    expect(text).toContain('The service refused the token (401).');
    const token = view.blocks.find((b) => b.block_id === F.token.block);
    expect(token).toMatchObject({ element: { type: 'plain_text_input' } });
    expect(JSON.stringify(token)).not.toContain('initial_value');
    expect(view.title.text).toBe('Reconnect the service');
  });
});

describe('readConnectSubmission', () => {
  it('accepts https, and http on loopback, trimming a trailing slash', () => {
    expect(readConnectSubmission(connectValues(' https://work.test/api/ ', ' tok_123 '))).toEqual({
      ok: true,
      value: { baseUrl: 'https://work.test/api', token: 'tok_123' },
    });
    expect(readConnectSubmission(connectValues('http://127.0.0.1:4010/api', 't'))).toMatchObject({
      ok: true,
    });
  });

  it.each([
    ['', 't', F.baseUrl.block, 'Enter the API base URL.'],
    ['work.test/api', 't', F.baseUrl.block, 'Enter a full URL, like https://work.example.com/api.'],
    ['ftp://work.test/api', 't', F.baseUrl.block, 'Enter a full URL, like https://work.example.com/api.'],
    ['http://work.test/api', 't', F.baseUrl.block, 'Use https: the token would travel in clear over http.'],
    [
      'https://u:p@work.test/api',
      't',
      F.baseUrl.block,
      'Leave credentials out of the URL; put the token in the token field.',
    ],
    [
      'https://work.test/api?x=1',
      't',
      F.baseUrl.block,
      'Leave out the ? and # parts: give the base URL only.',
    ],
    ['https://work.test/api', '', F.token.block, 'Enter an access token.'],
  ])('%s / %s → %s', (url, token, block, message) => {
    expect(readConnectSubmission(connectValues(url, token))).toEqual({
      ok: false,
      errors: { [block]: message },
    });
  });

  it('never repeats the token in an error', () => {
    const result = readConnectSubmission(connectValues('https://work.test/api', 'Bearer sekret-token-value'));
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain('sekret');
  });
});

const members = [
  { id: 1, name: 'Ana Lima', email: 'ana@acme.test' },
  { id: 2, name: 'Bob Stone', email: 'bob@acme.test' },
  { id: 3, name: 'Cleo <Admin>', email: 'cleo@acme.test' },
];

describe('renderLinkView', () => {
  it('lists members with the suggestion first and chosen', () => {
    const view = renderLinkView({ members, suggested: members[1] });
    expectViewWithinLimits(view);
    const input = view.blocks.find(
      (b): b is InputBlock => b.type === 'input' && b.block_id === LINK_FIELDS.member.block,
    );
    expect(input).toMatchObject({
      element: {
        type: 'static_select',
        initial_option: { value: '2', text: { text: 'Bob Stone (bob@acme.test)' } },
      },
    });
    const options = input?.element.type === 'static_select' ? input.element.options : [];
    expect(options?.map((o) => o.value)).toEqual(['2', '1', '3']);
    expect(JSON.stringify(view.blocks)).toContain('Suggested from your Slack profile: *Bob Stone*');
  });

  it('shows the current link and escapes names', () => {
    const view = renderLinkView({ members, current: { id: 3, name: 'Cleo <Admin>' } });
    expectViewWithinLimits(view);
    expect(JSON.stringify(view.blocks[0])).toContain("You're linked to *Cleo &lt;Admin&gt;*");
  });

  it('searches instead of listing past 100 members', () => {
    const many = Array.from({ length: 250 }, (_, i) => ({
      id: i + 1,
      name: `M${i} ${'n'.repeat(100)}`,
      email: `m${i}@acme.test`,
    }));
    const view = renderLinkView({ members: many, suggested: many[200] });
    expectViewWithinLimits(view);
    expect(view.blocks.find((b) => b.block_id === LINK_FIELDS.member.block)).toMatchObject({
      element: { type: 'external_select', min_query_length: 1, initial_option: { value: '201' } },
    });
  });

  it('says so when there is nobody to link to', () => {
    const view = renderLinkView({ members: [] });
    expectViewWithinLimits(view);
    expect(view.submit).toBeUndefined();
  });
});

describe('readLinkSubmission', () => {
  const chosen = (value: unknown) => ({
    [LINK_FIELDS.member.block]: {
      [LINK_FIELDS.member.action]: { type: 'static_select', selected_option: value },
    },
  });

  it('reads the chosen member', () => {
    expect(readLinkSubmission(chosen({ value: '2' }))).toEqual({ ok: true, value: { memberId: 2 } });
  });

  it('asks for a choice when there is none or it is not an id', () => {
    const error = { ok: false, errors: { [LINK_FIELDS.member.block]: 'Choose a member from the list.' } };
    expect(readLinkSubmission(chosen(null))).toEqual(error);
    expect(readLinkSubmission(chosen({ value: 'x' }))).toEqual(error);
    expect(readLinkSubmission({})).toEqual(error);
  });
});
