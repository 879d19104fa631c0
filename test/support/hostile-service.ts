/**
 * A hostile stand-in for the work-management service on loopback (a raw node:http server): it
 * answers every request with an endless body, a slow drip, a huge but well-formed page, or a
 * redirect, and records what it was sent and how each connection ended.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type HostileMode =
  /** 200 and JSON-looking bytes for ever, as fast as the client takes them. */
  | { kind: 'endless' }
  /** 200 and one byte every `everyMs`, for ever. */
  | { kind: 'drip'; everyMs: number }
  /** 200 with a valid page of workspaces of about `bytes`, its length declared or chunked. */
  | { kind: 'huge-page'; bytes: number; declareLength: boolean }
  /** 302 to `location`. */
  | { kind: 'redirect'; location: string }
  /** `status` with a small JSON error body. */
  | { kind: 'status'; status: number }
  /** 200 with a small valid workspace page. */
  | { kind: 'ok' };

export interface HostileRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface HostileService {
  /** Base URL including /api, e.g. http://127.0.0.1:PORT/api. */
  url: string;
  port: number;
  requests: HostileRequest[];
  /** Connections accepted, including ones that never sent a request. */
  connections(): number;
  /** Resolves when every connection so far has closed. */
  allClosed(): Promise<void>;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, ' ');
/** Past this an endless answer stops anyway, so a client without a limit still ends its test. */
const ENDLESS_CAP = 512 * 1024 * 1024;

export async function startHostileService(mode: HostileMode): Promise<HostileService> {
  const requests: HostileRequest[] = [];
  const sockets = new Set<Socket>();
  const closing: Promise<void>[] = [];
  let accepted = 0;
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers });
    req.resume();
    if (mode.kind === 'redirect') {
      res.writeHead(302, { location: mode.location, 'content-length': '0' }).end();
      return;
    }
    if (mode.kind === 'status') {
      res.writeHead(mode.status, { 'content-type': 'application/json' }).end('{"message":"no"}');
      return;
    }
    if (mode.kind === 'ok') {
      const body = JSON.stringify({ data: [{ id: 1, name: 'Acme' }], meta: { total: 1 } });
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      return;
    }
    if (mode.kind === 'huge-page') {
      const body = hugePage(mode.bytes);
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(mode.declareLength ? { 'content-length': String(body.length) } : {}),
      });
      res.end(body);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"data":[');
    if (mode.kind === 'drip') {
      const timer = setInterval(() => res.write(' '), mode.everyMs);
      res.on('close', () => clearInterval(timer));
      return;
    }
    let written = 0;
    const pump = () => {
      while (!res.destroyed && written < ENDLESS_CAP) {
        written += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end(']}');
    };
    pump();
  });
  server.on('connection', (socket) => {
    accepted++;
    sockets.add(socket);
    closing.push(new Promise((resolve) => socket.once('close', () => resolve())));
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api`,
    port,
    requests,
    connections: () => accepted,
    allClosed: async () => {
      await Promise.all(closing);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A page of workspaces in the spec's shape, padded with long descriptions to about `bytes`. */
function hugePage(bytes: number): Buffer {
  const description = 'x'.repeat(10_000);
  const records: string[] = [];
  let size = 0;
  for (let id = 1; size < bytes; id++) {
    const record = JSON.stringify({ id, name: `Workspace ${id}`, description });
    records.push(record);
    size += record.length + 1;
  }
  return Buffer.from(`{"data":[${records.join(',')}],"meta":{"total":${records.length}}}`);
}
