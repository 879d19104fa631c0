/**
 * The playground in a real browser: Debian's Chromium (playwright-core) on the page that
 * `npm start` serves, in front of the real app, the emulator and the sandbox. Each test does what
 * a person would (types, picks, clicks) and checks what the page then shows and what the service
 * then holds. Set PLAYGROUND_SCREENSHOT=docs/playground.png to refresh the README's screenshot.
 */
import { describe, expect, it } from 'vitest';
import { CHROMIUM } from './chromium.ts';
import {
  api,
  messageWith,
  open,
  page,
  system,
  tasksTitled,
  type,
  usePlaygroundSession,
} from './playground-session.ts';

const TEAM = 'T0001';

describe.runIf(CHROMIUM.mustRun)('the playground in Chromium', () => {
  usePlaygroundSession('playground');

  it('creates a task by command, with the verb suggested and a person picked with @', async () => {
    await open('U0ANA', 'C0WEBSITE');
    await type('Message #website', '/task ne');
    await page.getByRole('option', { name: /\/task new/ }).waitFor();
    await page.keyboard.press('Enter'); // completes the verb, as Slack's picker does
    await page.keyboard.type('Write the launch post @be');
    await page
      .getByRole('listbox', { name: 'Suggestions' })
      .getByRole('option', { name: /Ben Okafor/ })
      .click();
    await page.keyboard.type('due friday !high');
    await page.keyboard.press('Enter');

    const card = messageWith('Write the launch post');
    await card.getByRole('button', { name: 'Done', exact: true }).waitFor();
    const [task] = await tasksTitled('Write the launch post');
    expect(task?.priority).toBe('high');
    // @ben went out as <@U0BEN|ben>, so the app knew exactly who.
    expect(task?.assignees.map((a) => a.id)).toEqual([2]);
    await card.locator('.bk-field', { hasText: 'Ben Okafor' }).waitFor();
  });

  it('creates a task from a message with the message shortcut, its card in the thread', async () => {
    await open('U0CHLOE', 'C0WEBSITE');
    await type('Message #website', 'The pricing page shows last year’s prices');
    await page.keyboard.press('Enter');
    await open('U0ANA', 'C0WEBSITE');
    const source = messageWith('shows last year’s prices');
    await source.hover();
    await source.getByRole('button', { name: 'More actions' }).click();
    await source.getByRole('menuitem', { name: /Create task/ }).click();

    const modal = page.getByRole('dialog', { name: 'Create task' });
    await modal.waitFor();
    // Found by its label, as a screen reader names the box.
    expect(await modal.getByLabel('Title').inputValue()).toMatch(/pricing page/);
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.waitFor({ state: 'hidden' });

    await source.getByRole('button', { name: /1 reply/ }).click();
    const thread = page.getByRole('complementary', { name: 'Thread' });
    await thread.getByRole('button', { name: 'Done', exact: true }).waitFor();
    await expect.poll(() => tasksTitled('The pricing page shows last year’s prices')).toHaveLength(1);
  });

  it('marks a task done from its card and undoes it', async () => {
    await open('U0ANA', 'C0GENERAL');
    // The space closes the channel picker: #Website is the project here, not a channel.
    await type('Message #general', '/task new Renew the TLS certificate #Website ');
    await page.keyboard.press('Enter');
    const card = messageWith('Renew the TLS certificate');
    await card.getByRole('button', { name: 'Done', exact: true }).click();
    await card.getByRole('button', { name: 'Undo' }).waitFor();
    expect((await tasksTitled('Renew the TLS certificate'))[0]?.status.name).toBe('Done');
    await card.getByRole('button', { name: 'Undo' }).click();
    await card.getByRole('button', { name: 'Done', exact: true }).waitFor();
    expect((await tasksTitled('Renew the TLS certificate'))[0]?.status.name).toBe('To do');
  });

  it('starts a sprint through its confirm', async () => {
    await open('U0ANA', 'C0GENERAL');
    await type('Message #general', '/task sprint start "Sprint 1" #Website ');
    await page.keyboard.press('Enter');
    const ask = messageWith('Confirm: start it');
    await ask.getByText('Only visible to you').waitFor();
    await ask.getByRole('button', { name: 'Confirm: start it' }).click();
    await messageWith('started').first().waitFor();
    const sprints = await api.sprints.listByProject(1);
    expect(sprints.data.find((s) => s.name === 'Sprint 1')?.status).toBe('active');
  });

  it('shows the app’s field error in a modal, and creates once it is fixed', async () => {
    await open('U0ANA', 'C0GENERAL');
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('menuitem', { name: /Create task/ }).click();
    const modal = page.getByRole('dialog', { name: 'Create task' });
    await modal.locator('[data-action-id="ct_project_select"] input').fill('Webs');
    await modal.getByRole('option', { name: 'Website' }).click();
    await modal.locator('[data-action-id="ct_title_input"]').fill('Check the sitemap');
    await modal.locator('[data-action-id="ct_due_time_picker"]').fill('14:30');
    await modal.getByRole('button', { name: 'Create' }).click();
    // A time with no date: the app answers with an error under the date, as Slack shows it.
    expect(await modal.getByRole('alert').textContent()).toBe(
      'Pick a date for this time, or clear the time.',
    );
    expect(await tasksTitled('Check the sitemap')).toHaveLength(0);

    await modal.locator('[data-action-id="ct_due_date_picker"]').fill('2026-12-01');
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => tasksTitled('Check the sitemap')).toHaveLength(1);
  });

  it('links a second person to their account', async () => {
    await open('U0BEN', 'C0GENERAL');
    await type('Message #general', '/task link');
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: /Link/ });
    // Linked at once: the email Slack holds for Ben is his member's, so there is nothing to pick.
    await modal.getByText(/You are linked to Ben Okafor/).waitFor();
    expect(await modal.locator('[data-action-id="ln_member_select"]').count()).toBe(0);
    await expect
      .poll(() => system.app.deps.userLinks.get(TEAM, 'U0BEN'))
      .toMatchObject({ memberId: 2, proof: 'email' });
  });

  it('opens App Home with the person’s own tasks', async () => {
    await open('U0ANA', 'C0GENERAL');
    await page.getByRole('button', { name: 'Taskbridge' }).click();
    const home = page.getByRole('region', { name: 'Home' });
    await home.getByRole('heading', { name: 'Your tasks' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Home' }).getAttribute('aria-selected')).toBe('true');
  });

  it('triggers a channel’s digest now and marks a task done from a row', async () => {
    await open('U0ANA', 'C0GENERAL');
    await type('Message #general', '/task digest');
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Schedule a digest' });
    await form.getByRole('combobox', { name: 'Choose projects' }).selectOption({ label: 'Website' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /Send digest now/ }).click();
    const digest = messageWith('Due tasks');
    const row = digest.locator('.bk-section', { hasText: 'Fix login redirect loop' });
    await row.getByRole('button', { name: 'More actions' }).click();
    await row.getByRole('menuitem', { name: 'Mark done' }).click();
    await messageWith('Marked').waitFor();
    await expect
      .poll(async () => (await tasksTitled('Fix login redirect loop'))[0]?.status.name)
      .toBe('Done');
    const shot = process.env.PLAYGROUND_SCREENSHOT;
    if (shot) {
      await page.mouse.move(700, 720); // off the messages, so no hover toolbar shows
      await page.screenshot({ path: shot });
    }
  });

  it('draws Block Kit and mrkdwn as Slack does, dates in the viewer’s zone, and a confirm gates its button', async () => {
    // 2026-11-24 22:30 UTC: still the 24th in London, the 24th 5:30 PM in New York, the 25th in Tokyo.
    const at = Date.UTC(2026, 10, 24, 22, 30) / 1000;
    system.emulator.addMessage({
      channel: 'C0RANDOM',
      user: 'U0DEV',
      text: 'Release checklist',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Release checklist :rocket:' } },
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: `*Owner* <@U0BEN>, _cut_ at <!date^${at}^{date_num} {time}|late>, ~old~ \`v2\``,
          },
          fields: [
            { type: 'mrkdwn', text: '*Channel*\n<#C0WEBSITE|website>' },
            { type: 'mrkdwn', text: '*Link*\n<https://example.com/notes|Release notes>' },
          ],
        },
        { type: 'divider' },
        { type: 'context', elements: [{ type: 'mrkdwn', text: ':white_check_mark: Checked by Dev' }] },
        {
          type: 'rich_text',
          elements: [
            {
              type: 'rich_text_list',
              style: 'bullet',
              elements: [
                {
                  type: 'rich_text_section',
                  elements: [{ type: 'text', text: 'Tag the build', style: { bold: true } }],
                },
                { type: 'rich_text_section', elements: [{ type: 'text', text: 'Announce it' }] },
              ],
            },
          ],
        },
        {
          type: 'actions',
          block_id: 'release',
          elements: [
            {
              type: 'button',
              action_id: 'release_ship',
              style: 'danger',
              text: { type: 'plain_text', text: 'Ship it' },
              confirm: {
                title: { type: 'plain_text', text: 'Ship the release?' },
                text: { type: 'mrkdwn', text: 'Everyone gets it *now*.' },
                confirm: { type: 'plain_text', text: 'Ship' },
                deny: { type: 'plain_text', text: 'Not yet' },
                style: 'danger',
              },
            },
          ],
        },
      ],
    });
    await open('U0ANA', 'C0RANDOM');
    const message = messageWith('Release checklist');
    await message.getByRole('heading', { name: 'Release checklist 🚀' }).waitFor();
    expect(await message.locator('b', { hasText: 'Owner' }).count()).toBe(1);
    expect(await message.locator('.mention[data-user="U0BEN"]').textContent()).toBe('@Ben Okafor');
    expect(await message.locator('time.slack-date').textContent()).toBe('2026-11-24 10:30 PM');
    expect(await message.locator('.channel-mention').textContent()).toBe('#website');
    expect(await message.getByRole('link', { name: 'Release notes' }).getAttribute('href')).toBe(
      'https://example.com/notes',
    );
    expect(await message.locator('s').textContent()).toBe('old');
    expect(await message.locator('code').textContent()).toBe('v2');
    expect(await message.locator('.bk-context').textContent()).toContain('✅');
    expect(await message.locator('.bk-rich-text li b').textContent()).toBe('Tag the build');
    expect(await message.locator('hr.bk-divider').count()).toBe(1);

    // Only the address's hash changes: the page redraws for the new viewer on its own time.
    await open('U0CHLOE', 'C0RANDOM');
    await expect
      .poll(() => messageWith('Release checklist').locator('time.slack-date').textContent())
      .toBe('2026-11-25 7:30 AM');

    // The confirm asks first: "Not yet" sends nothing; "Ship" sends the action.
    const actions = () => system.emulator.calls().filter((c) => c.method === 'response_url').length;
    const before = actions();
    await messageWith('Release checklist').getByRole('button', { name: 'Ship it' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Ship the release?' });
    await dialog.getByRole('button', { name: 'Not yet' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(actions()).toBe(before);
    await messageWith('Release checklist').getByRole('button', { name: 'Ship it' }).click();
    await dialog.getByRole('button', { name: 'Ship' }).click();
    // Not Taskbridge's button: the app says so, to Chloe only.
    await messageWith('older version of this message').waitFor();
  });

  it('unfurls a task link a person posts into its card', async () => {
    await open('U0CHLOE', 'C0GENERAL');
    await type('Message #general', 'Is this one still open? https://work.example.com/projects/1/tasks/3');
    await page.keyboard.press('Enter');
    const unfurl = messageWith('Is this one still open?').locator('.unfurl');
    await unfurl.getByText('Publish release notes').waitFor();
    expect(await unfurl.getAttribute('data-url')).toBe('https://work.example.com/projects/1/tasks/3');
  });
});
