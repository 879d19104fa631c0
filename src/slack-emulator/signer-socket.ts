/**
 * What the signer sends over Socket Mode instead of HTTP: the same body, as the envelope Slack
 * would wrap it in (no signature: the connection itself is authenticated by the app-level token).
 */
import type { EnvelopeType } from './socket-mode.ts';

export interface Envelope {
  type: EnvelopeType;
  payload: Record<string, unknown>;
}

/** The envelope for a body the signer built for HTTP; throws for bodies Socket Mode never carries. */
export function envelopeOf(body: string, contentType: string): Envelope {
  if (contentType.startsWith('application/json')) {
    const json = JSON.parse(body) as Record<string, unknown>;
    if (json.type === 'event_callback') return { type: 'events_api', payload: json };
    throw new Error(`Socket Mode carries no ${String(json.type)} request (Slack sends it over HTTP only)`);
  }
  const form = new URLSearchParams(body);
  const payload = form.get('payload');
  if (payload !== null)
    return { type: 'interactive', payload: JSON.parse(payload) as Record<string, unknown> };
  if (form.has('command')) return { type: 'slash_commands', payload: Object.fromEntries(form) };
  throw new Error('Socket Mode carries no ssl_check or other form request');
}

/** An ack's payload as the app's HTTP answer would read: empty for a bare ack, else its JSON. */
export function ackAsText(payload: Record<string, unknown>): string {
  return Object.keys(payload).length === 0 ? '' : JSON.stringify(payload);
}
