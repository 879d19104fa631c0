/**
 * The emulator's Enterprise Grid and token rotation shapes, over HTTP with @slack/web-api: the
 * org-wide `oauth.v2.access`, the org token acting per workspace (and refused in a workspace the
 * app was not added to), `auth.test` and `auth.teams.list`, expiring tokens and the one-use
 * refresh grant.
 */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/lib/clock.ts';
import { createSlackEmulator, ORG_SEED, type SlackEmulator } from '../../../src/slack-emulator/index.ts';

const CLIENT = { client_id: '1111111111.2222222222', client_secret: 'emulator-client-secret' };
const ORG = ORG_SEED.enterprise.id;

describe('the emulator: Enterprise Grid and rotating tokens', () => {
  const clock = fixedClock('2026-03-04T09:00:00.000Z');
  let emulator: SlackEmulator;
  const client = (token?: string) =>
    new WebClient(token, { slackApiUrl: emulator.url, retryConfig: { retries: 0 } });
  const error = (call: Promise<unknown>) =>
    call.then(
      () => 'ok',
      (e: { data?: { error?: string } }) => e.data?.error,
    );

  beforeAll(async () => {
    emulator = await createSlackEmulator({ port: 0, clock, org: true, tokenRotation: { expiresIn: 600 } });
  });
  afterAll(() => emulator.close());

  it('installs org-wide: no team, the enterprise, a rotating org token that acts per workspace', async () => {
    const code = emulator.issueOAuthCode({ enterpriseId: ORG, userId: ORG_SEED.users.sam.id });
    const answer = await client().oauth.v2.access({ ...CLIENT, code });
    expect(answer.team).toBeNull();
    expect(answer.enterprise).toEqual({ id: ORG, name: ORG_SEED.enterprise.name });
    expect(answer.is_enterprise_install).toBe(true);
    expect(answer.access_token).toMatch(/^xoxe\.xoxb-/);
    expect(answer.expires_in).toBe(600);
    const org = client(answer.access_token);

    const auth = await org.auth.test();
    expect(auth).toMatchObject({ team_id: ORG, enterprise_id: ORG, is_enterprise_install: true });
    const teams = await org.apiCall('auth.teams.list');
    expect(((teams as { teams?: Array<{ id: string }> }).teams ?? []).map((t) => t.id)).toEqual([
      'T0SALES',
      'T0ENG',
    ]);

    const posted = await org.chat.postMessage({ channel: 'C0ENG', text: 'hello Engineering' });
    expect(posted.ok).toBe(true);
    expect(emulator.calls('chat.postMessage').at(-1)?.teamId).toBe('T0ENG');
    // Legal never added the app: its channel is not found, its workspace not granted.
    expect(await error(org.chat.postMessage({ channel: 'C0LEGAL', text: 'hello Legal' }))).toBe(
      'channel_not_found',
    );
    expect(await error(org.apiCall('team.info', { team_id: 'T0LEGAL' }))).toBe('team_access_not_granted');

    // A workspace token in the org names its org, and is not org-wide.
    const sales = await client(emulator.team('T0SALES').botToken).auth.test();
    expect(sales).toMatchObject({ team_id: 'T0SALES', enterprise_id: ORG, is_enterprise_install: false });
  });

  it('expires tokens, and trades each refresh token once', async () => {
    const pair = emulator.issueRotatingToken({ teamId: 'T0001', expiresIn: 60 });
    expect((await client(pair.accessToken).auth.test()).ok).toBe(true);
    clock.advance(61_000);
    expect(await error(client(pair.accessToken).auth.test())).toBe('token_expired');

    const before = emulator.refreshGrants();
    const refreshed = await client().oauth.v2.access({
      ...CLIENT,
      grant_type: 'refresh_token',
      refresh_token: pair.refreshToken,
    });
    expect(refreshed.access_token).not.toBe(pair.accessToken);
    expect(refreshed.refresh_token).not.toBe(pair.refreshToken);
    expect(refreshed.team).toMatchObject({ id: 'T0001' });
    expect((await client(refreshed.access_token).auth.test()).ok).toBe(true);
    expect(emulator.refreshGrants()).toBe(before + 1);

    const again = client().oauth.v2.access({
      ...CLIENT,
      grant_type: 'refresh_token',
      refresh_token: pair.refreshToken,
    });
    expect(await error(again)).toBe('invalid_refresh_token');
    const wrongSecret = client().oauth.v2.access({
      client_id: CLIENT.client_id,
      client_secret: 'not-the-secret',
      grant_type: 'refresh_token',
      refresh_token: refreshed.refresh_token!,
    });
    expect(await error(wrongSecret)).toBe('bad_client_secret');
  });
});
