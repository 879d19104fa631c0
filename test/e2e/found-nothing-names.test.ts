/**
 * A lookup that finds nothing names what exists, closest first, with a did-you-mean where one name
 * is near: an unknown project, sprint, goal, person, status, task number or mind map, typed in the
 * verbs that take them. Signed commands into the real app; answers read as a person sees them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, USERS } from '../support/harness.ts';
import { runCommand } from '../support/hint-runner.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';

let h: Harness;
const MINIMAL = testSandboxProfile() === 'spec-minimal';

async function say(text: string) {
  return (await runCommand(h, text, { user: USERS.ana, channel: 'general' })).seen;
}

describe('every “found nothing” names what exists', () => {
  beforeAll(async () => {
    h = await startHarness({ link: ['ana', 'ben'] });
  });
  afterAll(async () => {
    await h.close();
  });

  it('a project', async () => {
    const seen = await say('list #Webiste');
    expect(seen).toContain('No project “Webiste”.');
    expect(seen).toContain('Did you mean `#Website`?');
    expect(seen).toMatch(/Projects: Website, [^.]*Mobile App/);
  });

  it('a sprint', async () => {
    const seen = await say('sprint show "Sprnt 1" #Website');
    expect(seen).toContain('No sprint “Sprnt 1” there. Did you mean “Sprint 1”?');
    expect(seen).toContain('Sprints: Sprint 1 (1');
  });

  it('a goal', async () => {
    const goals = await h.api.goals.list({ per_page: 100 });
    const seen = await say('goal status 999 at risk');
    expect(seen).toContain('There is no goal 999.');
    expect(seen).toContain(`Goals: ${goals.data.at(-1)!.id} ${goals.data.at(-1)!.title}`);
  });

  it('a person', async () => {
    const task = await h.api.tasks.create({ project_id: 1, title: 'Someone to assign' });
    const seen = await say(`assign ${task.id} @chole`);
    expect(seen).toContain('did you mean @chloe?');
    expect(seen).toMatch(/Its members: Chloe Martin, /);
  });

  it('a status', async () => {
    const statuses = await h.api.projects.statuses(1);
    const review = statuses.find((s) => s.name.length > 6 && s.name.includes(' '))!;
    const typo = review.name.slice(0, -1);
    const seen = await say(`list #Website ${typo}`);
    expect(seen).toContain(`No tasks in Website with status “${typo}”.`);
    expect(seen).toContain(`Did you mean “${review.name}”?`);
    expect(seen).toContain('Website’s statuses: ');
  });

  it('a task number', async () => {
    const mine = await h.api.tasks.list({ assignee_id: 1, done: 'false', per_page: 100 });
    let seen = await say('show 9999');
    if (MINIMAL && !seen.includes('Your open tasks')) {
      // The service cannot filter by person: the first look is read in the background, and until
      // it is done the answer says where tasks are listed rather than that there are none. (The
      // task view may be read already, by the time the command runs: then the list comes at once.)
      expect(seen).toContain('`/task mine` lists your tasks');
      await expect
        .poll(async () => (seen = await say('show 9999')), { timeout: 10_000 })
        .toContain('Your open tasks');
    }
    expect(seen).toContain('There is no task #9999');
    expect(seen).toContain('Your open tasks: #');
    const nearest = [...mine.data].sort((a, b) => b.id - a.id)[0]!;
    expect(seen).toContain(`Your open tasks: #${nearest.id} `);
  });

  it('a mind map', async () => {
    const seen = await say('mindmaps show 99');
    expect(seen).toContain('There is no mind map 99.');
    expect(seen).toMatch(/Mind maps: 1 Website relaunch \(Website\)/);
  });
});
