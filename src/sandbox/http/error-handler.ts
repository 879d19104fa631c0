import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerProfile } from './answer-profile.ts';
import { ApiError } from './api-error.ts';

/** Reports a sandbox bug (an unexpected throw). Receives the error only: never the request's headers. */
export type InternalErrorReporter = (error: unknown, route: string) => void;

function isFastifyClientError(error: unknown): error is FastifyError & { statusCode: number } {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * Every failure leaves as JSON in the profile's error body (`{message, errors?}` in full): the handlers' ApiErrors with their status,
 * Fastify's own client errors (unsupported media type, body too large, bad URL) with theirs, and
 * anything else as a bare 500 whose details stay in the sandbox's log.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  report: InternalErrorReporter,
  profile: AnswerProfile,
): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send(profile.error(error.status, error.message, error.errors));
    }
    if (isFastifyClientError(error)) {
      return reply.code(error.statusCode).send(profile.error(error.statusCode, clientErrorMessage(error)));
    }
    report(error, `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`);
    return reply.code(500).send(profile.error(500, 'Server Error'));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return reply.code(404).send(profile.error(404, `No route for ${request.method} ${path.slice(0, 200)}.`));
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Content-Type: send the body as application/json.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    default:
      return error.message;
  }
}
