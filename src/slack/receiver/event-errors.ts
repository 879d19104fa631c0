/**
 * What the HTTP receiver answers when Bolt fails a request before any listener ran (listener
 * failures go to `app.error`): 401 when no installation authorizes it, 400 for anything else,
 * which by then can only be a body Bolt could not read. Never a 500 for a bad request. Answering
 * true tells the receiver the request is answered, so Bolt's 3 s ack timer does not log it as
 * "not acknowledged" (an error line, and an alert, for a request already refused).
 */
import type { ReceiverProcessEventErrorHandlerArgs } from '@slack/bolt/dist/receivers/HTTPModuleFunctions.js';
import type { Logger } from '../../lib/logger.ts';

export function answerProcessEventError(logger: Logger) {
  return async ({ error, response }: ReceiverProcessEventErrorHandlerArgs): Promise<boolean> => {
    const code = (error as { code?: string }).code;
    if (response.headersSent) {
      logger.warn({ code }, 'a request failed after it was answered');
      return false;
    }
    if (code === 'slack_bolt_authorization_error') {
      logger.warn({ code }, 'a request no installation authorizes');
      response.writeHead(401).end();
      return true;
    }
    logger.warn({ code, err: error }, 'a request Bolt could not process');
    response.writeHead(400).end();
    return true;
  };
}
