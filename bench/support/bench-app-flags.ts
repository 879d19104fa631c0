/**
 * The Node flags a bench starts the app with: `npm start`'s (src/start-script.ts), unless
 * BENCH_APP_FLAGS names others ("" for Node's defaults), so the CPU and memory price of each flag
 * can be read with the same bench, e.g.
 *   BENCH_APP_FLAGS="" npx node bench/ack-ladder.ts ...
 *   BENCH_APP_FLAGS="--max-semi-space-size=16" npx node bench/slack-ack-latency.ts 1000 50
 */
import { APP_NODE_FLAGS } from '../../test/support/app-node-flags.ts';

const chosen = process.env.BENCH_APP_FLAGS;

export const BENCH_APP_FLAGS: string[] =
  chosen === undefined ? APP_NODE_FLAGS : chosen.split(/\s+/).filter((word) => word !== '');

/** How the flags were chosen, for a bench's printout. */
export const benchAppFlagsLabel: string =
  chosen === undefined
    ? `npm start's flags: ${APP_NODE_FLAGS.join(' ')}`
    : `BENCH_APP_FLAGS="${chosen}" (not npm start's)`;
