/**
 * Local mode's service events with no set-up: the app registers its own endpoint with the local
 * sandbox and saves the secret the sandbox made, as an admin would with a real service. Earlier
 * registrations of this app (the sandbox's file outlives a run; the port may differ) are replaced,
 * so the sandbox does not keep retrying addresses nobody answers. The registration follows the
 * transport: in Socket Mode the app has no address to give, so any earlier one is removed with its
 * saved secret and the watched projects are polled; a run's stop removes what it registered.
 */
import type { TaskbridgeApp } from '../create-app.ts';
import { SERVICE_EVENTS_PREFIX } from '../notify/events/service-events-endpoint.ts';
import type { Sandbox } from '../sandbox/index.ts';

export async function registerLocalWebhook(
  app: TaskbridgeApp,
  sandbox: Sandbox,
  teamId: string,
  eventsUrl: string,
): Promise<string> {
  const settings = await app.deps.serviceEvents.ensure(teamId);
  const address = `${new URL(eventsUrl).origin}${SERVICE_EVENTS_PREFIX}${settings.pathKey}`;
  removeAppHooks(sandbox);
  const hook = sandbox.webhooks.add(address);
  await app.deps.serviceEvents.saveSecret(teamId, hook.secret);
  return address;
}

/** No webhook of this app on the sandbox, and no saved secret: the workspace is polled instead. */
export async function unregisterLocalWebhook(
  app: TaskbridgeApp,
  sandbox: Sandbox,
  teamId: string,
): Promise<void> {
  removeAppHooks(sandbox);
  await app.deps.serviceEvents.clearSecret(teamId);
}

function removeAppHooks(sandbox: Sandbox): void {
  for (const hook of sandbox.webhooks.list()) {
    if (new URL(hook.url).pathname.startsWith(SERVICE_EVENTS_PREFIX)) sandbox.webhooks.remove(hook.id);
  }
}
