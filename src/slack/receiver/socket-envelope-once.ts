/**
 * Socket Mode delivers an envelope again when its ack did not reach Slack: the socket was recycled
 * (`disconnect`, `refresh_requested`) or dropped between the work and the ack
 * (docs.slack.dev/apis/events-api/using-socket-mode). Each envelope is acted on once across
 * instances: the first delivery claims its id in the store; its ack's payload is kept, and a
 * redelivery is answered with that same payload (the person sees the answer the lost ack carried)
 * without running anything. A redelivery that arrives while the first is still at work waits for
 * its ack, up to Slack's 3 s, then acks empty.
 */
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../lib/logger.ts';
import { storeKeys } from '../../store/keys.ts';
import type { Store } from '../../store/types.ts';

/** What is used of a `SocketModeClient` (an eventemitter3 emitter). */
interface EnvelopeEmitter {
  emit(event: string, ...args: unknown[]): boolean;
}

interface SlackEvent {
  envelope_id?: unknown;
  ack(response?: Record<string, unknown>): Promise<void>;
}

/** Slack redelivers within minutes; an hour covers every retry. */
const ENVELOPE_TTL_MS = 60 * 60_000;
const POLL_MS = 50;
/** Just under Slack's 3 s ack deadline. */
const WAIT_FOR_FIRST_MS = 2_500;

export function actOnEachEnvelopeOnce(
  client: EnvelopeEmitter,
  deps: { store: Store; clock: Clock; logger: Logger },
): void {
  const { store, clock, logger } = deps;
  const emit = client.emit.bind(client);

  const replay = async (envelopeId: string, event: SlackEvent): Promise<void> => {
    for (let polls = Math.ceil(WAIT_FOR_FIRST_MS / POLL_MS); polls > 0; polls--) {
      const kept = await store.get<{ response: Record<string, unknown> | null }>(
        storeKeys.socketEnvelopeAck(envelopeId),
      );
      if (kept) return event.ack(kept.response ?? undefined);
      await clock.sleep(POLL_MS);
    }
    await event.ack();
  };

  const deliver = async (envelopeId: string, event: SlackEvent, pass: () => void): Promise<void> => {
    if (!(await store.claim(storeKeys.socketEnvelope(envelopeId), ENVELOPE_TTL_MS))) {
      logger.info({ envelopeId }, 'Socket Mode envelope delivered again: answered with its first ack');
      return replay(envelopeId, event);
    }
    pass();
  };

  client.emit = (name: string, ...args: unknown[]): boolean => {
    const event = args[0] as SlackEvent | undefined;
    if (name !== 'slack_event' || typeof event?.envelope_id !== 'string') return emit(name, ...args);
    const envelopeId = event.envelope_id;
    const ack = event.ack;
    const remembering: SlackEvent = {
      ...event,
      async ack(response) {
        // Kept before it is sent: a redelivery after a lost ack finds it.
        await store
          .set(storeKeys.socketEnvelopeAck(envelopeId), { response: response ?? null }, ENVELOPE_TTL_MS)
          .catch((error: unknown) => logger.warn({ err: error, envelopeId }, 'Socket Mode ack not kept'));
        return ack(response);
      },
    };
    deliver(envelopeId, event, () => emit(name, remembering, ...args.slice(1))).catch((error: unknown) => {
      // The store is down: act on it rather than lose it (a redelivery may then run twice).
      logger.warn({ err: error, envelopeId }, 'Socket Mode envelope not claimed; acted on anyway');
      emit(name, remembering, ...args.slice(1));
    });
    return true;
  };
}
