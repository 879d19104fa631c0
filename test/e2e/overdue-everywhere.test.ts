/**
 * Overdue means past its due time on every surface: `/task mine`, `/task list`, a card, App Home,
 * an unfurl, the digest and a sprint's risks agree one minute before and one minute after a task's
 * due time, and a date without a time is overdue only the day after. Signed requests into the real
 * app on one fixed clock; the answers read from the emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { fixedClock, type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';

const BEFORE = '2026-11-20T16:59:00.000Z'; // Ana reads London time: UTC in November.
const AFTER = '2026-11-20T17:01:00.000Z';
const NEXT_DAY = '2026-11-21T00:01:00.000Z';
const clock = fixedClock(BEFORE);
const SPRINTS_SHOWN = testSandboxProfile() === 'full';
const TIMED = 'Boundary at five';
const DATED = 'Boundary on the day';

let h: Harness;
let project: { id: number; name: string };
let sprintName: string;
const ids: Record<string, number> = {};

type Block = { type: string; text?: { text?: string }; elements?: Array<{ text?: string }> };
const blockText = (b: Block) => b.text?.text ?? (b.elements ?? []).map((e) => e.text ?? '').join(' ');
/** Group headings of lists, Home and the digest: "*:warning: Overdue* (2)", "*Due today* (1)". */
const HEADING = /^\*(?::\w+: )?([^*]+)\* \(\d+\)$/;

/** Whether a surface shows `title` as overdue: under an Overdue heading, or marked so in its row. */
function shownOverdue(blocks: readonly Block[], title: string): boolean {
  let group = '';
  for (const block of blocks) {
    const text = blockText(block);
    const heading = HEADING.exec(text);
    if (heading) group = heading[1]!;
    else if (text.includes(title)) return group === 'Overdue' || text.includes(':warning: *Overdue*');
  }
  throw new Error(`“${title}” is not shown: ${JSON.stringify(blocks)}`);
}

/** A card marks its due date when it has passed. */
const cardOverdue = (blocks: readonly Block[]) => JSON.stringify(blocks).includes(':warning: *Overdue*');

function mark(method: string) {
  const seen = new Set(h.emulator.calls(method));
  return (predicate: (c: RecordedCall) => boolean = () => true) =>
    h.emulator.waitForCall(method, (c) => !seen.has(c) && !isInterimNote(c.args) && predicate(c), 5_000);
}

/** A command's answer that shows `title` (a spec-minimal service's first list is read in the background). */
async function answerTo(command: string, title: string): Promise<Block[]> {
  const next = mark('response_url');
  expect((await h.signer.command(command, { user: USERS.ana })).status).toBe(200);
  return (await next((c) => JSON.stringify(c.args.blocks ?? '').includes(title))).args.blocks as Block[];
}

async function sprintRisks(): Promise<string> {
  const blocks = await answerTo(`/task sprint show "${sprintName}" #${project.name}`, sprintName);
  return JSON.stringify(blocks);
}

