/** Slack's date tokens: a date in each reader's own zone, with an escaped fallback. */
import { describe, expect, it } from 'vitest';
import { dueMrkdwn, slackDate } from '../../../src/slack-platform/date-tokens.ts';

const NY = 'America/New_York';

describe('showing due dates', () => {
  it('builds Slack date tokens with an escaped fallback', () => {
    expect(slackDate(new Date('2026-11-20T15:00:00Z'), '{date_short_pretty} at {time}', 'Fri <b> & |x')).toBe(
      '<!date^1795186800^{date_short_pretty} at {time}|Fri &lt;b&gt; &amp; ¦x>',
    );
  });

  it('shows a date alone for end-of-day, date and time for timed dues', () => {
    expect(dueMrkdwn(new Date('2026-11-21T04:59:59.999Z'), NY)).toBe(
      '<!date^1795237199^{date_short_pretty}|Fri, Nov 20, 2026>',
    );
    expect(dueMrkdwn(new Date('2026-11-21T22:00:00.000Z'), NY)).toBe(
      '<!date^1795298400^{date_short_pretty} at {time}|Sat, Nov 21, 2026, 5:00 PM EST>',
    );
    // A calendar date is shown at noon UTC, the same day for nearly every reader.
    expect(dueMrkdwn(new Date('2026-12-01T00:00:00.000Z'), NY)).toBe(
      '<!date^1796126400^{date_short_pretty}|Tue, Dec 1, 2026>',
    );
  });
});
