/**
 * Which requests the playground takes. It acts as anyone in the workspace, so only its own page and
 * `npm run chat` on this machine may drive it: a page on another site could otherwise POST to it
 * (a text/plain form needs no preflight), and a name that resolves to 127.0.0.1 (DNS rebinding)
 * would make it that site's own origin. So on every request:
 * - the Host must be a loopback name (or the configured HOST) with the playground's port;
 * - an Origin, when sent, must be the playground's own (`Origin: null` is refused);
 * - a POST without an Origin must say `application/json`, which no cross-site form can send.
 */
import type { IncomingMessage } from 'node:http';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

interface OriginPolicy {
  /** Why the request is refused, or undefined when it is the page's or the chat's. */
  refusal(req: IncomingMessage): string | undefined;
}

/** `host`: the interface the playground listens on (HOST), also accepted as a name. */
export function originPolicy(port: () => number, host?: string): OriginPolicy {
  const names = new Set(LOOPBACK_NAMES);
  if (host && !['0.0.0.0', '::', '::0'].includes(host)) names.add(host.includes(':') ? `[${host}]` : host);
  const allowedHosts = () => new Set([...names].map((name) => `${name}:${port()}`.toLowerCase()));
  return {
    refusal(req) {
      const hostHeader = (req.headers.host ?? '').toLowerCase();
      if (!allowedHosts().has(hostHeader)) return 'This page answers only at its own loopback address.';
      const origin = req.headers.origin;
      if (origin !== undefined) {
        if (origin.toLowerCase() !== `http://${hostHeader}`) return 'Requests from other sites are refused.';
        return undefined;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (type !== 'application/json') return 'Send JSON (content-type: application/json).';
      }
      return undefined;
    },
  };
}
