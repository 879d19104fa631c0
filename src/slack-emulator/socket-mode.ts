/**
 * Slack's Socket Mode, emulated: `apps.connections.open` (with the app-level token) hands out a
 * one-use WebSocket URL; the connection gets Slack's `hello`, then envelopes (`slash_commands`,
 * `interactive`, `events_api`) that the app acks by `envelope_id`, with its answer in `payload`.
 * The server pings every 10 s, as Slack does, so a client's server-ping watchdog stays calm.
 *
 * Slack recycles its servers: it sends `{type: 'disconnect', reason: 'refresh_requested'}` (also
 * `warning`, `link_disabled`) and closes the socket a little later, and sockets also drop without
 * a word. An envelope not acked on a connection that closes is delivered again on another one
 * with `retry_attempt` raised (docs.slack.dev/apis/events-api/using-socket-mode: "Slack will
 * retry"); the emulator keeps its `envelope_id`, so an app can tell a redelivery. `stats()` counts
 * deliveries, redeliveries and acks, and acks for an envelope already acked.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Clock } from '../lib/clock.ts';

export const SOCKET_MODE_PATH = '/socket-mode/link/';
/** Slack waits 3 s for an ack before it counts a delivery as failed. */
export const SOCKET_ACK_TIMEOUT_MS = 3_000;
/** A URL from apps.connections.open must be used soon (Slack: within seconds), and once. */
const TICKET_TTL_MS = 30_000;
const PING_INTERVAL_MS = 10_000;
/** How long a connection asked to go stays open before the emulator closes it. */
const RECYCLE_GRACE_MS = 1_000;

export type EnvelopeType = 'slash_commands' | 'interactive' | 'events_api';

export interface DeliverOptions {
  /** Default: {@link SOCKET_ACK_TIMEOUT_MS}. */
  timeoutMs?: number;
  retryAttempt?: number;
  retryReason?: string;
}

interface Pending {
  resolve(payload: Record<string, unknown>): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout | undefined;
  teamId: string;
  connection: Connection;
  /** The envelope as sent, but for retry_attempt. */
  envelope: Record<string, unknown>;
  attempt: number;
  timeoutMs: number;
}

/** What happened on the emulator's sockets, for tests. */
export interface SocketModeStats {
  delivered: number;
  redelivered: number;
  acked: number;
  /** Acks for an envelope already acked (an app acting twice on one envelope). */
  duplicateAcks: number;
}

/** Why Slack asks a connection to go: `refresh_requested` when it recycles a server. */
export type DisconnectReason = 'refresh_requested' | 'warning' | 'link_disabled';

interface Connection {
  socket: WebSocket;
  teamId: string;
}

