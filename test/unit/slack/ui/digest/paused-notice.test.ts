import { describe, expect, it } from 'vitest';
import { pausedNoticeMessage } from '../../../../../src/slack/ui/digest/paused-notice.ts';

describe('pausedNoticeMessage', () => {
  it('names the channel, how many digests and why, and what to do', () => {
    const one = pausedNoticeMessage({ channelId: 'C0WEB', count: 1, code: 'not_in_channel' });
    expect(one.text).toBe(
      'The scheduled digest you set up in <#C0WEB> is paused: the app was removed from the channel. ' +
        'Add the app to the channel again, then resume them from `/task digest show` there.',
    );
    expect(one.blocks).toEqual([
      { type: 'section', block_id: 'digest:paused-notice', text: { type: 'mrkdwn', text: one.text } },
    ]);
    const three = pausedNoticeMessage({ channelId: 'C0WEB', count: 3, code: 'is_archived' });
    expect(three.text).toContain(
      'The 3 scheduled digests you set up in <#C0WEB> are paused: the channel was archived.',
    );
  });

  it('escapes an unexpected code rather than letting it inject markup', () => {
    const odd = pausedNoticeMessage({ channelId: 'C0WEB', count: 1, code: '<!channel>' });
    expect(odd.text).toContain('&lt;!channel&gt;');
    expect(odd.text).not.toContain('<!channel>');
  });
});
