/**
 * What each wrapper (a `/task` verb, a team form, a team button) hands its handler, built the same
 * way: the app's deps, the bot's client, the person, the moment by the app's clock, the
 * workspace's service client, and the failure path.
 */
import type { WebClient } from '@slack/web-api';
import type { WorkApiClient } from '../../api/index.ts';
import type { AppDeps } from '../deps.ts';
import type { Person } from './person.ts';
import { type FailureOptions, type FailureReply, reportFailure } from './report-failure.ts';
import { requireApi } from './require-api.ts';

export interface Interaction extends Person {
  deps: AppDeps;
  client: WebClient;
  /** When the request arrived, by the app's clock. */
  now: Date;
  /** The workspace's service client; NotConnectedError (which `fail` explains) when there is none. */
  api(): Promise<WorkApiClient>;
  /** Logs a failure and tells the person what happened and what to do. */
  fail(error: unknown, options?: FailureOptions): Promise<void>;
}

export function interaction(
  deps: AppDeps,
  client: WebClient,
  person: Person,
  reply: Omit<FailureReply, 'client'>,
): Interaction {
  let api: Promise<WorkApiClient> | undefined;
  return {
    deps,
    client,
    ...person,
    now: deps.clock.now(),
    api: () => {
      api ??= requireApi(deps, person.teamId);
      // A failed lookup is not kept: the next call asks again.
      api.catch(() => {
        api = undefined;
      });
      return api;
    },
    fail: (error, options) => reportFailure(deps, { ...reply, client }, error, options),
  };
}
