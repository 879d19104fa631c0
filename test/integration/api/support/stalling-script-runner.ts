/**
 * A Redis script runner that holds one script's answer on its way back while the test acts (moves
 * the clock, lets another process in): a stall between Redis and the client, which a real network,
 * a Redis failover or a paused process can cause. Redis itself runs the script for real.
 */
import type { RedisScriptRunner } from '../../../../src/api/limiter-redis-state.ts';

export interface StallingScriptRunner extends RedisScriptRunner {
  /** The next script's answer waits, once it has come back from Redis, until `during` has run. */
  stallNext(during: () => Promise<void>): void;
}

export function stallingScriptRunner(inner: RedisScriptRunner): StallingScriptRunner {
  let stall: (() => Promise<void>) | undefined;
  return {
    stallNext: (during) => {
      stall = during;
    },
    eval: async (script, keys, args) => {
      const during = stall;
      stall = undefined;
      const reply = await inner.eval(script, keys, args);
      if (during) await during();
      return reply;
    },
  };
}
