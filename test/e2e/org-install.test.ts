/**
 * Enterprise Grid, end to end on the emulator's Globex org (Sales and Engineering have the app,
 * Legal does not): an org-wide install started from the org admin page (a code and no state) is
 * stored by enterprise id and notes the workspaces it was added to; a callback with a forged state
 * is still refused. Commands, events and digests from either workspace run on the org's bot token,
 * and a person in Legal is told how to get the app added.
 *
 * Then the move from per-workspace installs: Sales and Engineering each installed on their own,
 * with a connection, a person's link, a channel default and a digest; after the org-wide install
 * and the workspace tokens revoked, all of it is kept, per workspace, and the digest posts on the
 * org's token.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTaskbridgeApp, type TaskbridgeApp } from '../../src/create-app.ts';
import { createLogger } from '../../src/lib/logger.ts';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { createSlackEmulator, ORG_SEED, type SlackEmulator } from '../../src/slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../../src/slack-emulator/signer.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/types.ts';
import { startTestSandbox } from '../support/sandbox-profile.ts';

const SECRET = 'org-install-signing-secret';
const ORG = ORG_SEED.enterprise.id;
const { sales: SALES, eng: ENG, legal: LEGAL } = ORG_SEED.teams;
const { sam: SAM, eve: EVE, leo: LEO } = ORG_SEED.users;

let emulator: SlackEmulator;
let sandbox: Sandbox;
let store: Store;
let app: TaskbridgeApp;
let eventsUrl: string;

beforeEach(async () => {
  emulator = await createSlackEmulator({ port: 0, org: true });
  sandbox = await startTestSandbox();
  store = await openStore('sqlite::memory:');
  app = createTaskbridgeApp({
    slack: {
      kind: 'oauth',
      clientId: '1111111111.2222222222',
      clientSecret: 'emulator-client-secret',
      stateSecret: 'org-install-state-secret-0123',
      signingSecret: SECRET,
    },
    slackApiUrl: emulator.url,
    store,
    encryptionKey: '56'.repeat(32),
    port: 0,
    logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    digests: { enabled: false },
    changePolling: { enabled: false },
    reminders: { enabled: false },
    pendingCommands: { enabled: false },
    workApiAddressPolicy: { allowPrivate: false, allowedHosts: [new URL(sandbox.url).host] },
  });
  eventsUrl = (await app.start()).eventsUrl!;
});

afterEach(async () => {
  await app.stop();
  await emulator.close();
  await sandbox.close();
  await store.close();
});

const signerIn = (team: { id: string }, user: string, channel: string): SlackSigner =>
  createSlackSigner({
    appUrl: eventsUrl,
    signingSecret: SECRET,
    emulator,
    teamId: team.id,
    defaultUser: user,
    defaultChannel: channel,
  });

/** The org admin approves the app on Slack's admin pages: Slack redirects with a code, no state. */
async function installFromOrgAdminPage(): Promise<Response> {
  const code = emulator.issueOAuthCode({
    enterpriseId: ORG,
    userId: SAM.id,
    scopes: ['commands', 'chat:write'],
  });
  return fetch(new URL(`/slack/oauth_redirect?code=${encodeURIComponent(code)}`, eventsUrl));
}

async function connect(teamId: string): Promise<void> {
  await app.deps.connections.save(teamId, {
    baseUrl: sandbox.url,
    token: sandbox.token,
    connectedBy: SAM.id,
  });
}

async function digestIn(teamId: string, channelId: string, createdBy: string) {
  return app.deps.digests.subscriptions.create({
    teamId,
    channelId,
    createdBy,
    projectIds: [1],
    time: '09:00',
    timeZone: 'UTC',
    days: [1, 2, 3, 4, 5, 6, 7],
    sections: { overdue: true, dueToday: true, dueWithinDays: 7 },
    filters: {},
    postWhenEmpty: true,
  });
}

const postsIn = (channel: string) =>
  emulator.calls('chat.postMessage').filter((call) => call.args.channel === channel);

