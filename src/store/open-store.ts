import { openSqliteStore } from './sqlite-store.ts';
import type { Store } from './types.ts';

/** What a STORE_URL may look like; used in error messages. */
const STORE_URL_FORMS = "'sqlite:./data/taskbridge.db', 'sqlite::memory:' or 'redis://host:6379/0'";

type StoreLocation = { kind: 'sqlite'; path: string } | { kind: 'redis'; url: string };

/** Parses a STORE_URL; throws an error naming the accepted forms when it fits none. */
export function parseStoreUrl(url: string): StoreLocation {
  if (url.startsWith('sqlite:')) {
    let path = url.slice('sqlite:'.length);
    // `sqlite:///abs/file.db` is the URL spelling of an absolute path.
    if (path.startsWith('//')) path = path.slice(2);
    if (path === '') throw new Error(`STORE_URL has no file path; use ${STORE_URL_FORMS}`);
    return { kind: 'sqlite', path };
  }
  if (url.startsWith('redis://') || url.startsWith('rediss://')) {
    try {
      new URL(url);
    } catch {
      throw new Error(`STORE_URL is not a valid Redis URL; use ${STORE_URL_FORMS}`);
    }
    return { kind: 'redis', url };
  }
  throw new Error(`STORE_URL must start with sqlite: or redis://; use ${STORE_URL_FORMS}`);
}

/** Opens the store a STORE_URL names: 'sqlite:./data/taskbridge.db', 'sqlite::memory:', 'redis://127.0.0.1:6379/0'. */
export async function openStore(url: string): Promise<Store> {
  const location = parseStoreUrl(url);
  if (location.kind === 'sqlite') return openSqliteStore(location.path);
  // Loaded only when asked for: the Redis client is a large module graph that SQLite users never need.
  const { openRedisStore } = await import('./redis-store.ts');
  return openRedisStore(location.url);
}