/** What each surface says of both tasks now. */
async function surfaces(unfurlIn: string): Promise<Record<string, [boolean, boolean]>> {
  const both = (blocks: Block[]): [boolean, boolean] => [
    shownOverdue(blocks, TIMED),
    shownOverdue(blocks, DATED),
  ];
  const mine = both(await answerTo('/task mine', TIMED));
  const list = both(await answerTo(`/task list #${project.name}`, TIMED));
  const cards: [boolean, boolean] = [
    cardOverdue(await answerTo(`/task show ${ids[TIMED]}`, TIMED)),
    cardOverdue(await answerTo(`/task show ${ids[DATED]}`, DATED)),
  ];
  const published = mark('views.publish');
  await h.signer.event({ type: 'app_home_opened', user: USERS.ana, tab: 'home', channel: 'D0HOME' });
  await published((c) => c.args.user_id === USERS.ana);
  const home = both(h.emulator.homeTab(USERS.ana)!.blocks as Block[]);
  const unfurls: boolean[] = [];
  for (const title of [TIMED, DATED]) {
    const url = `https://work.example.com/projects/${project.id}/tasks/${ids[title]}`;
    // A task unfurls once per channel in half an hour: each moment unfurls in a channel of its own.
    const message = h.emulator.addMessage({ channel: unfurlIn, user: USERS.ben, text: `<${url}>` });
    const unfurled = mark('chat.unfurl');
    await h.signer.event({
      type: 'link_shared',
      channel: unfurlIn,
      user: USERS.ben,
      message_ts: message.ts,
      links: [{ url, domain: 'work.example.com' }],
      source: 'conversations_history',
    });
    const call = await unfurled();
    const card = (call.args.unfurls as Record<string, { blocks: Block[] }>)[url]!;
    unfurls.push(cardOverdue(card.blocks));
  }
  const posted = mark('chat.postMessage');
  const [digest] = await h.app.deps.digests.subscriptions.listByChannel(TEAM, 'C0GENERAL');
  await h.app.deps.digests.runner.sendNow(digest!);
  const digestBlocks = (await posted((c) => c.args.channel === 'C0GENERAL')).args.blocks as Block[];
  const surfaces: Record<string, [boolean, boolean]> = {
    mine,
    list,
    card: cards,
    home,
    unfurl: [unfurls[0]!, unfurls[1]!],
    digest: both(digestBlocks),
  };
  // A service that does not show a task's sprint leaves a sprint's risks unshown.
  if (SPRINTS_SHOWN) {
    const risks = await sprintRisks();
    const says = (title: string) =>
      (risks.split('\\n').find((line) => line.includes(title)) ?? '').includes('overdue');
    surfaces.sprint = [says(TIMED), says(DATED)];
  }
  return surfaces;
}

const everywhere = (timed: boolean, dated: boolean) =>
  Object.fromEntries(
    ['mine', 'list', 'card', 'home', 'unfurl', 'digest', ...(SPRINTS_SHOWN ? ['sprint'] : [])].map((s) => [
      s,
      [timed, dated],
    ]),
  );

describe('overdue is past its due time, on every surface', () => {
  beforeAll(async () => {
    clock.set(BEFORE);
    h = await startHarness({ clock });
    const website = await h.api.projects.get(1);
    project = await h.api.projects.create({ workspace_id: website.workspace_id ?? 1, name: 'Boundary' });
    sprintName = 'Boundary week';
    const sprint = await h.api.sprints.create({
      project_id: project.id,
      name: sprintName,
      start_date: '2026-11-16',
      end_date: '2026-11-27',
    });
    await h.api.sprints.start(sprint.id, {}, { projectId: project.id });
    for (const [title, due] of [
      [TIMED, '2026-11-20T17:00:00.000Z'],
      [DATED, '2026-11-20'],
    ] as const) {
      const task = await h.api.tasks.create({
        project_id: project.id,
        title,
        assignee_ids: [1],
        due_date: due,
        sprint_id: sprint.id,
      });
      ids[title] = task.id;
    }
    await h.app.deps.digests.subscriptions.create({
      teamId: TEAM,
      channelId: 'C0GENERAL',
      createdBy: USERS.ana,
      projectIds: [project.id],
      time: '09:00',
      timeZone: 'Europe/London',
      sections: { overdue: true, dueToday: true, dueWithinDays: 3 },
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it('one minute before five: neither is overdue', async () => {
    clock.set(BEFORE);
    expect(await surfaces('C0GENERAL')).toEqual(everywhere(false, false));
  });

  it('one minute after five: the timed task is; the one due that day is not, until the day ends', async () => {
    clock.set(AFTER);
    expect(await surfaces('C0WEBSITE')).toEqual(everywhere(true, false));
  });

  it('the next day: both are', async () => {
    clock.set(NEXT_DAY);
    expect(await surfaces('C0RANDOM')).toEqual(everywhere(true, true));
  });
});