describe('an org-wide install', () => {
  it('is taken from the org admin page without state, kept by enterprise id, with its workspaces noted', async () => {
    const res = await installFromOrgAdminPage();
    expect(res.status).toBe(200);
    const installation = await app.deps.installations.fetchInstallation({
      teamId: undefined,
      enterpriseId: ORG,
      isEnterpriseInstall: true,
    });
    expect(installation.isEnterpriseInstall).toBe(true);
    expect(installation.team).toBeUndefined();
    expect(installation.bot?.token).toBe(ORG_SEED.orgBotToken);
    // Stored sealed: the token never lies in the store as sent.
    expect(JSON.stringify(await store.get(`enterprise:${ORG}:installation`))).not.toContain(
      ORG_SEED.orgBotToken,
    );
    expect(await app.deps.installations.orgWorkspaces(ORG)).toEqual([
      { teamId: ENG.id, name: ENG.name },
      { teamId: SALES.id, name: SALES.name },
    ]);
  });

  it('still refuses a callback whose state was not issued to this browser (CSRF)', async () => {
    const code = emulator.issueOAuthCode({ enterpriseId: ORG, userId: SAM.id });
    const res = await fetch(new URL(`/slack/oauth_redirect?code=${code}&state=forged-state`, eventsUrl));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await store.get(`enterprise:${ORG}:installation`)).toBeUndefined();
    expect(emulator.calls('oauth.v2.access')).toHaveLength(0);
  });

  it('answers commands and events from both workspaces on the org token, and tells Legal how', async () => {
    expect((await installFromOrgAdminPage()).status).toBe(200);
    for (const [team, user, channel] of [
      [SALES, SAM.id, 'C0SALES'],
      [ENG, EVE.id, 'C0ENG'],
    ] as const) {
      const res = await signerIn(team, user, channel).command('/task help');
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).toContain('/task new');
    }
    // An event from Engineering: its Home tab is published in Engineering, with the org's token.
    const published = emulator.waitForCall('views.publish', (call) => call.args.user_id === EVE.id);
    const event = await signerIn(ENG, EVE.id, 'C0ENG').event({
      type: 'app_home_opened',
      user: EVE.id,
      tab: 'home',
    });
    expect(event.status).toBe(200);
    const call = await published;
    expect(call.response.ok).toBe(true);
    expect(call.teamId).toBe(ENG.id);
    expect(JSON.stringify(call.args.view)).not.toContain('Installed for');
    // An org admin's Home lists the workspaces the org-wide install was added to.
    const samHome = emulator.waitForCall('views.publish', (c) => c.args.user_id === SAM.id);
    await signerIn(SALES, SAM.id, 'C0SALES').event({ type: 'app_home_opened', user: SAM.id, tab: 'home' });
    const listed = JSON.stringify((await samHome).args.view);
    expect(listed).toContain(
      'Installed for *Globex*, added to 2 workspaces: *Globex Engineering*, *Globex Sales*',
    );

    const legal = await signerIn(LEGAL, LEO.id, 'C0LEGAL').command('/task help');
    expect(legal.status).toBe(200);
    const told = JSON.stringify(legal.body);
    expect(told).toContain('installed for your organization but has not been added to this workspace');
    expect(told).toContain('Add to more workspaces');
  });

  it('posts a workspace’s digest with the org token outside any request', async () => {
    expect((await installFromOrgAdminPage()).status).toBe(200);
    await connect(ENG.id);
    await digestIn(ENG.id, 'C0ENG', EVE.id);
    const report = await app.deps.digests.runner.tick(nextNineUtc());
    expect(report.sent).toBe(1);
    const [post] = postsIn('C0ENG');
    expect(post?.response.ok).toBe(true);
    expect(post?.teamId).toBe(ENG.id);
    // The org token names the workspace it acts in.
    expect(post?.args.team_id).toBe(ENG.id);
  });
});

