/**
 * A webhook receiver on loopback for tests: records every request (headers and raw body) and
 * answers with the statuses it is told, in turn (the last one repeats). `hold` keeps requests open
 * until released, to show that a sender does not wait for it.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** Statuses for the next requests, in order; the last one repeats. Default [204]. */
  answer(statuses: number[]): void;
  /** Keeps every request open until `release()`. */
  hold(): void;
  release(): void;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  let statuses = [204];
  let holding = false;
  const held: Array<() => void> = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server = createServer((req, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const w of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      const reply = () => res.writeHead(status).end();
      if (holding) held.push(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const release = () => {
    holding = false;
    for (const reply of held.splice(0)) reply();
  };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer(next) {
      statuses = [...next];
    },
    hold() {
      holding = true;
    },
    release,
    waitFor(count) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    async close() {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
