/**
 * A pass-through HTTP proxy in front of the sandbox that records every request's arrival time and
 * answer status, so a test can see what the service saw from all the app's instances together.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  at: number;
  method: string;
  path: string;
  status: number;
}

export interface RecordingProxy {
  /** The proxy's address with the target's path, e.g. http://127.0.0.1:PORT/api. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export interface RecordingProxyOptions {
  /** Runs once the target has answered, before the answer goes back (e.g. to spend a budget meanwhile). */
  onAnswer?: (request: RecordedRequest) => Promise<void> | void;
  /** Runs before a request goes on; `drop` never sends it (as if it was lost on the way), answering 502. */
  beforeForward?: (request: { method: string; path: string }) => Promise<'forward' | 'drop'>;
}

export async function startRecordingProxy(
  targetUrl: string,
  options: RecordingProxyOptions = {},
): Promise<RecordingProxy> {
  const target = new URL(targetUrl);
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const at = Date.now();
    const asked = { method: req.method ?? 'GET', path: req.url ?? '/' };
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
      }
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const refuse = () => {
        requests.push({ at, ...asked, status: 502 });
        if (!res.headersSent && !res.destroyed) res.writeHead(502).end();
      };
      const forward = () =>
        fetch(new URL(asked.path, target.origin), { method: asked.method, headers, body }).then(
          async (answer) => {
            const payload = Buffer.from(await answer.arrayBuffer());
            const recorded = { at, ...asked, status: answer.status };
            requests.push(recorded);
            await options.onAnswer?.(recorded);
            const out: Record<string, string> = {};
            answer.headers.forEach((value, name) => {
              if (name !== 'content-encoding' && name !== 'transfer-encoding' && name !== 'content-length')
                out[name] = value;
            });
            res.writeHead(answer.status, out).end(payload);
          },
          refuse,
        );
      const verdict = options.beforeForward ? options.beforeForward(asked) : Promise.resolve('forward');
      void verdict.then((v) => (v === 'forward' ? forward() : refuse()), refuse);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
