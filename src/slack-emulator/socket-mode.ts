/**
 * Slack's Socket Mode, emulated: `apps.connections.open` (with the app-level token) hands out a
 * one-use WebSocket URL; the connection gets Slack's `hello`, then envelopes (`slash_commands`,
 * `interactive`, `events_api`) that the app acks by `envelope_id`, with its answer in `payload`.
 * The server pings every 10 s, as Slack does, so a client's server-ping watchdog stays calm.
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
  timer: NodeJS.Timeout;
}

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
    const pending = this.#pending.get(message.envelope_id);
    if (!pending) return;
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
    const open = [...this.#connections].filter((c) => c.teamId === teamId && c.socket.readyState === 1);
    if (open.length === 0) {
      return Promise.reject(
        new SocketModeDeliveryError('no_connection', `No Socket Mode connection for team ${teamId}`),
      );
    }
    const connection = open[this.#turn++ % open.length]!;
    const envelopeId = randomUUID();
    const timeoutMs = options.timeoutMs ?? SOCKET_ACK_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(envelopeId);
        reject(
          new SocketModeDeliveryError(
            'ack_timeout',
            `No ack for envelope ${envelopeId} within ${timeoutMs} ms`,
          ),
        );
      }, timeoutMs);
      this.#pending.set(envelopeId, { resolve, reject, timer });
      connection.socket.send(
        JSON.stringify({
          envelope_id: envelopeId,
          type,
          payload,
          accepts_response_payload: type !== 'events_api',
          ...(type === 'events_api'
            ? { retry_attempt: options.retryAttempt ?? 0, retry_reason: options.retryReason ?? '' }
            : {}),
        }),
        (error) => {
          if (!error) return;
          clearTimeout(timer);
          this.#pending.delete(envelopeId);
          reject(new SocketModeDeliveryError('connection_closed', error.message));
        },
      );
    });
  }

  /** Asks every connection of a team to reconnect, as Slack does when it recycles a server. */
  requestReconnect(teamId: string): void {
    for (const { socket, teamId: owner } of this.#connections) {
      if (owner === teamId) socket.send(JSON.stringify({ type: 'disconnect', reason: 'refresh_requested' }));
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
