/**
 * Sends a project event's outbox record (`store/notify-outbox.ts`) under its lease:
 * each channel's notice, then the assignment messages, saving what is left after each step, then
 * removes the record. A send Slack refuses is logged where it is made and counts as done, as for
 * cards. A step that throws (the store, a service read) keeps the lease until it lapses, so the
 * record is tried again after that rather than every look; an instance that dies mid-way leaves the
 * rest to whichever instance takes the lease next (sent at least once, never lost).
 */

import type { Logger } from '../lib/logger.ts';
import type { ProjectEvent } from './events/project-event.ts';
import type { NotifyOutbox } from './store/notify-outbox.ts';

interface OutboxSenderOptions {
  outbox: NotifyOutbox;
  /** How long one instance holds a record while sending it; after a crash, another sends it then. */
  leaseMs: number;
  notice(teamId: string, channelId: string, event: ProjectEvent, projectName: string): Promise<void>;
  directMessages(teamId: string, event: ProjectEvent): Promise<unknown>;
  logger: Logger;
}

interface OutboxSender {
  /** Sends one event's record if no other instance is; resolves when sent or left. */
  send(teamId: string, eventId: string): Promise<void>;
  /** Sends every waiting record of every workspace (left by a restart, or by an instance that died). */
  sendWaiting(): Promise<void>;
}

export function createOutboxSender(o: OutboxSenderOptions): OutboxSender {
  const send = async (teamId: string, eventId: string) => {
    if (!(await o.outbox.lease(teamId, eventId, o.leaseMs))) return;
    try {
      const entry = await o.outbox.get(teamId, eventId);
      if (entry) {
        for (const next of [...entry.notices]) {
          await o.notice(teamId, next.channelId, entry.event, next.projectName);
          entry.notices.shift();
          await o.outbox.update(teamId, entry);
        }
        if (entry.directMessages) await o.directMessages(teamId, entry.event);
        await o.outbox.remove(teamId, eventId);
      }
    } catch (error) {
      o.logger.warn({ err: error, teamId, eventId }, 'an event’s messages failed; tried again later');
      return;
    }
    await o.outbox.releaseLease(teamId, eventId);
  };
  return {
    send,
    async sendWaiting() {
      for (const teamId of await o.outbox.teams()) {
        for (const eventId of await o.outbox.waiting(teamId)) await send(teamId, eventId);
      }
    },
  };
}
