import { describe, expect, it } from 'vitest';
import { slackCommandText } from '../../../src/local/chat-text.ts';

const names = {
  users: [
    { id: 'U0ANA', name: 'ana' },
    { id: 'U0BEN', name: 'ben' },
  ],
  channels: [{ id: 'C0WEBSITE', name: 'website' }],
};
const send = (typed: string) => slackCommandText(typed, names);

describe('the text npm run chat sends, as Slack sends it', () => {
  it('escapes &, < and > as Slack does, so typed markup stays text', () => {
    expect(send('/task new <b>x</b> & more')).toBe('/task new &lt;b&gt;x&lt;/b&gt; &amp; more');
    expect(send('/task new <@U0BEN> <!here> <https://evil.example|click>')).toBe(
      '/task new &lt;@U0BEN&gt; &lt;!here&gt; &lt;https://evil.example|click&gt;',
    );
    expect(send('/task new a &amp; b')).toBe('/task new a &amp;amp; b');
  });

  it('builds the mentions Slack would: known people and channels, and the special ones', () => {
    expect(send('/task new Fix it @ben due friday #website')).toBe(
      '/task new Fix it <@U0BEN|ben> due friday <#C0WEBSITE|website>',
    );
    expect(send('/task new Ping @Ben, @here and @channel (@everyone)')).toBe(
      '/task new Ping <@U0BEN|ben>, <!here> and <!channel> (<!everyone>)',
    );
  });

  it('leaves names it does not know, and @ or # inside a word, as typed', () => {
    expect(send('/task new Mail ana@example.com about #Mobile and @nobody')).toBe(
      '/task new Mail ana@example.com about #Mobile and @nobody',
    );
    expect(send('/task new @benjamin #websites')).toBe('/task new @benjamin #websites');
  });
});
