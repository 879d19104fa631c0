import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/lib/logger.ts';
import { keepRunningOnStrayErrors } from '../../../src/lib/process-guards.ts';

describe('keepRunningOnStrayErrors', () => {
  it('logs a stray rejection and exception instead of letting them end the process, until removed', () => {
    const lines: string[] = [];
    const logger = createLogger({
      destination: new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    const target = new EventEmitter() as unknown as NodeJS.Process;
    const remove = keepRunningOnStrayErrors(logger, target);
    target.emit('unhandledRejection', new Error('nobody awaited this'), Promise.resolve());
    target.emit('uncaughtException', new Error('nobody caught this'));
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; err: { message: string } });
    expect(logged.map((l) => [l.msg, l.err.message])).toEqual([
      ['unhandled promise rejection (carrying on)', 'nobody awaited this'],
      ['uncaught exception (carrying on)', 'nobody caught this'],
    ]);
    remove();
    expect(target.listenerCount('unhandledRejection')).toBe(0);
    expect(target.listenerCount('uncaughtException')).toBe(0);
  });
});
