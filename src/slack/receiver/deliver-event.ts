/**
 * Hands a request the gate has read, checked and parsed straight to the Bolt app, as Bolt's
 * HTTPReceiver does once it has parsed a body itself (its `handleIncomingEvent`): Bolt's own ack
 * (`HTTPResponseAck`: one answer, the 3 s unhandled-request timer), Slack's retry headers, and the
 * receiver's error handler. Through the receiver the body would be parsed a second time, and the
 * URL too, for every command, button and event (about 30 µs of a command's CPU, measured with
 * bench/ack-ladder.ts); Bolt's own notes call that double parse a thing to remove.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type App,
  type BufferedIncomingMessage,
  HTTPModuleFunctions,
  HTTPResponseAck,
  type Logger,
  type ReceiverEvent,
  type ReceiverProcessEventErrorHandlerArgs,
} from '@slack/bolt';

interface BoltDelivery {
  /** The app, known once Bolt has called the receiver's `init`. */
  app(): App | undefined;
  /** Bolt's logger, as the receiver uses it. */
  logger: Logger;
  /** The receiver's handler for a request Bolt failed to process. */
  processEventErrorHandler: (args: ReceiverProcessEventErrorHandlerArgs) => Promise<boolean>;
}

/** False when there is no app yet to hand it to (the receiver's own path then takes it). */
export function deliverEvent(
  to: BoltDelivery,
  req: IncomingMessage & { rawBody: Buffer },
  res: ServerResponse,
  body: Record<string, unknown>,
): Promise<void> | false {
  const app = to.app();
  if (!app) return false;
  return deliver(app, to, req as unknown as BufferedIncomingMessage, res, body);
}

async function deliver(
  app: App,
  to: BoltDelivery,
  req: BufferedIncomingMessage,
  res: ServerResponse,
  body: Record<string, unknown>,
): Promise<void> {
  const ack = new HTTPResponseAck({
    logger: to.logger,
    processBeforeResponse: false,
    httpRequest: req,
    httpRequestBody: body,
    httpResponse: res,
  });
  const event: ReceiverEvent = {
    body,
    ack: ack.bind(),
    retryNum: HTTPModuleFunctions.extractRetryNumFromHTTPRequest(req),
    retryReason: HTTPModuleFunctions.extractRetryReasonFromHTTPRequest(req),
    customProperties: {},
  };
  try {
    await app.processEvent(event);
  } catch (error) {
    const answered = await to.processEventErrorHandler({
      error: error as Error,
      logger: to.logger,
      request: req,
      response: res,
      storedResponse: ack.storedResponse,
    });
    // Answered here or before the failure: either way Bolt's ack timer has nothing left to report.
    if (answered || res.headersSent) ack.ack();
  }
}
