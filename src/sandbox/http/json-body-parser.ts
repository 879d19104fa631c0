import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.ts';
import { nestingDepth } from './validation.ts';

/**
 * Deepest JSON accepted. Validation of recursive shapes (mind-map trees) walks the input
 * recursively, so an unbounded depth could exhaust the stack; 128 leaves room for a mind map's 50
 * levels (two JSON levels each).
 */
export const MAX_JSON_DEPTH = 128;

/**
 * Replaces Fastify's JSON parser so that an empty body counts as no body (action endpoints take an
 * optional one), malformed JSON is a 400 in the service's envelope, and over-deep JSON a 422.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  // The API speaks JSON only: a text body is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    const source = typeof text === 'string' ? text : text.toString('utf8');
    if (source.trim() === '') {
      done(null, undefined);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch (err) {
      done(new ApiError(400, `Malformed JSON in the request body: ${(err as Error).message}`), undefined);
      return;
    }
    if (nestingDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(
        new ApiError(422, `body: Nested deeper than ${MAX_JSON_DEPTH} levels.`, {
          body: [`Nested deeper than ${MAX_JSON_DEPTH} levels.`],
        }),
        undefined,
      );
      return;
    }
    done(null, value);
  });
}
