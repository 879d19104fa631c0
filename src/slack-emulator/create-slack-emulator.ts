import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Clock, systemClock } from '../lib/clock.ts';
import { SlackApiError } from './api-error.ts';
import { DEFAULT_SEED, seedDefaults } from './default-seed.ts';
import type { Fault } from './faults.ts';
import { FaultQueue } from './faults.ts';
import { basicCredentials, bearerToken, parseArgs, readBody } from './http-body.ts';
import { appMethods } from './methods/apps.ts';
import { assistantMethods } from './methods/assistant.ts';
import { authAndTeamMethods } from './methods/auth-and-team.ts';
import { appendMessage, chatMethods } from './methods/chat.ts';
import type { MethodContext, MethodSpec } from './methods/context.ts';
import { conversationMethods } from './methods/conversations.ts';
import { functionMethods } from './methods/functions.ts';
import { oauthMethods } from './methods/oauth.ts';
import { orgMethods } from './methods/org.ts';
import { reactionMethods } from './methods/reactions.ts';
import { userMethods } from './methods/users.ts';
import { viewMethods } from './methods/views.ts';
import { workObjectMethods } from './methods/work-objects.ts';
import type {
  EmulatorChannel,
  EmulatorMessage,
  EmulatorTeam,
  EmulatorUser,
  EmulatorView,
  EphemeralMessage,
  RecordedCall,
} from './model.ts';
import { type IssueOAuthCodeInput, type OAuthApp, OAuthCodes } from './oauth-codes.ts';
import { seedOrg } from './org-seed.ts';
import { installOrgWide, orgTokenOwner, teamForOrgToken } from './org-tokens.ts';
import { CallRecorder, DEFAULT_WAIT_MS } from './recorder.ts';
import { type ResponseUrlContext, ResponseUrls } from './response-urls.ts';
import { type RotatedPair, RotatingTokens } from './rotating-tokens.ts';
import { SocketModeHub } from './socket-mode.ts';
import { type AddChannelInput, type AddTeamInput, type AddUserInput, EmulatorState } from './state.ts';
import { TriggerIds } from './trigger-ids.ts';
import { applyViewClosed, applyViewSubmissionAck } from './view-acks.ts';

/** The Web API methods the emulator answers. */
export const EMULATED_METHODS: Readonly<Record<string, MethodSpec>> = {
  ...authAndTeamMethods,
  ...chatMethods,
  ...viewMethods,
  ...userMethods,
  ...conversationMethods,
  ...oauthMethods,
  ...appMethods,
  ...reactionMethods,
  ...assistantMethods,
  ...workObjectMethods,
  ...functionMethods,
  ...orgMethods,
};

/** Argument fields that carry JSON; recorded parsed so tests can read them. */
const JSON_FIELDS = ['blocks', 'attachments', 'view', 'unfurls', 'metadata'];
/** Never recorded: the recording is for reading in tests and the playground, secrets stay out. */
const SECRET_FIELDS = ['token', 'client_secret'];

export interface SlackEmulatorOptions {
  /** Port on 127.0.0.1; 0 picks a free one. Default: 0. */
  port?: number;
  /** Interface to listen on. Default: `127.0.0.1` (loopback only). */
  host?: string;
  /** Time for message ts, trigger_id and response_url expiry. Default: the system clock. */
  clock?: Clock;
  /** Whether to add the default workspace (team T0001 "Acme", its people and channels). Default: true. */
  seed?: boolean;
  /** The app credentials oauth.v2.access accepts. Default: client id `1111111111.2222222222`, secret `emulator-client-secret`. */
  oauth?: OAuthApp;
  /** Whether to add the Globex Enterprise Grid org too (org-seed.ts). Default: false. */
  org?: boolean;
  /**
   * Token rotation on: installs get expiring tokens with refresh tokens (rotating-tokens.ts).
   * `expiresIn` in seconds; default 12 hours, as on Slack.
   */
  tokenRotation?: { expiresIn?: number };
  /** How many calls `calls()` keeps, the latest (a long local run must not grow without end). Default 10 000. */
  maxRecordedCalls?: number;
}

