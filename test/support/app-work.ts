/**
 * Waits for the app to finish what it was asked, for tests that check something did NOT happen
 * (no second task, no second answer): a fixed sleep proves nothing on a loaded machine, where the
 * duplicate may simply not have come yet. The app's own shutdown counter (src/ops/in-flight.ts)
 * sees every request from Bolt's first middleware until its listeners return; an event is counted
 * before the sender has read its acknowledgement, a command or form before its listener acks.
 */
import type { TaskbridgeApp } from '../../src/create-app.ts';
import { trackInFlight } from '../../src/ops/in-flight.ts';

export interface AppWork {
  /** Resolves once no request is under way; fails if some still is after `timeoutMs`. */
  settled(timeoutMs?: number): Promise<void>;
}

/** Call right after the app starts, before the requests whose work the test waits for. */
export function watchAppWork(app: TaskbridgeApp): AppWork {
  const inFlight = trackInFlight(app.app);
  return {
    async settled(timeoutMs = 10_000) {
      const left = await inFlight.drain(timeoutMs);
      if (left > 0) throw new Error(`${left} request(s) still under way after ${timeoutMs} ms`);
    },
  };
}
