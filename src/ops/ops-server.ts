/**
 * In Socket Mode the app has no HTTP server of its own (Slack's events come over a WebSocket), so
 * the health, readiness and metrics routes get this small one on PORT instead.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CustomRoute } from '@slack/bolt';

export interface OpsServer {
  url: string;
  close(): Promise<void>;
}

export async function startOpsServer(routes: CustomRoute[], port: number): Promise<OpsServer> {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url?.split('?')[0];
    const route = routes.find(
      (r) => r.path === path && [r.method].flat().some((m) => m.toUpperCase() === req.method),
    );
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    route.handler(Object.assign(req, { params: {} }), res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `/healthz` for the ops server: the process answers. */
export const healthRoute: CustomRoute = {
  path: '/healthz',
  method: ['GET'],
  handler: (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  },
};
