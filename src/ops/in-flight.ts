/**
 * Work under way in the app's listeners, so that a shutdown lets what was acknowledged finish
 * before the store closes: a Bolt listener acks at once and goes on (the task is created, the card
 * posted) after Slack has had its answer. Registered as the first global middleware; Bolt's `next()`
 * settles when the listeners behind it have.
 */
import type { App } from '@slack/bolt';
import { type Clock, systemClock, type Timer } from '../lib/clock.ts';

export interface InFlight {
  readonly count: number;
  /** Resolves when nothing is under way, or after `timeoutMs` (answering how many were left). */
  drain(timeoutMs: number): Promise<number>;
}

export function trackInFlight(app: App, clock: Clock = systemClock): InFlight {
  let count = 0;
  let idle: Array<() => void> = [];
  app.use(async ({ next }) => {
    count++;
    try {
      await next();
    } finally {
      count--;
      if (count === 0) {
        for (const wake of idle) wake();
        idle = [];
      }
    }
  });
  return {
    get count() {
      return count;
    },
    async drain(timeoutMs) {
      if (count === 0) return 0;
      let timer: Timer | undefined;
      await Promise.race([
        new Promise<void>((resolve) => idle.push(resolve)),
        new Promise<void>((resolve) => {
          timer = clock.after(timeoutMs, resolve);
        }),
      ]);
      timer?.cancel();
      return count;
    },
  };
}
