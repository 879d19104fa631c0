/** Bolt speaks its own Logger interface; this routes it into the app's pino logger. */
import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { Logger } from '../lib/logger.ts';

export function boltLogger(logger: Logger): BoltLogger {
  let name = 'bolt';
  let child = logger.child({ component: name });
  return {
    // Bolt logs several debug lines per request; join them only when someone will read them.
    debug: (...msg) => {
      if (child.isLevelEnabled('debug')) child.debug(msg.map(String).join(' '));
    },
    info: (...msg) => child.info(msg.map(String).join(' ')),
    warn: (...msg) => child.warn(msg.map(String).join(' ')),
    error: (...msg) => child.error(msg.map(String).join(' ')),
    setLevel: () => {
      // The level is the app logger's, set once from LOG_LEVEL.
    },
    getLevel: () => (logger.isLevelEnabled('debug') ? LogLevel.DEBUG : LogLevel.INFO),
    setName: (next) => {
      name = next;
      child = logger.child({ component: name });
    },
  };
}
