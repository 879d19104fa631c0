import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../../../src/sandbox/index.ts';
import { assertConforms } from './conformance.ts';

/**
 * Response bodies in tests. Loose on purpose: every body has already been checked against the
 * contract's schemas by `assertConforms`, so the tests read fields directly.
 */
// biome-ignore lint/suspicious/noExplicitAny: validated at run time against the contract (see above)
export type Json = any;

export interface ApiResponse<T = Json> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty body. */
  body: T;
  /** The raw text, for checks on the wire format. */
  text: string;
}

export interface CallOptions {
  /** A value sent as JSON. */
  body?: unknown;
  /** Sent as is (for malformed JSON); sets no content type unless `headers` does. */
  rawBody?: string;
  token?: string | null;
  headers?: Record<string, string>;
}

/**
 * A minimal client for the sandbox tests: real HTTP through fetch, and every answer checked against
 * the contract (see conformance.ts), so each test of the suite is also a conformance test.
 */
export class Api {
  readonly sandbox: Sandbox;
  readonly token: string;

  constructor(sandbox: Sandbox, token = sandbox.token) {
    this.sandbox = sandbox;
    this.token = token;
  }

  /** The same client acting with another token. */
  as(token: string): Api {
    return new Api(this.sandbox, token);
  }

  /** A client for another seeded member (a fresh token of theirs). */
  asMember(memberId: number): Api {
    return this.as(this.sandbox.createToken(memberId, `test member ${memberId}`));
  }

  async call<T = Json>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    const token = opts.token === undefined ? this.token : opts.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let payload: string | undefined;
    if (opts.rawBody !== undefined) payload = opts.rawBody;
    else if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${this.sandbox.url}${path}`, { method, headers, body: payload });
    const text = await res.text();
    const contentType = res.headers.get('content-type') ?? '';
    if (text !== '' && !contentType.startsWith('application/json')) {
      throw new Error(
        `${method} ${path} answered ${res.status} with ${contentType}, not JSON: ${text.slice(0, 200)}`,
      );
    }
    const body = text === '' ? undefined : JSON.parse(text);
    assertConforms(method, path, res.status, body, this.sandbox.profile);
    return { status: res.status, headers: res.headers, body: body as T, text };
  }

  get<T = Json>(path: string, opts?: CallOptions) {
    return this.call<T>('GET', path, opts);
  }
  post<T = Json>(path: string, body?: unknown, opts?: CallOptions) {
    return this.call<T>('POST', path, { ...opts, body });
  }
  put<T = Json>(path: string, body?: unknown, opts?: CallOptions) {
    return this.call<T>('PUT', path, { ...opts, body });
  }
  delete<T = Json>(path: string, opts?: CallOptions) {
    return this.call<T>('DELETE', path, opts);
  }
}

/** A test clock: stays put until moved. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

export function testClock(iso = '2026-11-21T09:30:00.000Z'): TestClock {
  let current = Date.parse(iso);
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

export const NOW = '2026-11-21T09:30:00.000Z';

/** A sandbox on a random port with limits off and a pinned clock, and a client for its token. */
export async function startApi(opts: SandboxOptions = {}): Promise<Api> {
  const clock = testClock();
  const sandbox = await createSandbox({ port: 0, rateLimits: false, now: clock.now, ...opts });
  return new Api(sandbox);
}

/**
 * A digest of every row of every table but `tokens` (whose `last_used_at` is bookkeeping of who
 * called, not data): equal digests mean an unchanged database.
 */
export function databaseDigest(db: DatabaseSync): string {
  const hash = createHash('sha256');
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'tokens' ORDER BY name")
    .all() as Array<{ name: string }>;
  for (const { name } of tables) {
    hash.update(`#${name}\n`);
    for (const row of db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()) {
      hash.update(JSON.stringify(row));
    }
  }
  return hash.digest('hex');
}

/** Seeded member ids (see src/sandbox/README.md). */
export const MEMBERS = { ana: 1, ben: 2, chloe: 3, dev: 4, eve: 5 } as const;
export const PROJECTS = { website: 1, mobile: 2, operations: 3 } as const;
