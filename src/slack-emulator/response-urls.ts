import { randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';
import { SlackApiError } from './api-error.ts';
import { appendMessage } from './methods/chat.ts';
import { assertValidMessage } from './methods/message-checks.ts';
import type { EmulatorMessage, EphemeralMessage } from './model.ts';
import type { EmulatorState } from './state.ts';

/** Slack: a response_url takes up to 5 posts within 30 minutes. */
export const RESPONSE_URL_MAX_USES = 5;
export const RESPONSE_URL_TTL_MS = 30 * 60_000;

/** Where an interaction happened: what a response_url posts into and, for actions on a message, that message. */
export interface ResponseUrlContext {
  /** Default: the first team. */
  teamId?: string;
  channelId: string;
  /** Who interacted: ephemeral responses go to them. */
  userId: string;
  /** The message the interaction came from (a block action or message shortcut). */
  messageTs?: string;
  /** Whether that message is ephemeral. */
  ephemeral?: boolean;
}

interface Grant {
  teamId: string;
  channelId: string;
  userId: string;
  original?: { ts: string; ephemeral: boolean };
  issuedAt: number;
  uses: number;
}

export interface ResponseUrlAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** Response URLs minted for interactions, and what posting to them does to the stored messages. */
export class ResponseUrls {
  readonly #grants = new Map<string, Grant>();
  readonly #state: EmulatorState;
  readonly #clock: Clock;

  constructor(state: EmulatorState, clock: Clock) {
    this.#state = state;
    this.#clock = clock;
  }

  mint(baseUrl: string, context: ResponseUrlContext): string {
    const id = randomBytes(12).toString('hex');
    const grant: Grant = {
      teamId: context.teamId ?? this.#state.defaultTeamId(),
      channelId: context.channelId,
      userId: context.userId,
      issuedAt: this.#clock.now().getTime(),
      uses: 0,
    };
    if (context.messageTs) grant.original = { ts: context.messageTs, ephemeral: context.ephemeral ?? false };
    this.#grants.set(id, grant);
    return `${baseUrl}/response/${id}`;
  }

  /** The team a response_url belongs to, for recording. */
  teamOf(id: string): string | undefined {
    return this.#grants.get(id)?.teamId;
  }

  /**
   * A slash command's ack that carries a message: shown as a post to the command's response_url
   * would be, and then the message that URL's `replace_original` replaces. It uses none of the
   * URL's five posts, since it is the command's own answer.
   */
  applyAck(id: string, body: Record<string, unknown>): ResponseUrlAnswer {
    const grant = this.#grants.get(id);
    if (!grant) return { status: 404, body: { ok: false, error: 'invalid_url' } };
    return this.#applied(grant, body);
  }

  post(id: string, body: Record<string, unknown>): ResponseUrlAnswer {
    const grant = this.#grants.get(id);
    if (!grant) return { status: 404, body: { ok: false, error: 'invalid_url' } };
    if (this.#clock.now().getTime() - grant.issuedAt > RESPONSE_URL_TTL_MS) {
      return { status: 404, body: { ok: false, error: 'expired_url' } };
    }
    if (grant.uses >= RESPONSE_URL_MAX_USES) return { status: 404, body: { ok: false, error: 'used_url' } };
    grant.uses++;
    return this.#applied(grant, body);
  }

  #applied(grant: Grant, body: Record<string, unknown>): ResponseUrlAnswer {
    try {
      this.#apply(grant, body);
      return { status: 200, body: { ok: true } };
    } catch (error) {
      if (error instanceof SlackApiError) {
        const status = error.error === 'message_not_found' ? 404 : 400;
        return { status, body: error.toResponse() };
      }
      throw error;
    }
  }

  #apply(grant: Grant, body: Record<string, unknown>): void {
    const flag = (value: unknown) => value === true || value === 'true';
    if (flag(body.delete_original)) {
      if (!grant.original) throw new SlackApiError('message_not_found');
      this.#delete(grant, grant.original);
      delete grant.original;
      return;
    }
    const content = {
      text: typeof body.text === 'string' ? body.text : undefined,
      blocks: body.blocks,
      attachments: body.attachments,
    };
    assertValidMessage(content);
    if (flag(body.replace_original) && grant.original) {
      this.#replace(grant, grant.original, content);
      return;
    }
    const team = this.#state.team(grant.teamId);
    const threadTs = typeof body.thread_ts === 'string' ? body.thread_ts : undefined;
    // A response_url posts where the interaction happened, even where the bot is not a member.
    if (body.response_type === 'in_channel') {
      const message = appendMessage({ state: this.#state, team }, grant.channelId, { ...content, threadTs });
      grant.original ??= { ts: message.ts, ephemeral: false };
      return;
    }
    const ts = this.#state.nextTs();
    this.#state.ephemerals.push({
      channel: grant.channelId,
      team: team.id,
      user: grant.userId,
      ts,
      text: content.text ?? '',
      ...(Array.isArray(content.blocks) ? { blocks: content.blocks } : {}),
      ...(Array.isArray(content.attachments) ? { attachments: content.attachments } : {}),
      ...(threadTs ? { thread_ts: threadTs } : {}),
      via: 'response_url',
      deleted: false,
    });
    grant.original ??= { ts, ephemeral: true };
  }

  #find(grant: Grant, original: { ts: string; ephemeral: boolean }): EmulatorMessage | EphemeralMessage {
    const found = original.ephemeral
      ? this.#state.ephemerals.find(
          (message) => message.ts === original.ts && message.user === grant.userId && !message.deleted,
        )
      : this.#state.findMessage(grant.channelId, original.ts);
    if (!found) throw new SlackApiError('message_not_found');
    return found;
  }

  #delete(grant: Grant, original: { ts: string; ephemeral: boolean }): void {
    const found = this.#find(grant, original);
    if ('deleted' in found) {
      found.deleted = true;
      return;
    }
    const list = this.#state.channelMessages(grant.channelId);
    list.splice(list.indexOf(found), 1);
  }

  /** Replaces content only: a message never switches between ephemeral and in-channel. */
  #replace(
    grant: Grant,
    original: { ts: string; ephemeral: boolean },
    content: { text?: string; blocks?: unknown; attachments?: unknown },
  ): void {
    const found = this.#find(grant, original);
    found.text = content.text ?? '';
    if (Array.isArray(content.blocks)) found.blocks = content.blocks;
    else delete found.blocks;
    if (Array.isArray(content.attachments)) found.attachments = content.attachments;
    else delete found.attachments;
    if (!('deleted' in found)) {
      const team = this.#state.team(grant.teamId);
      found.edited = { user: team.botUserId, ts: this.#state.nextTs() };
    }
  }
}
