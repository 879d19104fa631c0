/**
 * A gate in front of Bolt's HTTPReceiver for the events URL. Bolt parses a body before checking
 * its shape, so some correctly signed bodies (`payload=null`, a JSON `null`, an array) throw inside
 * its receiver as an unhandled rejection and take the process down; it also accepts timestamps
 * from the future. Here every request to the events URL is read (up to a limit), its signature and
 * timestamp checked both ways, its body parsed and checked, and its app and workspace checked
 * against what this deployment serves, before Bolt sees it:
 * 413 too large, 401 unsigned or stamped outside five minutes, 400 malformed, 403 not ours.
 * A request that passes goes to the Bolt app with the body as parsed here (deliver-event.ts);
 * the receiver's own path (Bolt reading the buffered body again) is left for Slack's URL check.
 */
import { createSecretKey } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  App,
  Logger as BoltLogger,
  HTTPReceiver,
  ReceiverProcessEventErrorHandlerArgs,
} from '@slack/bolt';
import type { Logger } from '../../lib/logger.ts';
import { deliverEvent } from './deliver-event.ts';
import { DEFAULT_BODY_LIMIT_BYTES, readBody } from './read-body.ts';
import { checkRequestShape } from './request-shape.ts';
import type { ServedWorkspaces } from './served-workspaces.ts';
import { checkSlackSignature } from './verify-signature.ts';

interface ReceiverGuardOptions {
  signingSecret: string;
  /** The paths Bolt receives events on. */
  endpoints: readonly string[];
  served: ServedWorkspaces;
  logger: Logger;
  bodyLimitBytes?: number;
  /** Runs each request to the events URL in its own scope (request-memo.ts), gate and Bolt both. */
  perRequest?: { run<T>(res: ServerResponse, work: () => T): T };
  /** Real time, which Slack's timestamps are in. Default: `Date.now`. */
  nowMs?: () => number;
  /** What the receiver was given, for requests handed to the app directly: Bolt's logger and error handler. */
  bolt: {
    logger: BoltLogger;
    processEventErrorHandler: (args: ReceiverProcessEventErrorHandlerArgs) => Promise<boolean>;
  };
}

const NOT_INSTALLED = {
  response_type: 'ephemeral',
  text: ':electric_plug: Taskbridge is not installed in this Slack workspace (or was removed). A workspace admin can install it again.',
};

/** An org-wide install reaches only the workspaces an org admin added it to (Enterprise Grid). */
const NOT_ADDED = {
  response_type: 'ephemeral',
  text:
    ':electric_plug: Taskbridge is installed for your organization but has not been added to this workspace yet. ' +
    'An org admin can add it: in Slack, *Tools & settings → Manage organization → Integrations → Installed apps → ' +
    'Taskbridge → Add to more workspaces*.',
};

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

function answer(res: ServerResponse, status: number, error: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error }));
}

function pathOf(url: string | undefined, endpoints: readonly string[]): string | undefined {
  // Slack posts to the events path itself, with no query: that needs no URL parsing.
  if (url !== undefined && endpoints.includes(url)) return url;
  try {
    return new URL(url ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

/** Puts the gate in front of the receiver's request listener (call before `start`). */
export function guardReceiver(receiver: HTTPReceiver, opts: ReceiverGuardOptions): void {
  const inner: Listener = receiver.requestListener;
  const nowMs = opts.nowMs ?? Date.now;
  const limit = opts.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const log = opts.logger.child({ component: 'receiver-guard' });
  // Prepared once: a secret given as a string is made into a key again by every HMAC.
  const signingKey = createSecretKey(Buffer.from(opts.signingSecret, 'utf8'));
  // The app, once Bolt gives it to the receiver: checked requests go to it directly.
  let app: App | undefined;
  const init = receiver.init.bind(receiver);
  receiver.init = (boltApp: App) => {
    app = boltApp;
    init(boltApp);
  };
  const delivery = { app: () => app, ...opts.bolt };

  const gate = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const read = await readBody(req, limit);
    if (!read.ok) {
      log.warn({ reason: read.reason }, 'request body refused');
      answer(res, read.reason === 'too-large' ? 413 : 400, 'body_refused');
      return;
    }
    const contentType = req.headers['content-type'];
    const shape = checkRequestShape(read.body, contentType);
    // Slack's SSL probe is the one unsigned request; it carries nothing to act on.
    if (shape.kind === 'ssl-check') {
      res.writeHead(200).end();
      return;
    }
    const signature = checkSlackSignature(
      signingKey,
      {
        signature: req.headers['x-slack-signature'],
        timestamp: req.headers['x-slack-request-timestamp'],
        body: read.body,
      },
      nowMs(),
    );
    if (!signature.ok) {
      log.warn({ reason: signature.reason }, 'request signature refused');
      answer(res, 401, 'invalid_request');
      return;
    }
    if (shape.kind === 'malformed') {
      log.warn({ why: shape.why }, 'malformed Slack request refused');
      answer(res, 400, 'malformed_request');
      return;
    }
    if (shape.kind === 'request') {
      const served = await opts.served.check(shape.identity);
      if (!served.served) {
        log.warn(
          { why: served.why, teamId: shape.identity.teamId, apiAppId: shape.identity.apiAppId },
          'request for an app or workspace this deployment does not serve',
        );
        if (served.notInstalled && shape.isCommand) {
          // Slack shows a command's answer to the person who typed it: nothing runs, but they learn why.
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify(served.notAdded ? NOT_ADDED : NOT_INSTALLED));
          return;
        }
        answer(res, served.status, served.status === 403 ? 'not_served' : 'unavailable');
        return;
      }
    }
    if (shape.kind === 'request' && shape.body.type === 'app_rate_limited') {
      // Slack's notice that it is dropping events: Bolt has no listener type for it and never acks
      // it, so it would be answered 404 after 3 s with an error line. Noted and answered here.
      log.warn(
        { teamId: shape.identity.teamId, minute: shape.body.minute_rate_limited },
        'Slack is rate-limiting the events it sends this app',
      );
      res.writeHead(200).end();
      return;
    }
    // Bolt reads a buffered request's `rawBody` instead of the (consumed) stream.
    const buffered = Object.assign(req, { rawBody: read.body });
    const delivered = shape.kind === 'request' && deliverEvent(delivery, buffered, res, shape.body);
    if (delivered) await delivered;
    else inner(req, res);
  };

  receiver.requestListener = (req, res) => {
    if (req.method !== 'POST' || !opts.endpoints.includes(pathOf(req.url, opts.endpoints) ?? '')) {
      inner(req, res);
      return;
    }
    const guarded = opts.perRequest ? opts.perRequest.run(res, () => gate(req, res)) : gate(req, res);
    guarded.catch((error: unknown) => {
      log.error({ err: error }, 'the request gate failed');
      answer(res, 400, 'malformed_request');
    });
  };
}
