/**
 * Replies posted to a response_url over real HTTP: the JSON body as given, nothing on a 2xx, a
 * `RespondError` with the status and the start of the answer on anything else, and a connection
 * failure as a rejection.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RespondError } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { postToResponseUrl, respondVia } from '../../../src/slack/kit/response-url.ts';

interface Received {
  method: string | undefined;
  url: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A response_url that answers with `status` and `answer`, recording what it was sent. */
async function responseUrl(status: number, answer: string): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method,
        url: req.url,
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/commands/T1/123/abc?x=1`, received };
}

describe('postToResponseUrl', () => {
  it('posts the message as JSON to the path and query of the URL and resolves on a 2xx', async () => {
    const { url, received } = await responseUrl(200, 'ok');
    const message = {
      response_type: 'ephemeral' as const,
      text: 'Your tasks: “none”',
      replace_original: true,
    };
    await expect(postToResponseUrl(url, message)).resolves.toBeUndefined();
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/commands/T1/123/abc?x=1',
        contentType: 'application/json',
        body: JSON.stringify(message),
      },
    ]);
  });

  it('sends a bare string as `{text}`, through respondVia too', async () => {
    const { url, received } = await responseUrl(204, '');
    await respondVia(url)('hello');
    expect(received.map((r) => JSON.parse(r.body))).toEqual([{ text: 'hello' }]);
  });

  it('throws a RespondError carrying the status and the start of the answer on a refusal', async () => {
    const { url } = await responseUrl(404, `expired_url${'.'.repeat(500)}`);
    const error = await postToResponseUrl(url, 'late').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RespondError);
    expect((error as RespondError).statusCode).toBe(404);
    expect((error as Error).message).toBe(
      `Failed to respond to the response_url: 404 expired_url${'.'.repeat(189)}`,
    );
  });

  it('rejects when nothing listens at the URL', async () => {
    const { url } = await responseUrl(200, 'ok');
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    await expect(postToResponseUrl(url, 'anyone?')).rejects.toThrow();
  });
});
