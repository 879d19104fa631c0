/**
 * A hostile service cannot hold the client's memory or time: an endless or huge answer is cut off
 * at the size limit while it streams (the bytes undici hands over are counted here), a slow drip
 * ends at the timeout, and a redirect is never followed with the token.
 */
import type { Dispatcher } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createGuardedDispatcher,
  createWorkApiClient,
  ResponseTooLargeError,
  TimeoutError,
  UnexpectedStatusError,
  type WorkApiClientOptions,
  WorkApiError,
} from '../../../src/api/index.ts';
import { type HostileService, startHostileService } from '../../support/hostile-service.ts';

const LIMIT = 1024 * 1024;
const TOKEN = 'hostile-test-token-0123456789';
const started: HostileService[] = [];

afterEach(async () => {
  for (const service of started.splice(0)) await service.close();
});

async function hostile(mode: Parameters<typeof startHostileService>[0]): Promise<HostileService> {
  const service = await startHostileService(mode);
  started.push(service);
  return service;
}

/** The guarded dispatcher (loopback allowed: the test's servers live there), counting body bytes undici delivers. */
function countingDispatcher(): { dispatcher: Dispatcher; delivered: () => number } {
  let delivered = 0;
  const dispatcher = createGuardedDispatcher({ allowPrivate: true, allowedHosts: ['127.0.0.1'] }).compose(
    (dispatch) => (opts, handler) =>
      dispatch(opts, {
        ...handler,
        onRequestStart: (c, ctx) => handler.onRequestStart?.(c, ctx),
        onResponseStart: (c, status, headers, message) =>
          handler.onResponseStart?.(c, status, headers, message),
        onResponseData: (c, chunk) => {
          delivered += chunk.length;
          handler.onResponseData?.(c, chunk);
        },
        onResponseEnd: (c, trailers) => handler.onResponseEnd?.(c, trailers),
        onResponseError: (c, error) => handler.onResponseError?.(c, error),
      }),
  );
  return { dispatcher, delivered: () => delivered };
}

function client(url: string, dispatcher: Dispatcher, opts: Partial<WorkApiClientOptions> = {}) {
  return createWorkApiClient({
    baseUrl: url,
    token: TOKEN,
    dispatcher,
    maxResponseBytes: LIMIT,
    timeoutMs: 20_000,
    cache: false,
    ...opts,
  });
}

async function failure(promise: Promise<unknown>): Promise<WorkApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WorkApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('a hostile service', () => {
  it('an endless body is cut off at the limit while it streams, the connection dropped, not retried', async () => {
    const service = await hostile({ kind: 'endless' });
    const counting = countingDispatcher();
    const error = await failure(client(service.url, counting.dispatcher).workspaces.list({ per_page: 1 }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.userMessage).toBe(
      "The work-management service's answer was larger than Taskbridge accepts (1 MB); nothing was saved.",
    );
    expect(error.message).not.toContain(TOKEN);
    // No more than the limit and the chunk that crossed it ever reached our code.
    expect(counting.delivered()).toBeGreaterThan(LIMIT);
    expect(counting.delivered()).toBeLessThan(LIMIT + 256 * 1024);
    await service.allClosed();
    expect(service.requests).toHaveLength(1);
  });

  it('a huge, well-formed page is refused by its declared length before its body is read', async () => {
    const service = await hostile({ kind: 'huge-page', bytes: 20 * LIMIT, declareLength: true });
    const counting = countingDispatcher();
    const error = await failure(client(service.url, counting.dispatcher).workspaces.list({ per_page: 1 }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(counting.delivered()).toBeLessThan(LIMIT);
    await service.allClosed();
  });

  it('a huge page sent without a length is cut off at the limit', async () => {
    const service = await hostile({ kind: 'huge-page', bytes: 20 * LIMIT, declareLength: false });
    const counting = countingDispatcher();
    const error = await failure(client(service.url, counting.dispatcher).workspaces.list({ per_page: 1 }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(counting.delivered()).toBeLessThan(LIMIT + 256 * 1024);
  });

  it('an answer within the limit is read as before', async () => {
    const service = await hostile({ kind: 'huge-page', bytes: LIMIT / 2, declareLength: false });
    const counting = countingDispatcher();
    const page = await client(service.url, counting.dispatcher).workspaces.list({ per_page: 100 });
    expect(page.data.length).toBeGreaterThan(10);
  });

  it('a slow drip ends at the timeout and its connection is dropped', async () => {
    const service = await hostile({ kind: 'drip', everyMs: 20 });
    const counting = countingDispatcher();
    const error = await failure(
      client(service.url, counting.dispatcher, { timeoutMs: 400, retry: { maxRetries: 0 } }).workspaces.list({
        per_page: 1,
      }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    await service.allClosed();
  });

  it('a redirect is not followed: the other server never sees the token', async () => {
    const other = await hostile({ kind: 'ok' });
    const service = await hostile({ kind: 'redirect', location: `${other.url}/workspaces?per_page=1` });
    const counting = countingDispatcher();
    const error = await failure(client(service.url, counting.dispatcher).workspaces.list({ per_page: 1 }));
    expect(error).toBeInstanceOf(UnexpectedStatusError);
    expect(error.status).toBe(302);
    expect(service.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(other.requests).toHaveLength(0);
    expect(other.connections()).toBe(0);
  });
});