export interface AddMessageInput {
  /** Channel id or name. */
  channel: string;
  /** Author's user id. */
  user: string;
  text: string;
  blocks?: unknown[];
  /** Makes it a reply in that thread. */
  threadTs?: string;
}

export interface MessageQuery {
  /** Include thread replies. Default: false. */
  replies?: boolean;
}

export interface SlackEmulator {
  /** The Web API base, ending in `/api/`: give it to `WebClient({slackApiUrl})` or Bolt's `clientOptions`. */
  url: string;
  /** `http://127.0.0.1:<port>`: response URLs live under it. */
  origin: string;
  /** The default team's bot token. */
  botToken: string;
  /** The default team's app-level token (`xapp-…`), for Socket Mode. */
  appToken: string;
  state: EmulatorState;
  /** Socket Mode: the apps' WebSocket connections and the envelopes sent over them. */
  socketMode: SocketModeHub;
  /** Calls listener after every recorded call; returns the way to stop listening. */
  onCall(listener: (call: RecordedCall) => void): () => void;
  close(): Promise<void>;

  addTeam(input: AddTeamInput): EmulatorTeam;
  addUser(input: AddUserInput): EmulatorUser;
  addChannel(input: AddChannelInput): EmulatorChannel;
  /** A message someone (not the bot) wrote, e.g. for a message shortcut to act on. */
  addMessage(input: AddMessageInput): EmulatorMessage;
  /** Makes every token of a team answer `token_revoked`, as after an uninstall. */
  revokeTokens(teamId: string): void;

  /** Installs the app org-wide in an org (as an org admin's approval would); returns the org token. */
  installOrgWide(enterpriseId: string): string;
  /**
   * An expiring token pair for a workspace's bot, or an org's when enterpriseId is given, as a
   * rotation-enabled install or refresh hands out. Default lifetime: the emulator's rotation setting.
   */
  issueRotatingToken(input: { teamId?: string; enterpriseId?: string; expiresIn?: number }): RotatedPair;
  /** Refresh grants answered so far (each trades a refresh token once). */
  refreshGrants(): number;

  /** A trigger_id for a user's interaction: valid 3 s, once. */
  issueTriggerId(userId: string, teamId?: string): string;
  /** A response_url for an interaction: up to 5 posts within 30 minutes. */
  responseUrl(context: ResponseUrlContext): string;
  /** An OAuth code as Slack's install page hands to the redirect URL. */
  issueOAuthCode(input?: IssueOAuthCodeInput): string;
  /**
   * A slash command is on its way to the app with this response_url: posts to the URL wait until
   * `settle` is given the app's ack, as Slack shows the command's answer before anything posted after
   * it. An ack that carries a message is shown as a post to the URL (recorded as `response_url`, `via:
   * 'ack'`). The signer calls it.
   */
  commandSent(responseUrl: string): { settle(ack: unknown): void };
  /** Applies an app's ack to a view_submission (see view-acks.ts); the signer calls it. */
  applyViewSubmissionAck(viewId: string, ack: unknown): Record<string, unknown>;
  /** Closes a view as a user dismissing it would. */
  closeView(viewId: string, cleared?: boolean): void;

  /** The calls answered, oldest first: the latest `maxRecordedCalls` of them. */
  calls(method?: string): RecordedCall[];
  clearCalls(): void;
  /** Resolves with the first call of method matching predicate (earlier calls included). Default timeout: 10 s. */
  waitForCall(
    method: string,
    predicate?: (call: RecordedCall) => boolean,
    timeoutMs?: number,
  ): Promise<RecordedCall>;
  /** The next call of method fails as described (one fault per call; queue several for several calls). */
  failNext(method: string, fault: Fault): void;

