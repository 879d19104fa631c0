/**
 * One request's reads of the embedded store, from its first read until its response is sent. The
 * SQLite engine asks whether another process wrote the file once per request (sqlite-read-cache.ts)
 * and answers the request's later reads from memory; outside a request (background work, and work
 * that goes on after the response) every read goes to SQLite. A request's reads span several turns
 * of the event loop (each await of Bolt's middleware chain is one), so asking per turn would cost
 * nearly as much as the reads it spares.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Session {
  open: boolean;
  /** The caches (one per database) that have asked in this session. */
  asked: Set<object>;
}

const sessions = new AsyncLocalStorage<Session>();

/** Runs `work` (and everything it starts) as one request, until `res` is finished or closed. */
export function inReadSession<T>(
  res: { once(event: 'finish' | 'close', listener: () => void): unknown },
  work: () => T,
): T {
  const session: Session = { open: true, asked: new Set() };
  const close = (): void => {
    session.open = false;
    session.asked.clear();
  };
  res.once('finish', close);
  res.once('close', close);
  return sessions.run(session, work);
}

/**
 * Whether `asker` asks for the first time in the current request ('first', and it is marked as
 * having asked), has asked already ('again'), or is outside a request or past its response.
 */
export function askInThisRequest(asker: object): 'first' | 'again' | 'outside' {
  const session = sessions.getStore();
  if (!session?.open) return 'outside';
  if (session.asked.has(asker)) return 'again';
  session.asked.add(asker);
  return 'first';
}
