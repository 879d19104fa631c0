import { describe, expect, it } from 'vitest';
import { trailingDatePhrase } from '../../../src/lib/trailing-date.ts';

/** Thursday 26 November 2026, 10:00 in London. */
const at = { timeZone: 'Europe/London', now: new Date('2026-11-26T10:00:00Z') };

describe('a date phrase at the end of a title', () => {
  it('finds the longest run of last words that reads as a future date', () => {
    expect(trailingDatePhrase('Call the printer vendor tomorrow 3pm', at)).toBe('tomorrow 3pm');
    expect(trailingDatePhrase('Renew SSL certificates in 3 days', at)).toBe('in 3 days');
    expect(trailingDatePhrase('Prepare the board pack friday', at)).toBe('friday');
  });

  it('leaves titles alone whose words only look like dates, or a time with no day', () => {
    for (const title of [
      'Plan Monday meeting',
      'Read chapter 5',
      'Write 2026 plan',
      'Review the March report',
      'Call mom at 5',
      'Meet at noon',
      'Fix bug 404 now',
      'Release 1.2',
    ]) {
      expect(trailingDatePhrase(title, at), title).toBeNull();
    }
  });

  it('keeps at least one word of the title and ignores a date in the past', () => {
    expect(trailingDatePhrase('Tomorrow', at)).toBeNull();
    expect(trailingDatePhrase('Send the invoice 2026-11-01', at)).toBeNull();
  });
});
