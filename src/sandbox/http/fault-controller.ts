import { z } from 'zod';
import type { FaultOptions } from '../options.ts';

export const FaultOptionsSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  errorRate: z.number().min(0).max(1).optional(),
  rateLimitRate: z.number().min(0).max(1).optional(),
  outage: z.boolean().optional(),
});

/** What an injected fault does to one request; decided before any handler runs, so it never writes. */
export type FaultVerdict = 'outage' | 'server_error' | 'rate_limited' | 'none';

/** Holds the faults in force; the CLI flags, `Sandbox.faults` and the control route all set it. */
export class FaultController {
  #faults: FaultOptions = {};
  readonly #random: () => number;

  /** @param random source of [0, 1) draws for the error shares. Default Math.random. */
  constructor(initial: FaultOptions = {}, random: () => number = Math.random) {
    this.#random = random;
    this.set(initial);
  }

  set(faults: FaultOptions): void {
    this.#faults = FaultOptionsSchema.parse(faults);
  }

  clear(): void {
    this.#faults = {};
  }

  get current(): Readonly<FaultOptions> {
    return this.#faults;
  }

  get latencyMs(): number {
    return this.#faults.latencyMs ?? 0;
  }

  get outage(): boolean {
    return this.#faults.outage === true;
  }

  /** For an authenticated request: a 500, a 429, or nothing. */
  drawAfterAuth(): FaultVerdict {
    const { errorRate = 0, rateLimitRate = 0 } = this.#faults;
    if (errorRate > 0 && this.#random() < errorRate) return 'server_error';
    if (rateLimitRate > 0 && this.#random() < rateLimitRate) return 'rate_limited';
    return 'none';
  }
}
