/**
 * The last line of defence: a promise nobody awaited or an exception nobody caught is logged and
 * the process carries on serving everyone else, instead of exiting (nothing would restart it).
 * Each request's own failures are answered where they happen; this only keeps one stray error
 * from taking the app down for every workspace.
 */
import type { Logger } from './logger.ts';

export function keepRunningOnStrayErrors(logger: Logger, target: NodeJS.Process = process): () => void {
  const onRejection = (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled promise rejection (carrying on)');
  };
  const onException = (error: Error) => {
    logger.error({ err: error }, 'uncaught exception (carrying on)');
  };
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return () => {
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtException', onException);
  };
}
