/** The one test of channel ids that decides between "seen only by you in the channel" and a direct message. */
import { describe, expect, it } from 'vitest';
import { isChannelId } from '../../../../src/slack/kit/tell-person.ts';

describe('isChannelId', () => {
  it('accepts public and private channels', () => {
    expect(isChannelId('C0GENERAL')).toBe(true);
    expect(isChannelId('G0PRIVATE1')).toBe(true);
  });

  it('refuses direct messages, no channel, and anything that is not an id', () => {
    expect(isChannelId('D0ANA')).toBe(false);
    expect(isChannelId(null)).toBe(false);
    expect(isChannelId(undefined)).toBe(false);
    expect(isChannelId('')).toBe(false);
    expect(isChannelId('general')).toBe(false);
    expect(isChannelId('C0GEN ERAL')).toBe(false);
  });
});
