import type { WorkApiClient } from '../../api/index.ts';
import type { AppDeps } from '../deps.ts';
import { NotConnectedError } from './failure-message.ts';

/** The workspace's service client, or NotConnectedError (which the failure reply explains). */
export async function requireApi(deps: AppDeps, teamId: string): Promise<WorkApiClient> {
  const api = await deps.workApi.clientFor(teamId);
  if (!api) throw new NotConnectedError();
  return api;
}
