/**
 * In Socket Mode the app has no HTTP server of its own (Slack's events come over a WebSocket), so
 * the health, readiness and metrics routes get this small one on PORT instead, on HOST as the HTTP
 * modes' receiver is.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CustomRoute } from '@slack/bolt';

interface OpsServer {
  url: string;
  /** Where it listens, for the banner. */
  listening: string;
  close(): Promise<void>;
}

/** `host` unset: every interface, as the HTTP receiver without HOST. */
export async function startOpsServer(
  routes: CustomRoute[],
  port: number,
  host?: string | undefined,
): Promise<OpsServer> {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url?.split('?')[0] ?? '';
    for (const route of routes) {
      if (![route.method].flat().some((m) => m.toUpperCase() === req.method)) continue;
      const params = matchPath(route.path, path);
      if (params) {
        route.handler(Object.assign(req, { params }), res);
        return;
      }
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if (host) server.listen(port, host, resolve);
    else server.listen(port, resolve);
  });
  const { address, port: bound } = server.address() as AddressInfo;
  const everywhere = ['0.0.0.0', '::', '::0'].includes(address);
  const reach = everywhere || address === '::1' ? '127.0.0.1' : address;
  return {
    url: `http://${reach.includes(':') ? `[${reach}]` : reach}:${bound}`,
    listening: everywhere ? `every interface, port ${bound}` : `${address} only, port ${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A route's path against a request's: equal segments, and `:name` segments (as Bolt's custom routes
 * write them) taking one non-empty segment each. The params, or null when it does not match.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      if (g === '') return null;
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}

/** `/healthz` for the ops server: the process answers. */
export const healthRoute: CustomRoute = {
  path: '/healthz',
  method: ['GET'],
  handler: (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  },
};
