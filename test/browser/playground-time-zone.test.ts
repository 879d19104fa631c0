/**
 * A person's time zone changed from the playground's sidebar, in a real browser: the page tells the
 * emulator, which sends the app Slack's `user_change`; the app then reads the person's dates in the
 * new zone (a date without a time is the end of that day where they are), and the page shows times
 * in it. The real app, the emulator and the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { CHROMIUM } from './chromium.ts';
import { api, messageWith, open, page, system, type, usePlaygroundSession } from './playground-session.ts';

const dueOf = async (taskId: number) => (await api.tasks.get(taskId)).due_date;

describe.runIf(CHROMIUM.mustRun)('a time zone changed in the playground', () => {
  usePlaygroundSession('playground-time-zone');

  it('shows the person’s zone; once changed, the app reads their dates there', async () => {
    await open('U0ANA', 'C0WEBSITE');
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    expect(await zone.inputValue()).toBe('Europe/London');

    // Zones without daylight saving, so the ends of days below hold all year: Dubai is UTC+4.
    await zone.selectOption('Asia/Dubai');
    await expect.poll(() => system.emulator.user('U0ANA')?.tz).toBe('Asia/Dubai');
    await type('Message #website', '/task due 3 tomorrow');
    await page.keyboard.press('Enter');
    await messageWith('Publish release notes').waitFor();
    await expect.poll(() => dueOf(3)).toMatch(/T19:59:59\.999Z$/);

    await zone.selectOption('Asia/Tokyo');
    await expect.poll(() => system.emulator.user('U0ANA')?.tz).toBe('Asia/Tokyo');
    expect(await zone.inputValue()).toBe('Asia/Tokyo');

    // In Tokyo (UTC+9, no daylight saving), the end of a day is 14:59:59 UTC.
    await type('Message #website', '/task due 3 tomorrow');
    await page.keyboard.press('Enter');
    await expect.poll(() => dueOf(3)).toMatch(/T14:59:59\.999Z$/);
  });
});
