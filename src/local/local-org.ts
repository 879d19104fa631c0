/**
 * Local mode with an Enterprise Grid org (LOCAL_SLACK_ORG=1): the app in OAuth mode, installed as
 * a real admin would. Acme's admin adds it to Acme (a code from the install page, no state, as the
 * App Directory sends it); Globex's org admin approves it org-wide (the org admin page's code), so
 * it serves Sales and Engineering and Legal is told how to get it added. The service's sandbox
 * connection is saved once for the whole org, as the connect form's "Every workspace in Globex" does.
 */
import { BOT_SCOPES, type TaskbridgeApp } from '../create-app.ts';
import type { Sandbox } from '../sandbox/index.ts';
import { DEFAULT_SEED, ORG_SEED, type SlackEmulator } from '../slack-emulator/index.ts';

/** The emulator's default OAuth app (create-slack-emulator.ts): the client id and secret it accepts. */
export const LOCAL_OAUTH_APP = { clientId: '1111111111.2222222222', clientSecret: 'emulator-client-secret' };

/** Follows Slack's redirect with a code to the app's OAuth callback, as the admin's browser does. */
async function redirectWith(eventsUrl: string, code: string, who: string): Promise<void> {
  const res = await fetch(new URL(`/slack/oauth_redirect?code=${encodeURIComponent(code)}`, eventsUrl));
  await res.body?.cancel();
  if (res.status !== 200) throw new Error(`installing the app for ${who} failed: HTTP ${res.status}`);
}

export async function installLocally(
  app: TaskbridgeApp,
  emulator: SlackEmulator,
  sandbox: Sandbox,
  eventsUrl: string,
): Promise<void> {
  const scopes = [...BOT_SCOPES];
  const acme = emulator.issueOAuthCode({ teamId: DEFAULT_SEED.team.id, scopes });
  await redirectWith(eventsUrl, acme, DEFAULT_SEED.team.name);
  const org = ORG_SEED.enterprise;
  const admin = ORG_SEED.users.sam;
  await redirectWith(
    eventsUrl,
    emulator.issueOAuthCode({ enterpriseId: org.id, userId: admin.id, scopes }),
    org.name,
  );
  if (!(await app.deps.connections.describe(ORG_SEED.teams.sales.id))) {
    await app.deps.connections.saveForOrg(org.id, {
      baseUrl: sandbox.url,
      token: sandbox.token,
      connectedBy: admin.id,
    });
  }
  // Eve of Engineering is the service's Eve Novak; her Globex email is not the member's, so the org
  // admin approved the link, as `/task link` would have him do.
  const eve = ORG_SEED.users.eve;
  if (!(await app.deps.userLinks.get(ORG_SEED.teams.eng.id, eve.id))) {
    await app.deps.userLinks.link(ORG_SEED.teams.eng.id, eve.id, {
      memberId: 5,
      memberName: 'Eve Novak',
      email: 'eve@example.com',
      proof: 'approved',
      approvedBy: admin.id,
    });
  }
}
