/**
 * Finding and reminders in the playground, in a real browser: `/task find` typed in a channel, a
 * result marked done from its button; Remind me chosen on a found task, then the app's clock moved
 * an hour on (the test holds it) and the reminders' look run, as the runner's timer would: the
 * direct message shows in the app's Messages tab. The real app, the emulator and the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock.ts';
import { CHROMIUM } from './chromium.ts';
import {
  messageWith,
  open,
  page,
  system,
  tasksTitled,
  type,
  usePlaygroundSession,
} from './playground-session.ts';

// Pinned to the real time at the start, so the app's checks of Slack's signatures still pass.
const clock = fixedClock(Date.now());

describe.runIf(CHROMIUM.mustRun)('find and reminders in the playground', () => {
  usePlaygroundSession('playground-find-remind', { clock });

  it('finds a task and marks it done from the results', async () => {
    await open('U0ANA', 'C0WEBSITE');
    expect((await tasksTitled('Update pricing page copy'))[0]?.status.name).not.toBe('Done');

    await type('Message #website', '/task find pricing');
    await page.keyboard.press('Enter');
    const pricing = messageWith('match “pricing”');
    await pricing.getByText('Update pricing page copy').waitFor();
    await pricing.getByRole('button', { name: 'Done', exact: true }).first().click();
    await expect
      .poll(async () => (await tasksTitled('Update pricing page copy'))[0]?.status.name)
      .toBe('Done');
  });

  it('sets a reminder on a found task and its direct message arrives when it falls due', async () => {
    await open('U0ANA', 'C0WEBSITE');
    await type('Message #website', '/task find onboarding');
    await page.keyboard.press('Enter');
    const found = messageWith('match “onboarding”');
    await found.getByText('Write onboarding email sequence').waitFor();
    await found.getByRole('combobox', { name: 'Remind me' }).first().selectOption({ label: 'In 1 hour' });
    await messageWith('I’ll send you task').waitFor();

    clock.advance(61 * 60_000);
    expect(await system.app.deps.reminders.look()).toBe(1);
    await open('U0ANA', 'app');
    await messageWith('The reminder you set').getByText('Write onboarding email sequence').waitFor();
  });
});
