import { createHash } from 'node:crypto';

/** A project event's id as a store key part: a long id (the service's to choose) is hashed. */
export function eventIdPart(eventId: string): string {
  return eventId.length > 120 ? `sha256:${createHash('sha256').update(eventId).digest('hex')}` : eventId;
}
