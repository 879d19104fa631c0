/**
 * A proxy in front of the sandbox that plays the network's part: it records every request and can
 * lose an answer after the sandbox acted on the request (the connection drops), hold an answer past
 * the client's timeout, or answer in the sandbox's place. It stands in for the network, not for any
 * of our code.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  /** Path and query, without the /api prefix. */
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The status the client was given; undefined when the answer was dropped or is pending. */
  status?: number;
  /** The sandbox's status, once it has answered (it has acted by then, whatever the client sees). */
  upstreamStatus?: number;
}

export type FaultAction =
  | { kind: 'drop-answer' }
  | { kind: 'delay-answer'; ms: number }
  | { kind: 'respond'; status: number; headers?: Record<string, string>; body?: string };

export interface FaultRule {
  method: string;
  /** Matches the path (without /api and query). */
  path: RegExp;
  action: FaultAction;
  /** How many matching requests it applies to; then it is spent. Default 1. */
  times?: number;
}

export interface FaultProxy {
  /** Base URL including /api. */
  url: string;
  requests: SeenRequest[];
  addRule(rule: FaultRule): void;
  count(method: string, path: RegExp): number;
  /** Resolves once the sandbox has answered every request seen so far. */
  upstreamSettled(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(targetApiUrl: string): Promise<FaultProxy> {
  const target = new URL(targetApiUrl);
  const requests: SeenRequest[] = [];
  const rules: (FaultRule & { left: number })[] = [];

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const fullPath = req.url ?? '/';
    const path = fullPath.replace(/^\/api/, '');
    const seen: SeenRequest = { method: req.method ?? 'GET', path, headers: req.headers, body };
    requests.push(seen);
    const rule = rules.find((r) => r.left > 0 && r.method === req.method && r.path.test(path.split('?')[0]!));
    if (rule) rule.left--;
    const action = rule?.action;

    if (action?.kind === 'respond') {
      seen.status = action.status;
      res.writeHead(action.status, { 'content-type': 'application/json', ...action.headers });
      res.end(action.body ?? '');
      return;
    }
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: fullPath, headers: req.headers },
      async (up) => {
        const parts: Buffer[] = [];
        for await (const chunk of up) parts.push(chunk as Buffer);
        seen.upstreamStatus = up.statusCode;
        // The sandbox has acted and answered; now the network decides what the client sees.
        if (action?.kind === 'drop-answer') {
          req.socket.destroy();
          return;
        }
        if (action?.kind === 'delay-answer') await new Promise((r) => setTimeout(r, action.ms));
        if (res.destroyed || req.socket.destroyed) return;
        seen.status = up.statusCode ?? 502;
        res.writeHead(seen.status, up.headers);
        res.end(Buffer.concat(parts));
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    addRule: (rule) => rules.push({ ...rule, left: rule.times ?? 1 }),
    upstreamSettled: async () => {
      const pending = () => requests.some((r) => r.upstreamStatus === undefined && r.status === undefined);
      while (pending()) await new Promise((r) => setImmediate(r));
    },
    count: (method, path) =>
      requests.filter((r) => r.method === method && path.test(r.path.split('?')[0]!)).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
