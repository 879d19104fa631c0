/**
 * A tiny stand-in for the remote service that answers from a script, one answer per request, for
 * the shapes and headers the sandbox does not produce (other services' 429 headers, odd bodies).
 * It is a double of the remote service, not of our code.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ScriptedServer {
  /** Base URL including /api. */
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Answers the n-th request with `answers[n]`, repeating the last answer when the script runs out. */
export async function startScriptedServer(
  answers: ScriptedAnswer[] | ((req: SeenRequest, n: number) => ScriptedAnswer),
): Promise<ScriptedServer> {
  const requests: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const seen = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    };
    requests.push(seen);
    const n = requests.length - 1;
    const answer =
      typeof answers === 'function'
        ? answers(seen, n)
        : (answers[Math.min(n, answers.length - 1)] ?? { status: 500 });
    const body =
      answer.body === undefined
        ? ''
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