describe('a service connection for the whole org', () => {
  it('is chosen by an org admin in the connect form, and serves workspaces without their own', async () => {
    expect((await installFromOrgAdminPage()).status).toBe(200);
    const sales = signerIn(SALES, SAM.id, 'C0SALES');
    await sales.command('/task connect');
    const opened = await emulator.waitForCall('views.open', (call) => call.teamId === SALES.id, 5_000);
    const view = opened.response.view as { blocks: Array<{ block_id?: string }> };
    // The form offers the org-wide choice, since the workspace is served by an org-wide install.
    expect(JSON.stringify(view.blocks)).toContain(`Every workspace in ${ORG_SEED.enterprise.name}`);
    const res = await sales.viewSubmission({
      user: SAM.id,
      view: view as never,
      values: {
        cn_base_url: { cn_base_url_input: sandbox.url },
        cn_token: { cn_token_input: sandbox.token },
        cn_scope: { cn_scope_input: { type: 'radio_buttons', selected_option: { value: 'org' } } },
      },
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    // Saved once, for the org: Engineering, with no connection of its own, uses it.
    expect(await app.deps.connections.describe(SALES.id)).toMatchObject({
      baseUrl: sandbox.url,
      scope: 'org',
    });
    expect(await app.deps.connections.describe(ENG.id)).toMatchObject({ baseUrl: sandbox.url, scope: 'org' });
    expect(await store.get(`team:${SALES.id}:connection`)).toBeUndefined();
    // A workspace's own connection comes first.
    await app.deps.connections.save(ENG.id, {
      baseUrl: `${sandbox.url}/own`,
      token: 'eng-own-token',
      connectedBy: EVE.id,
    });
    expect((await app.deps.connections.describe(ENG.id))?.scope).toBeUndefined();
    expect((await app.deps.connections.get(SALES.id))?.token).toBe(sandbox.token);
  });
});

describe('moving from workspace installs to one org-wide install', () => {
  it('keeps every connection, link, channel default and digest, scoped by workspace', async () => {
    for (const [team, admin] of [
      [SALES, SAM.id],
      [ENG, EVE.id],
    ] as const) {
      const t = emulator.team(team.id);
      await app.deps.installations.storeInstallation({
        team: { id: t.id, name: t.name },
        enterprise: { id: ORG, name: ORG_SEED.enterprise.name },
        user: { id: admin, token: undefined, scopes: undefined },
        bot: { token: t.botToken, scopes: ['chat:write'], id: t.botId, userId: t.botUserId },
        appId: t.appId,
        tokenType: 'bot',
        isEnterpriseInstall: false,
        authVersion: 'v2',
      });
      await connect(team.id);
    }
    await app.deps.userLinks.link(SALES.id, SAM.id, {
      memberId: 1,
      memberName: 'Ana Silva',
      email: 'ana@example.com',
      proof: 'email',
    });
    await app.deps.channelDefaults.set(ENG.id, 'C0ENG', {
      projectId: 1,
      projectName: 'Website',
      setBy: EVE.id,
    });
    const salesDigest = await digestIn(SALES.id, 'C0SALES', SAM.id);
    const engDigest = await digestIn(ENG.id, 'C0ENG', EVE.id);
    // Before: answered on the workspace install.
    expect((await signerIn(SALES, SAM.id, 'C0SALES').command('/task help')).status).toBe(200);

    expect((await installFromOrgAdminPage()).status).toBe(200);
    // Slack retires the workspace tokens once the org-wide install replaces them.
    emulator.revokeTokens(SALES.id);
    emulator.revokeTokens(ENG.id);

    expect((await app.deps.connections.describe(SALES.id))?.baseUrl).toBe(sandbox.url);
    expect((await app.deps.connections.describe(ENG.id))?.baseUrl).toBe(sandbox.url);
    expect((await app.deps.userLinks.get(SALES.id, SAM.id))?.memberId).toBe(1);
    expect(await app.deps.userLinks.get(ENG.id, SAM.id)).toBeUndefined();
    expect((await app.deps.channelDefaults.get(ENG.id, 'C0ENG'))?.projectId).toBe(1);
    expect((await app.deps.digests.subscriptions.listByTeam(SALES.id)).map((s) => s.id)).toEqual([
      salesDigest.id,
    ]);
    expect((await app.deps.digests.subscriptions.listByTeam(ENG.id)).map((s) => s.id)).toEqual([
      engDigest.id,
    ]);

    // Requests now carry is_enterprise_install and run on the org install.
    const after = await signerIn(SALES, SAM.id, 'C0SALES').command('/task help');
    expect(after.status).toBe(200);
    expect(JSON.stringify(after.body)).toContain('/task new');
    // Both digests post, on the org token (the workspace tokens are revoked).
    const report = await app.deps.digests.runner.tick(nextNineUtc());
    expect(report.sent).toBe(2);
    expect(postsIn('C0SALES').map((c) => c.response.ok)).toEqual([true]);
    expect(postsIn('C0ENG').map((c) => c.response.ok)).toEqual([true]);
  });
});

/** The next 09:00 UTC on the app's clock (the system clock here). */
function nextNineUtc(): Date {
  const at = new Date();
  at.setUTCHours(9, 0, 0, 0);
  if (at.getTime() <= Date.now()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}
