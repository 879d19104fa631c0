/**
 * A request Bolt fails before any listener is answered (400, or 401 without an installation), and
 * that answer counts as its ack: Bolt's 3 s timer must not log "not acknowledged" at error level
 * for it afterwards (an alert for a request already refused).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { App, Logger } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../src/lib/logger.ts';
import { deliverEvent } from '../../../../src/slack/receiver/deliver-event.ts';
import { answerProcessEventError } from '../../../../src/slack/receiver/event-errors.ts';

function boltLog(): Logger & { errors: string[] } {
  const errors: string[] = [];
  return {
    errors,
    debug: () => {},
    info: () => {},
    warn: () => {},
    error: (...msg: unknown[]) => errors.push(msg.map(String).join(' ')),
    setLevel: () => {},
    getLevel: () => 'info' as never,
    setName: () => {},
  };
}

/** A Bolt app whose processing fails as Bolt's does before any listener: with the error given. */
const failingApp = (error: Error & { code?: string }) =>
  ({
    processEvent: async () => {
      throw error;
    },
  }) as unknown as App;

describe('a request Bolt refuses before any listener', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const [name, error, status] of [
    ['a body Bolt cannot read', new Error('unreadable'), 400],
    [
      'no installation',
      Object.assign(new Error('no install'), { code: 'slack_bolt_authorization_error' }),
      401,
    ],
  ] as const) {
    it(`answers ${status} for ${name}, and Bolt's ack timer logs nothing after it`, async () => {
      const logger = boltLog();
      const req = Object.assign(new IncomingMessage(new Socket()), { rawBody: Buffer.from('{}') });
      const res = new ServerResponse(req);
      const delivered = deliverEvent(
        {
          app: () => failingApp(error),
          logger,
          processEventErrorHandler: answerProcessEventError(createLogger({ level: 'silent' })),
        },
        req,
        res,
        { type: 'block_actions' },
      );
      await delivered;
      expect(res.statusCode).toBe(status);
      expect(res.headersSent).toBe(true);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(logger.errors).toEqual([]);
    });
  }
});
