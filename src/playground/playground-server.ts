/**
 * The playground's web server on loopback: the page and its files, a JSON API that the page (and
 * `npm run chat`) drive the workspace through, and a stream of server-sent events that tells open
 * pages to redraw whenever the app calls Slack or a person does something.
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SlackEmulator } from '../slack-emulator/index.ts';
import type { SlackSigner } from '../slack-emulator/signer.ts';
import { openAssistantPanel } from './assistant-panel.ts';
import { type AppWork, runChatCommand } from './chat-command.ts';
import { emojiTable } from './emoji-table.ts';
import { channelIdIn, createInteractions, PlaygroundInputError } from './interactions.ts';
import { changePerson } from './people.ts';
import { platformRoutes } from './platform-routes.ts';
import { createReactions } from './reactions.ts';
import { originPolicy } from './request-origin.ts';
import { buildSnapshot } from './snapshot.ts';
import { staticFile } from './static-files.ts';

/** Largest request body the API reads (a modal's values are a few KB). */
const MAX_BODY_BYTES = 256 * 1024;

interface PlaygroundOptions {
  emulator: SlackEmulator;
  signer: SlackSigner;
  /** Sends a channel's digests now, as the scheduler would at their minute. */
  sendDigestNow(channelId: string): Promise<{ sent: number }>;
  unfurlDomains: readonly string[];
  /** The app's listeners under way: `npm run chat` answers as soon as they end. */
  appWork?: AppWork;
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1: the page acts as anyone in the workspace, so it stays on this machine. */
  host?: string;
}

export interface Playground {
  url: string;
  close(): Promise<void>;
}

class HttpProblem extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const { emulator } = options;
  const interactions = createInteractions({
    emulator,
    signer: options.signer,
    unfurlDomains: options.unfurlDomains,
  });
  const reactions = createReactions(emulator, options.signer);
  const changes = new EventEmitter().setMaxListeners(0);
  const changed = () => changes.emit('change');
  const stopListening = emulator.onCall(changed);
  const streams = new Set<ServerResponse>();

  const platform = platformRoutes(emulator, options.signer);
  const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    ...platform,
    command: (b) => interactions.command(b as never),
    message: (b) => interactions.message(b as never),
    action: (b) => interactions.action(b as never),
    options: (b) => interactions.options(b as never),
    submit: (b) => interactions.submit(b as never),
    close: (b) => interactions.close(b as never),
    shortcut: (b) => interactions.shortcut(b as never),
    home: (b) => interactions.openHome(b as never),
    react: (b) => reactions.react(b as never),
    assistant: (b) => openAssistantPanel(emulator, options.signer, b as never),
    digest: async (b) => options.sendDigestNow(channelIdIn(emulator, b.channel)),
    person: (b) => changePerson(emulator, options.signer, b),
    chat: (b) => runChatCommand(emulator, interactions, b as never, options.appWork),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://playground.invalid');
    if (req.method === 'GET' && url.pathname === '/api/snapshot') {
      const query = {
        user: url.searchParams.get('user') ?? '',
        channel: url.searchParams.get('channel') ?? '',
        ...(url.searchParams.get('thread') ? { thread: url.searchParams.get('thread')! } : {}),
      };
      try {
        return json(res, 200, buildSnapshot(emulator, query));
      } catch (error) {
        throw new HttpProblem(404, (error as Error).message);
      }
    }
    if (req.method === 'GET' && url.pathname === '/api/emoji') return json(res, 200, emojiTable());
    if (req.method === 'GET' && url.pathname === '/api/events') return stream(req, res);
    const api = /^\/api\/(\w+)$/.exec(url.pathname);
    if (req.method === 'POST' && api) {
      const route = routes[api[1]!];
      if (!route) throw new HttpProblem(404, `No API ${api[1]}`);
      const body = await readJson(req);
      const answer = await route(body);
      changed();
      return json(res, 200, answer);
    }
    if (req.method === 'GET') {
      const file = await staticFile(url.pathname);
      if (file) {
        res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-cache' });
        res.end(file.body);
        return;
      }
    }
    throw new HttpProblem(404, `Nothing at ${url.pathname}`);
  };

  const stream = (req: IncomingMessage, res: ServerResponse): void => {
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.write('retry: 1000\n\n');
    let pending: NodeJS.Timeout | undefined;
    // Many calls land together (a card update, its response URL post): one redraw for the burst.
    const onChange = () => {
      if (pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        res.write('event: change\ndata: {}\n\n');
      }, 30);
    };
    changes.on('change', onChange);
    streams.add(res);
    req.on('close', () => {
      changes.off('change', onChange);
      if (pending) clearTimeout(pending);
      streams.delete(res);
    });
  };

  let boundPort = 0;
  // Checked before anything is read or done: a foreign page or name gets a 403 and changes nothing.
  const policy = originPolicy(() => boundPort, options.host);
  const server = createServer((req, res) => {
    const refusal = policy.refusal(req);
    if (refusal) {
      json(res, 403, { ok: false, error: refusal });
      return;
    }
    handle(req, res).catch((error: unknown) => {
      const status =
        error instanceof HttpProblem ? error.status : error instanceof PlaygroundInputError ? 400 : 500;
      if (status === 500) process.stderr.write(`playground: ${(error as Error)?.stack ?? String(error)}\n`);
      if (!res.headersSent)
        json(res, status, { ok: false, error: (error as Error)?.message ?? String(error) });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  boundPort = port;
  // Where it listens (HOST), or loopback when that is every interface.
  const everywhere = ['0.0.0.0', '::', '::0'].includes(address);
  const reach = everywhere ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${reach}:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        stopListening();
        for (const res of streams) res.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpProblem(413, 'The request is too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    const parsed = JSON.parse(text || '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw new HttpProblem(400, 'The request body must be a JSON object');
  }
}
