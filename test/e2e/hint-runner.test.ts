/**
 * Every command the app tells people to type works when copied: the examples of `/task help` and
 * of `/task help VERB` for every verb, the suggestion of every error (provoked here for each verb,
 * and followed to the hints those replies give in turn), and every hint written in the reply texts
 * of the source, each run against the sandbox as a linked person. None may answer with an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/api/limiter.ts';
import { ROUTES } from '../../src/slack/router/index.ts';
import { type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import {
  concrete,
  failureIn,
  hintsInSource,
  hintsOfReplies,
  type Ids,
  isUsage,
  type Outcome,
  runCommand,
} from '../support/hint-runner.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';

/** The verbs `/task` answers, as help lists them. */
const ENABLED_VERBS = ['help', ...ROUTES.verbs.keys()];

let h: Harness;
let ids: Ids;

/** What a person in a channel whose project is set would see; each hint starts from here. */
async function reset(): Promise<void> {
  await h.app.deps.userLinks.link(TEAM, USERS.ana, {
    memberId: 1,
    memberName: 'Ana Silva',
    email: 'ana@example.com',
  });
  await h.app.deps.channelDefaults.set(TEAM, 'C0GENERAL', {
    projectId: 1,
    projectName: 'Website',
    setBy: USERS.ana,
  });
}

async function run(text: string): Promise<Outcome> {
  await reset();
  return runCommand(h, text, { user: USERS.ana });
}

/** Arguments that provoke each verb's errors, whose suggestions are hints too. */
const PROVOKING = [
  '',
  'zzz',
  '999999',
  'zzz 999999 #Nowhere',
  '@nobody',
  '#Website zzz',
  '#Mobile App',
  'new zzz',
];

describe('every hint the app prints works when copied', () => {
  beforeAll(async () => {
    // Hundreds of commands in a row: the spec's per-minute budget is not what is tested here.
    h = await startHarness({
      link: ['ana', 'ben'],
      limiter: createRateLimiter({ limits: { general: 100_000, search: 100_000, upload: 100_000 } }),
    });
    // What help's examples name: a planned "Sprint 2" in Website.
    await h.api.sprints.create({ project_id: 1, name: 'Sprint 2' });
    const goals = await h.api.goals.list({ per_page: 1 });
    const maps = await h.api.mindMaps.listByProject(1, { per_page: 1 });
    ids = {
      // Each task verb gets a task of its own, so `done` and `delete` leave the others alone.
      task: async () =>
        (await h.api.tasks.create({ project_id: 1, title: 'A task for a hint', assignee_ids: [1] })).id,
      goal: goals.data[0]!.id,
      mindMap: maps.data[0]!.id,
      workspace: 1,
      sprint: (await h.api.sprints.listByProject(2, { per_page: 1 })).data[0]!.id,
      sprintName: 'Sprint 1',
    };
  });
  afterAll(async () => {
    await h?.close();
  });

  it('runs each hint from help, every verb, every provoked error and the source, and none fails', async () => {
    const queue: string[] = [];
    const origin = new Map<string, string>();
    const add = (hints: readonly string[], from: string) => {
      for (const hint of hints) {
        if (hint === '' || isUsage(hint) || origin.has(hint)) continue;
        origin.set(hint, from);
        queue.push(hint);
      }
    };
    add(hintsOfReplies(await run('help')), '/task help');
    for (const verb of ENABLED_VERBS) {
      add(hintsOfReplies(await run(`help ${verb}`)), `/task help ${verb}`);
      for (const args of PROVOKING) {
        const text = `${verb} ${args}`.trim();
        add(hintsOfReplies(await run(text)), `the reply to /task ${text}`);
      }
    }
    add(hintsInSource('src/slack'), 'the source');

    const failures: string[] = [];
    for (let i = 0; i < queue.length; i += 1) {
      const hint = queue[i]!;
      const typed = await concrete(hint, ids);
      const outcome = await run(typed);
      const failure = failureIn(outcome, testSandboxProfile() === 'spec-minimal');
      if (failure) {
        failures.push(`/task ${typed}  (from ${origin.get(hint)}): ${outcome.seen.slice(0, 300)}`);
      }
      add(hintsOfReplies(outcome), `the reply to /task ${typed}`);
    }
    expect(queue.length).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  }, 240_000);
});
