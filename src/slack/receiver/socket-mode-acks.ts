/**
 * Socket Mode's acks made observable as HTTP ones are through Node's `http.server` channels: each
 * envelope's arrival and its ack are published on diagnostics channels, which `src/ops/metrics.ts`
 * reads. Nothing is published while nobody subscribes, so a process without `/metrics` pays nothing.
 */
import { channel } from 'node:diagnostics_channel';
import {
  SOCKET_ACK,
  SOCKET_ENVELOPE,
  type SocketAckEvent,
  type SocketEnvelopeEvent,
} from '../../lib/socket-mode-channels.ts';

/** What is used of a `SocketModeClient` (an eventemitter3 emitter). */
interface SocketModeEmitter {
  on(event: string, listener: (payload: { envelope_id?: unknown; type?: unknown }) => void): unknown;
}

/** Publishes the arrivals and acks of a `SocketModeClient` (`SocketModeReceiver.client`). */
export function publishSocketModeAcks(client: SocketModeEmitter): void {
  const envelopes = channel(SOCKET_ENVELOPE);
  const acks = channel(SOCKET_ACK);
  // Bolt's listener, registered before this one, runs first, but only up to its first await (the
  // authorize step): no ack is ever sent before this stamps the arrival.
  client.on('slack_event', (args) => {
    if (envelopes.hasSubscribers && typeof args?.envelope_id === 'string') {
      envelopes.publish({
        envelopeId: args.envelope_id,
        type: String(args.type),
      } satisfies SocketEnvelopeEvent);
    }
  });
  // The client emits each message it sends back; in Socket Mode these are the acks.
  client.on('outgoing_message', (message) => {
    if (acks.hasSubscribers && typeof message?.envelope_id === 'string') {
      acks.publish({ envelopeId: message.envelope_id } satisfies SocketAckEvent);
    }
  });
}
