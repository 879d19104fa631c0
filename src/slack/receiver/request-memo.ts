/**
 * What one request to the events URL has read, kept for that request alone. In OAuth mode the gate
 * (served-workspaces.ts) and Bolt's `authorize` both need the workspace's installation: with the
 * memo it is read from the store and decrypted once per request, not twice. The memo closes when
 * the response is sent (Bolt authorizes before the listener acks), so the work a listener goes on
 * with after the ack, and every later request, reads afresh: an uninstall or a token revocation
 * takes effect at once. A write to the installations clears it (installation-store.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';

interface RequestMemo<V> {
  /** The current request's reads, or undefined outside a request or once its response is sent. */
  current(): Map<string, V> | undefined;
  /** Runs `work` (and everything it starts) as the request answered by `res`. */
  run<T>(res: ServerResponse, work: () => T): T;
}

export function createRequestMemo<V>(): RequestMemo<V> {
  const scope = new AsyncLocalStorage<{ open: boolean; reads: Map<string, V> }>();
  return {
    current() {
      const request = scope.getStore();
      return request?.open ? request.reads : undefined;
    },
    run(res, work) {
      const request = { open: true, reads: new Map<string, V>() };
      const close = () => {
        request.open = false;
        request.reads.clear();
      };
      res.once('finish', close);
      res.once('close', close);
      return scope.run(request, work);
    },
  };
}