  team(teamId?: string): EmulatorTeam;
  user(userId: string): EmulatorUser | undefined;
  /** By id or by name (`general` or `#general`). */
  channel(idOrName: string, teamId?: string): EmulatorChannel | undefined;
  /** A channel's messages, oldest first. */
  messages(channel: string, query?: MessageQuery): EmulatorMessage[];
  message(channel: string, ts: string): EmulatorMessage | undefined;
  /** A thread: the parent first, then the replies. */
  thread(channel: string, ts: string): EmulatorMessage[];
  /** Ephemeral messages still shown, oldest first, for a user and optionally one channel. */
  ephemeralMessages(userId?: string, channel?: string): EphemeralMessage[];
  view(viewId: string): EmulatorView | undefined;
  /** Validation errors the last `response_action: "errors"` put on a view. */
  viewErrors(viewId: string): Record<string, string> | undefined;
  /** The user's open modal stack, bottom first. */
  openModals(userId: string, teamId?: string): EmulatorView[];
  homeTab(userId: string, teamId?: string): EmulatorView | undefined;
}

/** Starts a Slack Web API emulator on loopback. */
export async function createSlackEmulator(options: SlackEmulatorOptions = {}): Promise<SlackEmulator> {
  const clock = options.clock ?? systemClock;
  const state = new EmulatorState(clock);
  if (options.seed ?? true) seedDefaults(state);
  if (options.org) seedOrg(state);
  const triggers = new TriggerIds(clock);
  const oauth = new OAuthCodes(
    clock,
    options.oauth ?? { clientId: '1111111111.2222222222', clientSecret: 'emulator-client-secret' },
  );
  const rotation = new RotatingTokens(state, clock, options.tokenRotation?.expiresIn);
  const recorder = new CallRecorder(options.maxRecordedCalls);
  const faults = new FaultQueue();
  const responseUrls = new ResponseUrls(state, clock);
  const socketMode = new SocketModeHub(clock);
  let origin = '';

  /** Commands sent whose ack has not come back yet, by response_url id. */
  const pendingAcks = new Map<string, Promise<void>>();

  const record = (call: Omit<RecordedCall, 'at'>): void => {
    recorder.record({ ...call, at: clock.now().getTime() });
  };

  const send = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'x-slack-req-id': randomBytes(8).toString('hex'),
      ...headers,
    });
    res.end(JSON.stringify(body));
  };

  const answerFault = (
    res: ServerResponse,
    method: string,
    args: Record<string, unknown>,
    fault: Fault,
  ): void => {
    if (typeof fault === 'string') {
      const response = { ok: false, error: fault };
      record({ method, args, status: 200, response });
      send(res, 200, response);
      return;
    }
    if (fault.status === 429) {
      const retryAfter = 'retryAfter' in fault && fault.retryAfter !== undefined ? fault.retryAfter : 1;
      const response = { ok: false, error: 'ratelimited' };
      record({ method, args, status: 429, response });
      send(res, 429, response, { 'retry-after': String(retryAfter) });
      return;
    }
    const response = { ok: false, error: ('error' in fault && fault.error) || 'fatal_error' };
    record({ method, args, status: fault.status, response });
    send(res, fault.status, response);
  };

  const handleApi = async (
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    url: URL,
  ): Promise<void> => {
    let args: Record<string, unknown> = {};
    try {
      args = parseArgs(req.headers['content-type'], await readBody(req), url.searchParams);
    } catch (error) {
      if (!(error instanceof SlackApiError)) throw error;
      const response = error.toResponse();
      record({ method, args: {}, status: 200, response });
      send(res, 200, response);
      return;
    }
    const recorded = recordableArgs(args);
    const spec = EMULATED_METHODS[method];
    if (!spec) {
      const response = { ok: false, error: 'unknown_method' };
      record({ method, args: recorded, status: 200, response });
      send(res, 200, response);
      return;
    }
    const fault = faults.take(method);
    if (fault !== undefined) {
      answerFault(res, method, recorded, fault);
      return;
    }

    const ctx: MethodContext = {
      state,
      triggers,
      oauth,
      clock,
      ...(options.tokenRotation ? { rotation } : {}),
      socketMode: { open: (teamId, appId) => socketMode.open(origin, teamId, appId) },
    };
    const basic = basicCredentials(req.headers.authorization);
    if (basic) ctx.basicAuth = basic;
    let teamId: string | undefined;
    try {
      if (spec.auth ?? true) {
        const token =
          bearerToken(req.headers.authorization) ?? (typeof args.token === 'string' ? args.token : undefined);
        if (!token) throw new SlackApiError('not_authed');
        const owner = state.tokens.get(token);
        if (!owner) throw new SlackApiError('invalid_auth');
        if (owner.revoked) throw new SlackApiError('token_revoked');
        if (owner.expiresAt !== undefined && clock.now().getTime() >= owner.expiresAt) {
          throw new SlackApiError('token_expired');
        }
        // An app-level token opens Socket Mode connections and nothing else, as on Slack.
        if ((owner.kind === 'app') !== (spec.tokenKind === 'app')) {
          throw new SlackApiError('not_allowed_token_type');
        }
        ctx.auth = owner;
        ctx.team =
          owner.enterpriseId !== undefined
            ? teamForOrgToken(state, triggers, { ...owner, enterpriseId: owner.enterpriseId }, args)
            : state.team(owner.teamId);
        teamId = ctx.team.id;
      }
      const response = spec.handler(args, ctx);
      record({ method, args: recorded, ...(teamId ? { teamId } : {}), status: 200, response });
      send(res, 200, response);
    } catch (error) {
      const response =
        error instanceof SlackApiError
          ? error.toResponse()
          : {
              ok: false,
              error: 'internal_error',
              detail: error instanceof Error ? error.message : String(error),
            };
      record({ method, args: recorded, ...(teamId ? { teamId } : {}), status: 200, response });
      send(res, 200, response);
    }
  };

  const handleResponseUrl = async (req: IncomingMessage, res: ServerResponse, id: string): Promise<void> => {
    const method = 'response_url';
    const teamId = responseUrls.teamOf(id);
    let body: Record<string, unknown>;
    try {
      const text = await readBody(req);
      const type = req.headers['content-type'] ?? '';
      body = type.includes('application/x-www-form-urlencoded')
        ? parsePayloadForm(text)
        : (JSON.parse(text || '{}') as Record<string, unknown>);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
    } catch {
      const response = { ok: false, error: 'invalid_payload' };
      record({ method, args: { url_id: id }, status: 400, response });
      send(res, 400, response);
      return;
    }
    const args = { ...body, url_id: id };
    const fault = faults.take(method);
    if (fault !== undefined) {
      answerFault(res, method, args, fault);
      return;
    }
    await pendingAcks.get(id);
    const answer = responseUrls.post(id, body);
    record({ method, args, ...(teamId ? { teamId } : {}), status: answer.status, response: answer.body });
    send(res, answer.status, answer.body);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    const api = /^\/api\/([\w.]+)$/.exec(url.pathname);
    const response = /^\/response\/([0-9a-f]+)$/.exec(url.pathname);
    let work: Promise<void>;
    if (api && (req.method === 'POST' || req.method === 'GET')) work = handleApi(req, res, api[1]!, url);
    else if (response && req.method === 'POST') work = handleResponseUrl(req, res, response[1]!);
    else work = Promise.resolve(send(res, 404, { ok: false, error: 'not_found', path: url.pathname }));
    work.catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { ok: false, error: 'internal_error', detail: String(error) });
      else res.end();
    });
  });

  server.on('upgrade', (req, socket, head) => {
    if (!socketMode.handleUpgrade(req, socket, head)) socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;

  const resolveChannelId = (idOrName: string, teamId?: string): string =>
    emulator.channel(idOrName, teamId)?.id ?? idOrName;

  const emulator: SlackEmulator = {
    url: `${origin}/api/`,
    origin,
    get botToken() {
      return state.teams.size > 0 ? state.team(state.defaultTeamId()).botToken : DEFAULT_SEED.botToken;
    },
    get appToken() {
      return state.teams.size > 0 ? state.team(state.defaultTeamId()).appToken : DEFAULT_SEED.appToken;
    },
    state,
    socketMode,
    onCall: (listener) => recorder.onCall(listener),
    close: () =>
      new Promise<void>((resolve, reject) => {
        socketMode.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),

    addTeam: (input) => state.addTeam(input),
    addUser: (input) => state.addUser(input),
    addChannel: (input) => state.addChannel(input),
    addMessage(input) {
      const channel = emulator.channel(input.channel);
      if (!channel) throw new Error(`Unknown channel ${input.channel}`);
      const author = state.users.get(input.user);
      if (!author) throw new Error(`Unknown user ${input.user}`);
      return appendMessage({ state, team: state.team(channel.teamId) }, channel.id, {
        text: input.text,
        blocks: input.blocks,
        threadTs: input.threadTs,
        user: author.id,
      });
    },
    revokeTokens(teamId) {
      for (const owner of state.tokens.values()) if (owner.teamId === teamId) owner.revoked = true;
    },

    installOrgWide: (enterpriseId) => installOrgWide(state, enterpriseId),
    issueRotatingToken(input) {
      if (input.enterpriseId !== undefined) {
        const org = state.enterprise(input.enterpriseId);
        org.orgInstalled = true;
        const owner = orgTokenOwner(state, org);
        return rotation.mint(
          { teamId: owner.teamId, enterpriseId: org.id, kind: 'bot', userId: owner.userId },
          input.expiresIn,
        );
      }
      const team = state.team(input.teamId ?? state.defaultTeamId());
      return rotation.mint({ teamId: team.id, kind: 'bot', userId: team.botUserId }, input.expiresIn);
    },
    refreshGrants: () => rotation.redeemed,
    issueTriggerId: (userId, teamId) =>
      triggers.issue(teamId ?? state.users.get(userId)?.teamId ?? state.defaultTeamId(), userId),
    responseUrl: (context) => responseUrls.mint(origin, context),
    issueOAuthCode(input = {}) {
      const org = input.enterpriseId === undefined ? undefined : state.enterprise(input.enterpriseId);
      const teamId = org?.teamIds[0] ?? input.teamId ?? state.defaultTeamId();
      const admin = state.humanUsers(teamId).find((user) => user.isAdmin) ?? state.humanUsers(teamId)[0];
      const userId = input.userId ?? admin?.id;
      if (!userId) throw new Error(`Team ${teamId} has no user to install the app`);
      return oauth.issue({
        teamId,
        userId,
        scopes: input.scopes ?? ['commands', 'chat:write'],
        userScopes: input.userScopes ?? [],
        ...(input.redirectUri !== undefined ? { redirectUri: input.redirectUri } : {}),
        ...(org ? { enterpriseId: org.id } : {}),
      });
    },
    commandSent(responseUrl) {
      const id = /\/response\/([0-9a-f]+)$/.exec(responseUrl)?.[1];
      if (!id) return { settle: () => undefined };
      let release = (): void => undefined;
      pendingAcks.set(id, new Promise<void>((resolve) => (release = resolve)));
      return {
        settle(ack) {
          pendingAcks.delete(id);
          try {
            if (typeof ack !== 'object' || ack === null || Array.isArray(ack)) return;
            const body = ack as Record<string, unknown>;
            if (body.text === undefined && body.blocks === undefined && body.attachments === undefined)
              return;
            const answer = responseUrls.applyAck(id, body);
            const teamId = responseUrls.teamOf(id);
            record({
              method: 'response_url',
              args: { ...body, url_id: id },
              ...(teamId ? { teamId } : {}),
              status: answer.status,
              response: answer.body,
              via: 'ack',
            });
          } finally {
            // Posts made after the command wait for its answer, as Slack shows them after it.
            release();
          }
        },
      };
    },
    applyViewSubmissionAck(viewId, ack) {
      const response = applyViewSubmissionAck(state, viewId, ack);
      const teamId = state.views.get(viewId)?.view.team_id;
      record({
        method: 'response_action',
        args: {
          view_id: viewId,
          ...(typeof ack === 'object' && ack !== null ? (ack as Record<string, unknown>) : {}),
        },
        ...(teamId ? { teamId } : {}),
        status: 200,
        response,
      });
      return response;
    },
    closeView: (viewId, cleared = false) => applyViewClosed(state, viewId, cleared),

    calls: (method) => recorder.list(method),
    clearCalls: () => recorder.clear(),
    waitForCall: (method, predicate, timeoutMs = DEFAULT_WAIT_MS) =>
      recorder.waitFor(method, predicate, timeoutMs),
    failNext: (method, fault) => faults.add(method, fault),

    team: (teamId) => state.team(teamId ?? state.defaultTeamId()),
    user: (userId) => state.users.get(userId),
    channel(idOrName, teamId) {
      const byId = state.channels.get(idOrName);
      if (byId) return byId;
      const name = idOrName.replace(/^#/, '');
      const team = teamId ?? (state.teams.size > 0 ? state.defaultTeamId() : undefined);
      return [...state.channels.values()].find((channel) => channel.name === name && channel.teamId === team);
    },
    messages(channel, query = {}) {
      const list = state.messages.get(resolveChannelId(channel)) ?? [];
      return query.replies
        ? [...list]
        : list.filter((message) => !message.thread_ts || message.thread_ts === message.ts);
    },
    message: (channel, ts) => state.findMessage(resolveChannelId(channel), ts),
    thread(channel, ts) {
      const list = state.messages.get(resolveChannelId(channel)) ?? [];
      return list.filter((message) => message.ts === ts || message.thread_ts === ts);
    },
    ephemeralMessages(userId, channel) {
      const channelId = channel === undefined ? undefined : resolveChannelId(channel);
      return state.ephemerals.filter(
        (message) =>
          !message.deleted &&
          (userId === undefined || message.user === userId) &&
          (channelId === undefined || message.channel === channelId),
      );
    },
    view: (viewId) => state.views.get(viewId)?.view,
    viewErrors: (viewId) => state.views.get(viewId)?.errors,
    openModals(userId, teamId) {
      const key = state.stackKey(teamId ?? state.users.get(userId)?.teamId ?? state.defaultTeamId(), userId);
      return (state.modalStacks.get(key) ?? []).map((id) => state.views.get(id)!.view);
    },
    homeTab(userId, teamId) {
      const key = state.stackKey(teamId ?? state.users.get(userId)?.teamId ?? state.defaultTeamId(), userId);
      const id = state.homes.get(key);
      return id ? state.views.get(id)?.view : undefined;
    },
  };
  return emulator;
}

function recordableArgs(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (SECRET_FIELDS.includes(key)) continue;
    if (JSON_FIELDS.includes(key) && typeof value === 'string') {
      try {
        out[key] = JSON.parse(value);
        continue;
      } catch {
        // Kept as sent: the method answers the format error.
      }
    }
    out[key] = value;
  }
  return out;
}

/** Response URLs also take `payload=<json>` forms, as Slack's do. */
function parsePayloadForm(text: string): Record<string, unknown> {
  const payload = new URLSearchParams(text).get('payload');
  if (payload === null) throw new Error('no payload');
  return JSON.parse(payload) as Record<string, unknown>;
}
