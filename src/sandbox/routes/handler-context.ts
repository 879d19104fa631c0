import type { z } from 'zod';
import type { Meta } from '../../contract/index.ts';
import type { SandboxDb } from '../db/sandbox-db.ts';
import type { Answer } from '../http/answer-profile.ts';
import { parseInput } from '../http/validation.ts';
import type { WebhookEvent } from '../webhooks/dispatcher.ts';

/** Everything a handler may use: the database, who is asking, when, and the request's parts. */
export class HandlerContext {
  readonly db: SandboxDb;
  readonly viewer: { id: number; name: string };
  readonly now: Date;
  /** The path's `{id}`; 0 where the path has none. */
  readonly id: number;
  /** The path's `{uid}`; 0 where the path has none. */
  readonly uid: number;
  /** What this request tells webhooks; sent only once its transaction has committed. */
  readonly events: WebhookEvent[] = [];
  readonly #rawQuery: unknown;
  readonly #rawBody: unknown;

  constructor(init: {
    db: SandboxDb;
    viewer: { id: number; name: string };
    now: Date;
    id?: number | undefined;
    uid?: number | undefined;
    rawQuery: unknown;
    rawBody: unknown;
  }) {
    this.db = init.db;
    this.viewer = init.viewer;
    this.now = init.now;
    this.id = init.id ?? 0;
    this.uid = init.uid ?? 0;
    this.#rawQuery = init.rawQuery;
    this.#rawBody = init.rawBody;
  }

  /** Records an event for the webhooks (sent after the write commits, never before). */
  emit(event: WebhookEvent): void {
    this.events.push(event);
  }

  /** The timestamp every write of this request records. */
  get nowIso(): string {
    return this.now.toISOString();
  }

  /**
   * Validates the query string. Handlers call this (and `body`) after loading the records named in
   * the path, so an unknown id is a 404 before any 422, as in a Laravel controller.
   */
  query<S extends z.ZodType>(schema: S): z.output<S> {
    return parseInput(schema, this.#rawQuery ?? {}, 'query');
  }

  /** Validates the body; a missing body is validated as `{}`, so the 422 names each required field. */
  body<S extends z.ZodType>(schema: S): z.output<S> {
    return parseInput(schema, this.#rawBody === undefined ? {} : this.#rawBody, 'body');
  }
}

/** A handler's answer; the server's answer profile gives it its envelope and record shapes. */
export type HandlerResult = Answer;

export type Handler = (ctx: HandlerContext) => HandlerResult;

export function ok(record: unknown): HandlerResult {
  return { status: 200, record };
}

export function created(record: unknown): HandlerResult {
  return { status: 201, record };
}

export function noContent(): HandlerResult {
  return { status: 204 };
}

export function list(page: { data: unknown[]; meta: Meta }): HandlerResult {
  return { status: 200, page };
}
