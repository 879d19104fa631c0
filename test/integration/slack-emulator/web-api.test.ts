import { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackEmulator, type SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { emulatorClient } from './support/web-client.ts';

const { WebClient, ErrorCode } = webApi;
type Client = InstanceType<typeof WebClient>;

/** The error data a real WebClient throws for `{ok:false}` answers. */
async function slackError(
  call: Promise<unknown>,
): Promise<{ error: string; response_metadata?: { messages?: string[] } }> {
  try {
    await call;
  } catch (error) {
    const coded = error as { code?: string; data?: { error: string } };
    if (coded.code === ErrorCode.PlatformError && coded.data) return coded.data;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('Slack Web API emulator, driven by the real @slack/web-api WebClient', () => {
  let emulator: SlackEmulator;
  let client: Client;
  beforeEach(async () => {
    emulator = await createSlackEmulator({ port: 0 });
    client = emulatorClient(emulator.botToken, emulator.url);
  });
  afterEach(async () => {
    await emulator.close();
  });

  it('listens on loopback and answers auth.test and team.info for the seeded team', async () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/$/);
    expect(emulator.botToken).toBe('xoxb-emulator-bot-token');
    const auth = await client.auth.test();
    expect(auth).toMatchObject({
      ok: true,
      team_id: 'T0001',
      team: 'Acme',
      user_id: 'U0TASKBOT',
      bot_id: 'B0TASKBOT',
    });
    const team = await client.team.info();
    expect(team.team).toMatchObject({ id: 'T0001', name: 'Acme', domain: 'acme' });
  });

  it('refuses missing, unknown and revoked tokens', async () => {
    const anonymous = emulatorClient(undefined, emulator.url);
    expect((await slackError(anonymous.auth.test())).error).toBe('not_authed');
    const stranger = emulatorClient('xoxb-not-a-known-token', emulator.url);
    expect((await slackError(stranger.auth.test())).error).toBe('invalid_auth');
    emulator.revokeTokens('T0001');
    expect((await slackError(client.auth.test())).error).toBe('token_revoked');
  });

  it('posts messages by channel id, name or user (a DM), with threads, and stores them', async () => {
    const first = await client.chat.postMessage({
      channel: 'C0WEBSITE',
      text: 'Task created: Fix login',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*Fix login*' } }],
    });
    expect(first).toMatchObject({
      ok: true,
      channel: 'C0WEBSITE',
      message: { text: 'Task created: Fix login', user: 'U0TASKBOT' },
    });
    const reply = await client.chat.postMessage({
      channel: '#website',
      text: 'Comment',
      thread_ts: first.ts!,
    });
    const dm = await client.chat.postMessage({ channel: 'U0BEN', text: 'Your digest' });
    expect(dm.channel).toMatch(/^D/);
    expect(emulator.messages('website')).toHaveLength(1);
    expect(emulator.message('C0WEBSITE', first.ts!)).toMatchObject({
      reply_count: 1,
      latest_reply: reply.ts,
    });
    expect(emulator.thread('C0WEBSITE', first.ts!).map((message) => message.text)).toEqual([
      'Task created: Fix login',
      'Comment',
    ]);
    expect(emulator.messages(dm.channel!)[0]?.text).toBe('Your digest');
    expect(Number(reply.ts)).toBeGreaterThan(Number(first.ts));
  });

  it('threads a reply to a reply under the thread’s parent, counted there', async () => {
    const root = await client.chat.postMessage({ channel: 'C0WEBSITE', text: 'Plan' });
    const first = await client.chat.postMessage({ channel: 'C0WEBSITE', text: 'A', thread_ts: root.ts! });
    const second = await client.chat.postMessage({ channel: 'C0WEBSITE', text: 'B', thread_ts: first.ts! });
    expect(emulator.message('C0WEBSITE', root.ts!)).toMatchObject({
      reply_count: 2,
      latest_reply: second.ts,
    });
    expect(emulator.message('C0WEBSITE', first.ts!)).toMatchObject({ thread_ts: root.ts });
    expect(emulator.message('C0WEBSITE', first.ts!)?.reply_count).toBeUndefined();
    const thread = await client.conversations.replies({ channel: 'C0WEBSITE', ts: first.ts! });
    expect(thread.messages?.map((m) => m.text)).toEqual(['Plan', 'A', 'B']);
  });

  it('answers not_in_channel and channel_not_found like Slack', async () => {
    expect((await slackError(client.chat.postMessage({ channel: 'C0RANDOM', text: 'x' }))).error).toBe(
      'not_in_channel',
    );
    expect((await slackError(client.chat.postMessage({ channel: 'C0NOPE', text: 'x' }))).error).toBe(
      'channel_not_found',
    );
    emulator.addChannel({ id: 'C0OLD', name: 'old', isArchived: true });
    expect((await slackError(client.chat.postMessage({ channel: 'C0OLD', text: 'x' }))).error).toBe(
      'channel_not_found',
    );
    emulator.addChannel({ id: 'G0SECRET', name: 'secret', isPrivate: true, botIsMember: false });
    expect((await slackError(client.conversations.info({ channel: 'G0SECRET' }))).error).toBe(
      'channel_not_found',
    );
  });

  it('rejects Block Kit breaches and a missing text fallback, listing the problems', async () => {
    const noText = await slackError(
      client.chat.postMessage({
        channel: 'C0GENERAL',
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'x' } }],
      }),
    );
    expect(noText.error).toBe('missing_text_fallback');
    const tooLong = await slackError(
      client.chat.postMessage({
        channel: 'C0GENERAL',
        text: 'fallback',
        blocks: [{ type: 'header', text: { type: 'plain_text', text: 'h'.repeat(151) } }],
      }),
    );
    expect(tooLong.error).toBe('invalid_blocks');
    expect(tooLong.response_metadata?.messages).toEqual([
      '[ERROR] text must be at most 150 characters (got 151) [json-pointer:/blocks/0/text/text]',
    ]);
    expect(emulator.messages('C0GENERAL')).toEqual([]);
  });

  it('updates (keeping blocks left out), deletes, links and unfurls the bot’s messages', async () => {
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: 'v1' } }];
    const posted = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'v1', blocks });
    const updated = await client.chat.update({ channel: 'C0GENERAL', ts: posted.ts!, text: 'v2' });
    expect(updated).toMatchObject({ ok: true, ts: posted.ts, text: 'v2' });
    expect(emulator.message('C0GENERAL', posted.ts!)).toMatchObject({
      text: 'v2',
      blocks,
      edited: { user: 'U0TASKBOT' },
    });
    const link = await client.chat.getPermalink({ channel: 'C0GENERAL', message_ts: posted.ts! });
    expect(link.permalink).toBe(`https://acme.slack.com/archives/C0GENERAL/p${posted.ts!.replace('.', '')}`);
    const unfurls = {
      'https://work.example.com/tasks/1': {
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Task 1' } }],
      },
    };
    await client.chat.unfurl({ channel: 'C0GENERAL', ts: posted.ts!, unfurls });
    expect(emulator.message('C0GENERAL', posted.ts!)?.unfurls).toEqual(unfurls);
    await client.chat.delete({ channel: 'C0GENERAL', ts: posted.ts! });
    expect(emulator.messages('C0GENERAL')).toEqual([]);
    expect(
      (await slackError(client.chat.update({ channel: 'C0GENERAL', ts: posted.ts!, text: 'x' }))).error,
    ).toBe('message_not_found');
  });

  it('will not let the bot edit or delete a person’s message', async () => {
    const theirs = emulator.addMessage({
      channel: 'general',
      user: 'U0BEN',
      text: 'the login page is broken',
    });
    expect(
      (await slackError(client.chat.update({ channel: 'C0GENERAL', ts: theirs.ts, text: 'x' }))).error,
    ).toBe('cant_update_message');
    expect((await slackError(client.chat.delete({ channel: 'C0GENERAL', ts: theirs.ts }))).error).toBe(
      'cant_delete_message',
    );
  });

  it('posts ephemeral messages to members only and keeps them per user', async () => {
    const answer = await client.chat.postEphemeral({
      channel: 'C0GENERAL',
      user: 'U0CHLOE',
      text: 'Only you can see this',
    });
    expect(answer.message_ts).toMatch(/^\d+\.\d{6}$/);
    expect(emulator.ephemeralMessages('U0CHLOE')).toMatchObject([
      { channel: 'C0GENERAL', text: 'Only you can see this' },
    ]);
    expect(emulator.ephemeralMessages('U0BEN')).toEqual([]);
    emulator.addChannel({ id: 'C0SMALL', name: 'small', members: ['U0ANA'] });
    expect(
      (await slackError(client.chat.postEphemeral({ channel: 'C0SMALL', user: 'U0BEN', text: 'x' }))).error,
    ).toBe('user_not_in_channel');
  });

  it('answers users.info, users.lookupByEmail and a paged users.list', async () => {
    const info = await client.users.info({ user: 'U0CHLOE' });
    expect(info.user).toMatchObject({
      id: 'U0CHLOE',
      real_name: 'Chloe Martin',
      tz: 'Asia/Tokyo',
      tz_label: 'Japan Standard Time',
      tz_offset: 32400,
      is_admin: false,
      profile: { email: 'chloe@example.com' },
    });
    expect((await client.users.info({ user: 'U0ANA' })).user?.is_admin).toBe(true);
    expect((await client.users.lookupByEmail({ email: 'DEV@example.com' })).user?.real_name).toBe(
      'Dev Patel',
    );
    expect((await slackError(client.users.lookupByEmail({ email: 'nobody@example.com' }))).error).toBe(
      'users_not_found',
    );
    expect((await slackError(client.users.info({ user: 'U0NOBODY' }))).error).toBe('user_not_found');
    const ids: string[] = [];
    for await (const page of client.paginate('users.list', { limit: 2 })) {
      ids.push(...(page as unknown as { members: Array<{ id: string }> }).members.map((member) => member.id));
    }
    expect(ids.sort()).toEqual(['U0ANA', 'U0BEN', 'U0CHLOE', 'U0DEV', 'U0TASKBOT', 'U0ZOE']);
  });

  it('answers conversations.info, history (newest first, paged) and replies', async () => {
    expect((await client.conversations.info({ channel: 'C0RANDOM' })).channel).toMatchObject({
      id: 'C0RANDOM',
      name: 'random',
      is_member: false,
      is_private: false,
    });
    const posted: string[] = [];
    for (const text of ['one', 'two', 'three'])
      posted.push((await client.chat.postMessage({ channel: 'C0GENERAL', text })).ts!);
    await client.chat.postMessage({ channel: 'C0GENERAL', text: 'reply', thread_ts: posted[0]! });
    const firstPage = await client.conversations.history({ channel: 'C0GENERAL', limit: 2 });
    expect(firstPage.messages?.map((message) => message.text)).toEqual(['three', 'two']);
    expect(firstPage.has_more).toBe(true);
    const secondPage = await client.conversations.history({
      channel: 'C0GENERAL',
      limit: 2,
      cursor: firstPage.response_metadata!.next_cursor!,
    });
    expect(secondPage.messages?.map((message) => message.text)).toEqual(['one']);
    const thread = await client.conversations.replies({ channel: 'C0GENERAL', ts: posted[0]! });
    expect(thread.messages?.map((message) => message.text)).toEqual(['one', 'reply']);
    expect((await slackError(client.conversations.history({ channel: 'C0RANDOM' }))).error).toBe(
      'not_in_channel',
    );
    expect(
      (await slackError(client.conversations.replies({ channel: 'C0GENERAL', ts: '1.000001' }))).error,
    ).toBe('thread_not_found');
  });

  it('exchanges an OAuth code once for the workspace’s bot token', async () => {
    const code = emulator.issueOAuthCode({ userScopes: ['identify'] });
    const anonymous = emulatorClient(undefined, emulator.url);
    const credentials = { client_id: '1111111111.2222222222', client_secret: 'emulator-client-secret' };
    const answer = await anonymous.oauth.v2.access({ ...credentials, code });
    expect(answer).toMatchObject({
      ok: true,
      access_token: 'xoxb-emulator-bot-token',
      token_type: 'bot',
      bot_user_id: 'U0TASKBOT',
      team: { id: 'T0001', name: 'Acme' },
      authed_user: { id: 'U0ANA', token_type: 'user' },
    });
    const userClient = emulatorClient(answer.authed_user!.access_token!, emulator.url);
    expect((await userClient.auth.test()).user_id).toBe('U0ANA');
    expect((await slackError(anonymous.oauth.v2.access({ ...credentials, code }))).error).toBe(
      'invalid_code',
    );
    const other = emulator.issueOAuthCode();
    expect(
      (await slackError(anonymous.oauth.v2.access({ ...credentials, client_secret: 'wrong', code: other })))
        .error,
    ).toBe('bad_client_secret');
    expect(emulator.calls('oauth.v2.access').every((call) => !('client_secret' in call.args))).toBe(true);
  });

  it('serves a second workspace with its own token', async () => {
    const team = emulator.addTeam({ id: 'T0002', name: 'Globex', botToken: 'xoxb-emulator-globex' });
    emulator.addUser({ id: 'U0HANK', teamId: 'T0002', name: 'hank', email: 'hank@globex.test' });
    emulator.addChannel({ id: 'C0GLOBEX', teamId: 'T0002', name: 'general' });
    const globex = emulatorClient(team.botToken, emulator.url);
    expect((await globex.auth.test()).team_id).toBe('T0002');
    await globex.chat.postMessage({ channel: 'C0GLOBEX', text: 'hello Globex' });
    expect((await slackError(globex.chat.postMessage({ channel: 'C0GENERAL', text: 'x' }))).error).toBe(
      'channel_not_found',
    );
    expect((await slackError(globex.users.info({ user: 'U0ANA' }))).error).toBe('user_not_found');
    expect(emulator.calls('chat.postMessage').map((call) => call.teamId)).toEqual(['T0002', 'T0002']);
  });

  it('records every call without its token, and waits for calls still to come', async () => {
    const waiting = emulator.waitForCall('chat.postMessage', (call) => call.args.text === 'second');
    await client.chat.postMessage({ channel: 'C0GENERAL', text: 'first' });
    await client.chat.postMessage({ channel: 'C0GENERAL', text: 'second', blocks: [{ type: 'divider' }] });
    const call = await waiting;
    expect(call).toMatchObject({
      method: 'chat.postMessage',
      teamId: 'T0001',
      status: 200,
      args: { channel: 'C0GENERAL', text: 'second', blocks: [{ type: 'divider' }] },
      response: { ok: true },
    });
    expect(typeof call.at).toBe('number');
    expect(JSON.stringify(emulator.calls())).not.toContain(emulator.botToken);
    expect(emulator.calls().map((each) => each.method)).toEqual(['chat.postMessage', 'chat.postMessage']);
    await expect(emulator.waitForCall('views.open', undefined, 50)).rejects.toThrow(
      /No views.open call matching within 50 ms; 0 views.open call\(s\) seen; all methods called: chat.postMessage/,
    );
    emulator.clearCalls();
    expect(emulator.calls()).toEqual([]);
  });

  it('injects method errors, HTTP errors and rate limits that the WebClient sees as Slack’s', async () => {
    emulator.failNext('chat.postMessage', 'fatal_error');
    expect((await slackError(client.chat.postMessage({ channel: 'C0GENERAL', text: 'x' }))).error).toBe(
      'fatal_error',
    );

    emulator.failNext('users.info', { status: 429, retryAfter: 7 });
    const strict = emulatorClient(emulator.botToken, emulator.url, { rejectRateLimitedCalls: true });
    const limited = await strict.users.info({ user: 'U0ANA' }).catch((error: unknown) => error);
    expect(limited).toMatchObject({ code: ErrorCode.RateLimitedError, retryAfter: 7 });

    emulator.failNext('users.info', { status: 429, retryAfter: 0 });
    const patient = emulatorClient(emulator.botToken, emulator.url, {
      retryConfig: { retries: 1, minTimeout: 0, maxTimeout: 0 },
    });
    expect((await patient.users.info({ user: 'U0ANA' })).user?.id).toBe('U0ANA');
    expect(emulator.calls('users.info').map((call) => call.status)).toEqual([429, 429, 200]);

    emulator.failNext('team.info', { status: 503 });
    const broken = await client.team.info().catch((error: unknown) => error);
    expect(broken).toMatchObject({ code: ErrorCode.HTTPError, statusCode: 503 });
    expect((await client.team.info()).ok).toBe(true);
  });

  it('accepts JSON bodies with a bearer token, and names unknown methods and bad JSON', async () => {
    const post = (path: string, body: string, type = 'application/json') =>
      fetch(`${emulator.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${emulator.botToken}`, 'content-type': type },
        body,
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
      }));
    const posted = await post(
      'chat.postMessage',
      JSON.stringify({ channel: 'C0GENERAL', text: 'json', blocks: [{ type: 'divider' }] }),
    );
    expect(posted).toMatchObject({ status: 200, body: { ok: true } });
    expect(await post('chat.scheduleMessage', '{}')).toEqual({
      status: 200,
      body: { ok: false, error: 'unknown_method' },
    });
    expect(await post('chat.postMessage', '{not json')).toEqual({
      status: 200,
      body: { ok: false, error: 'invalid_json' },
    });
    const badBlocks = await post(
      'chat.postMessage',
      'channel=C0GENERAL&text=x&blocks=%5Bnope',
      'application/x-www-form-urlencoded',
    );
    expect(badBlocks.body.error).toBe('invalid_blocks_format');
  });
});
