/**
 * A route whose handler module loads on its first use and is kept. A feature's `routes.ts` names
 * its ids at start (the router's tables, the manifest, `/task help` need them) but its handlers,
 * with the Block Kit and services they pull in, load only when a person first reaches them: most
 * processes never serve most features, and each loaded module stays in memory for the process's
 * life. The first request of a kind waits for the import (tens of milliseconds, well within
 * Slack's 3 s, and inside `in-time.ts`'s busy note where a person waits).
 */
import type { TaskIntent } from '../commands/intents.ts';
import type { Listener } from './routes.ts';
import type { VerbHandler } from './verb-handler.ts';

/** Runs `load` once; a failed load is forgotten so the next request tries again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** A listener built from `load`'s listener on first use, with the deps the router gives it. */
export function lazyListener(load: () => Promise<Listener>): Listener {
  return (deps) => {
    const built = once(async () => (await load())(deps));
    return async (args) => (await built())(args);
  };
}

/** A `/task` verb whose handler loads on first use. */
export function lazyVerb<V extends Exclude<TaskIntent['verb'], 'help'>>(
  load: () => Promise<VerbHandler<V>>,
): VerbHandler<V> {
  const handler = once(load);
  return async (ctx, intent) => (await handler())(ctx, intent);
}