/** Raised when an envelope cannot be delivered or is not acked in time. */
export class SocketModeDeliveryError extends Error {
  override readonly name = 'SocketModeDeliveryError';
  readonly code: 'no_connection' | 'ack_timeout' | 'connection_closed';
  constructor(code: SocketModeDeliveryError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

/** The WebSocket side of the emulator; create-slack-emulator.ts wires it to its HTTP server. */
export class SocketModeHub {
  readonly #clock: Clock;
  readonly #tickets = new Map<string, { teamId: string; appId: string; expires: number }>();
  readonly #connections = new Set<Connection>();
  readonly #pending = new Map<string, Pending>();
  readonly #server = new WebSocketServer({ noServer: true });
  readonly #events = new EventEmitter();
  readonly #pinger: NodeJS.Timeout;
  #turn = 0;
  readonly #acked = new Set<string>();
  readonly #stats: SocketModeStats = { delivered: 0, redelivered: 0, acked: 0, duplicateAcks: 0 };

  constructor(clock: Clock) {
    this.#clock = clock;
    this.#pinger = setInterval(() => {
      for (const { socket } of this.#connections) socket.ping();
    }, PING_INTERVAL_MS);
    this.#pinger.unref();
  }

  /** What apps.connections.open answers: a fresh one-use URL under origin. */
  open(origin: string, teamId: string, appId: string): string {
    const ticket = randomBytes(16).toString('hex');
    this.#tickets.set(ticket, { teamId, appId, expires: this.#clock.now().getTime() + TICKET_TTL_MS });
    const ws = origin.replace(/^http/, 'ws');
    return `${ws}${SOCKET_MODE_PATH}?ticket=${ticket}&app_id=${appId}`;
  }

  /** Takes an HTTP upgrade for a Socket Mode URL; false when it is not one (the caller refuses it). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    if (url.pathname !== SOCKET_MODE_PATH) return false;
    const ticket = url.searchParams.get('ticket') ?? '';
    const grant = this.#tickets.get(ticket);
    this.#tickets.delete(ticket);
    if (!grant || grant.expires < this.#clock.now().getTime()) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return true;
    }
    this.#server.handleUpgrade(req, socket, head, (ws) => this.#accept(ws, grant.teamId, grant.appId));
    return true;
  }

  #accept(socket: WebSocket, teamId: string, appId: string): void {
    const connection: Connection = { socket, teamId };
    this.#connections.add(connection);
    socket.on('message', (data, isBinary) => {
      if (!isBinary) this.#onAck(String(data));
    });
    socket.on('close', () => {
      this.#connections.delete(connection);
      this.#events.emit('change');
      this.#redeliverFrom(connection);
    });
    socket.on('error', () => socket.terminate());
    socket.send(
      JSON.stringify({
        type: 'hello',
        num_connections: this.connectionCount(teamId),
        debug_info: { host: 'emulator', build_number: 1, approximate_connection_time: 18_060 },
        connection_info: { app_id: appId },
      }),
    );
    this.#events.emit('change');
  }

  #onAck(text: string): void {
    let message: { envelope_id?: unknown; payload?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return; // Slack ignores what it cannot read; so do we.
    }
    if (typeof message.envelope_id !== 'string') return;
    if (this.#acked.has(message.envelope_id)) this.#stats.duplicateAcks++;
    const pending = this.#pending.get(message.envelope_id);
    if (!pending) return;
    this.#acked.add(message.envelope_id);
    this.#stats.acked++;
    this.#pending.delete(message.envelope_id);
    clearTimeout(pending.timer);
    const payload = message.payload;
    pending.resolve(
      typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {},
    );
  }

  connectionCount(teamId: string): number {
    return [...this.#connections].filter((c) => c.teamId === teamId && c.socket.readyState === 1).length;
  }

  /** Resolves once the team's app holds at least one connection (rejects after timeoutMs). */
  waitForConnection(teamId: string, timeoutMs = 5_000): Promise<void> {
    if (this.connectionCount(teamId) > 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.connectionCount(teamId) === 0) return;
        clearTimeout(timer);
        this.#events.off('change', check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#events.off('change', check);
        reject(new Error(`No Socket Mode connection for team ${teamId} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#events.on('change', check);
    });
  }

  /**
   * Sends one envelope to one of the team's connections (in turn, as Slack spreads them) and
   * resolves with the ack's payload (`{}` for a bare ack).
   */
  deliver(
    teamId: string,
    type: EnvelopeType,
    payload: Record<string, unknown>,
    options: DeliverOptions = {},
  ): Promise<Record<string, unknown>> {
    const connection = this.#pick(teamId);
    if (!connection) {
      return Promise.reject(
        new SocketModeDeliveryError('no_connection', `No Socket Mode connection for team ${teamId}`),
      );
    }
    const envelopeId = randomUUID();
    const envelope = {
      envelope_id: envelopeId,
      type,
      payload,
      accepts_response_payload: type !== 'events_api',
      ...(type === 'events_api' ? { retry_reason: options.retryReason ?? '' } : {}),
    };
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        resolve,
        reject,
        timer: undefined,
        teamId,
        connection,
        envelope,
        attempt: options.retryAttempt ?? 0,
        timeoutMs: options.timeoutMs ?? SOCKET_ACK_TIMEOUT_MS,
      };
      this.#pending.set(envelopeId, pending);
      this.#stats.delivered++;
      this.#send(envelopeId, pending);
    });
  }

  #pick(teamId: string): Connection | undefined {
    const open = [...this.#connections].filter((c) => c.teamId === teamId && c.socket.readyState === 1);
    return open.length === 0 ? undefined : open[this.#turn++ % open.length];
  }

  #send(envelopeId: string, pending: Pending): void {
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => {
      this.#pending.delete(envelopeId);
      pending.reject(
        new SocketModeDeliveryError(
          'ack_timeout',
          `No ack for envelope ${envelopeId} within ${pending.timeoutMs} ms`,
        ),
      );
    }, pending.timeoutMs);
    const events = pending.envelope.type === 'events_api';
    pending.connection.socket.send(
      JSON.stringify({ ...pending.envelope, ...(events ? { retry_attempt: pending.attempt } : {}) }),
      (error) => {
        // A socket closing under the send: the close handler delivers it again.
        if (error) pending.connection.socket.terminate();
      },
    );
  }

  /** The envelopes a closed connection left unacked go out again on another of the team's. */
  #redeliverFrom(closed: Connection): void {
    for (const [envelopeId, pending] of this.#pending) {
      if (pending.connection !== closed) continue;
      clearTimeout(pending.timer);
      pending.timer = undefined;
      this.waitForConnection(pending.teamId, 10_000).then(
        () => {
          if (this.#pending.get(envelopeId) !== pending) return;
          const next = this.#pick(pending.teamId);
          if (!next) return this.#redeliverFrom(closed);
          pending.connection = next;
          pending.attempt++;
          this.#stats.redelivered++;
          this.#send(envelopeId, pending);
        },
        () => {
          if (this.#pending.get(envelopeId) !== pending) return;
          this.#pending.delete(envelopeId);
          pending.reject(new SocketModeDeliveryError('connection_closed', 'The connection closed'));
        },
      );
    }
  }

  stats(): SocketModeStats {
    return { ...this.#stats };
  }

  /** Closes the team's connections without a word, as a dropped network does. */
  dropConnections(teamId: string): void {
    for (const { socket, teamId: owner } of this.#connections) if (owner === teamId) socket.terminate();
  }

  /** Asks every connection of a team to reconnect, as Slack does when it recycles a server. */
  requestReconnect(teamId: string, reason: DisconnectReason = 'refresh_requested'): void {
    for (const { socket, teamId: owner } of this.#connections) {
      if (owner !== teamId) continue;
      socket.send(JSON.stringify({ type: 'disconnect', reason, debug_info: { host: 'emulator' } }));
      // Slack closes the old socket soon after; an app that has not moved by then loses it.
      const timer = setTimeout(() => socket.close(), RECYCLE_GRACE_MS);
      timer.unref();
    }
  }

  close(): void {
    clearInterval(this.#pinger);
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new SocketModeDeliveryError('connection_closed', 'The emulator closed'));
    }
    this.#pending.clear();
    for (const { socket } of this.#connections) socket.terminate();
    this.#connections.clear();
    this.#server.close();
  }
}
