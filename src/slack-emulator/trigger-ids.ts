import { randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';
import { SlackApiError } from './api-error.ts';

/** Slack: a trigger_id is valid for 3 seconds and can be exchanged once. */
export const TRIGGER_TTL_MS = 3000;

interface Trigger {
  teamId: string;
  userId: string;
  issuedAt: number;
  used: boolean;
}

/** Mints trigger_ids as interactions do, and redeems each once within its 3 s. */
export class TriggerIds {
  readonly #triggers = new Map<string, Trigger>();
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  issue(teamId: string, userId: string): string {
    const now = this.#clock.now().getTime();
    const id = `${Math.floor(now / 1000)}.${Math.floor(Math.random() * 1e9)}.${randomBytes(12).toString('hex')}`;
    this.#triggers.set(id, { teamId, userId, issuedAt: now, used: false });
    return id;
  }

  /** The workspace a trigger was issued in (an org-wide token's call is placed by it). */
  teamOf(id: string): string | undefined {
    return this.#triggers.get(id)?.teamId;
  }

  /** Returns whose trigger it was; throws Slack's error when it is unknown, expired or used. */
  redeem(id: string | undefined, teamId: string): { userId: string } {
    const trigger = id ? this.#triggers.get(id) : undefined;
    if (!trigger || trigger.teamId !== teamId) throw new SlackApiError('invalid_trigger_id');
    if (this.#clock.now().getTime() - trigger.issuedAt > TRIGGER_TTL_MS)
      throw new SlackApiError('expired_trigger_id');
    if (trigger.used) throw new SlackApiError('exchanged_trigger_id');
    trigger.used = true;
    return { userId: trigger.userId };
  }
}
