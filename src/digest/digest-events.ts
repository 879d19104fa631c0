/**
 * What the digest runner tells whoever listens (metrics), through a diagnostics channel: the runner
 * knows nothing of its listeners, and publishing costs nothing when there are none.
 */
import { channel } from 'node:diagnostics_channel';

export const DIGEST_RECORDED = 'taskbridge:digest:recorded';

export interface DigestRecordedEvent {
  outcome: 'posted' | 'empty' | 'failed';
  /** Sent after its grace period. */
  late: boolean;
}

const recorded = channel(DIGEST_RECORDED);

export function publishDigestRecorded(event: DigestRecordedEvent): void {
  if (recorded.hasSubscribers) recorded.publish(event);
}
