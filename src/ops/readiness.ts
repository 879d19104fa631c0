/**
 * Liveness and readiness for a load balancer or an orchestrator. `/healthz` (in create-app.ts)
 * says the process answers; `/readyz` says it should be sent work: the store answers a round trip
 * and the process is not shutting down. A failing `/readyz` takes the instance out of rotation
 * without restarting it (a Redis outage is everyone's, not this instance's fault).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CustomRoute } from '@slack/bolt';
import { type Clock, systemClock, type Timer } from '../lib/clock.ts';

export interface Readiness {
  /** Stops answering ready: called first thing on SIGTERM, so the balancer drains this instance. */
  markShuttingDown(): void;
  readonly shuttingDown: boolean;
  route: CustomRoute;
}

/** How long the store may take to answer before the instance counts as not ready. */
const PING_TIMEOUT_MS = 1_000;

export function createReadiness(ping: () => Promise<void>, clock: Clock = systemClock): Readiness {
  let shuttingDown = false;
  const check = async (): Promise<{ ready: boolean; store: string; shuttingDown: boolean }> => {
    let store = 'ok';
    try {
      await withTimeout(ping(), PING_TIMEOUT_MS, clock);
    } catch (error) {
      // The reason only: an error from the client may quote the URL, which can hold a password.
      store = error instanceof TimeoutError ? 'timeout' : 'unreachable';
    }
    return { ready: store === 'ok' && !shuttingDown, store, shuttingDown };
  };
  return {
    markShuttingDown() {
      shuttingDown = true;
    },
    get shuttingDown() {
      return shuttingDown;
    },
    route: {
      path: '/readyz',
      method: ['GET'],
      handler: (_req: IncomingMessage, res: ServerResponse) => {
        void check().then((answer) => {
          res
            .writeHead(answer.ready ? 200 : 503, { 'content-type': 'application/json' })
            .end(JSON.stringify(answer));
        });
      },
    },
  };
}

class TimeoutError extends Error {}

function withTimeout(work: Promise<void>, ms: number, clock: Clock): Promise<void> {
  let timer: Timer | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = clock.after(ms, () => reject(new TimeoutError('timed out')));
  });
  return Promise.race([work, timeout]).finally(() => timer?.cancel());
}
