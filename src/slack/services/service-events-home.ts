/**
 * What App Home and the settings modal show of a workspace's service events: whether a webhook
 * secret is saved, how fresh the polling fallback keeps the watched projects, and the address to
 * register on the service (PUBLIC_URL + the workspace's path).
 */
import { SERVICE_EVENTS_PREFIX } from '../../notify/events/service-events-endpoint.ts';
import type { AppDeps } from '../deps.ts';
import type { ServiceEventsHomeModel } from '../ui/home/service-events-line.ts';

export async function serviceEventsHomeModel(
  deps: AppDeps,
  teamId: string,
  isAdmin: boolean,
): Promise<ServiceEventsHomeModel> {
  const [settings, freshness] = await Promise.all([
    deps.serviceEvents.describe(teamId),
    deps.changePoller.freshness(teamId),
  ]);
  return {
    webhooks: settings?.hasSecret === true,
    checkedAt: freshness.checkedAt,
    watched: freshness.projects,
    isAdmin,
  };
}

/** The endpoint's address for a workspace: whole when PUBLIC_URL is set, else its path. */
export async function serviceEventsAddress(
  deps: AppDeps,
  teamId: string,
): Promise<{ address: string; full: boolean; hasSecret: boolean }> {
  const settings = await deps.serviceEvents.ensure(teamId);
  const path = `${SERVICE_EVENTS_PREFIX}${settings.pathKey}`;
  const base = deps.publicUrl?.replace(/\/+$/, '');
  return { address: base ? `${base}${path}` : path, full: base !== undefined, hasSecret: settings.hasSecret };
}
