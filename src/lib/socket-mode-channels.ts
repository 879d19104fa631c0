/**
 * The diagnostics channels on which Socket Mode's envelopes and acks are published (by the Slack
 * receiver) and read (by `/metrics`): named here, below both, so neither imports the other.
 */

/** An envelope arrived (a command, an interaction, an event): `{ envelopeId, type }`. */
export const SOCKET_ENVELOPE = 'taskbridge:socket-mode:envelope';
/** The app acknowledged an envelope over the WebSocket: `{ envelopeId }`. */
export const SOCKET_ACK = 'taskbridge:socket-mode:ack';

export interface SocketEnvelopeEvent {
  envelopeId: string;
  type: string;
}

export interface SocketAckEvent {
  envelopeId: string;
}
