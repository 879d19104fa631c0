/**
 * Everything a Slack handler may use, passed in rather than imported as globals, so a test builds
 * the same app over its own store, clock, sandbox and emulator.
 */

import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import type { ChangePoller } from '../notify/events/change-poller.ts';
import type { ProjectEventSink, WatchedProjects } from '../notify/events/project-event.ts';
import type { Notifications } from '../notify/notifications.ts';
import type { ServiceEventsSettings } from '../notify/store/service-events.ts';
import type { ChannelDefaults } from '../store/repositories/channel-defaults.ts';
import type { Connections } from '../store/repositories/connections.ts';
import type { Idempotency } from '../store/repositories/idempotency.ts';
import type { TaskbridgeInstallationStore } from '../store/repositories/installation-store.ts';
import type { LinkRequests } from '../store/repositories/link-requests.ts';
import type { PendingCommands } from '../store/repositories/pending-commands.ts';
import type { UserLinks } from '../store/repositories/user-links.ts';
import type { Store } from '../store/types.ts';
import type { MetadataSigner } from './kit/metadata-signer.ts';
import type { AppDigests } from './services/digest-runtime.ts';
import type { ReminderRunner } from './services/reminders/reminder-runner.ts';
import type { SlackProfiles } from './services/slack-profiles.ts';
import type { TaskLinks } from './services/task-links.ts';
import type { WorkApiRegistry } from './services/work-api-registry.ts';

export interface AppDeps {
  store: Store;
  installations: TaskbridgeInstallationStore;
  connections: Connections;
  /** Which member each Slack person is; unproven links (saved before proofs) are re-checked when read. */
  userLinks: UserLinks;
  /** Requests to be linked, waiting for an admin. */
  linkRequests: LinkRequests;
  channelDefaults: ChannelDefaults;
  idempotency: Idempotency;
  /** Commands acknowledged and still owing a result, kept for another instance should this one die. */
  pendingCommands: PendingCommands;
  /** How long an instance holds a running command's record; after a crash, another answers for it then. */
  pendingCommandLeaseMs: number;
  workApi: WorkApiRegistry;
  profiles: SlackProfiles;
  metadata: MetadataSigner;
  taskLinks: TaskLinks;
  clock: Clock;
  /** When this process started (the default connection's "since"). */
  startedAt: Date;
  logger: Logger;
  /** Scheduled digests: their subscriptions, and the runner that sends them (and previews and edits). */
  digests: AppDigests;
  /** Where the service's events go (webhooks and the polling fallback); channel threads and direct messages by default. */
  projectEvents: ProjectEventSink;
  /** Which projects someone listens to: the polling fallback reads only these. */
  watchedProjects: WatchedProjects;
  /** Each workspace's webhook endpoint path and signing secret. */
  serviceEvents: ServiceEventsSettings;
  /** The polling fallback, and how fresh it keeps each workspace. */
  changePoller: ChangePoller;
  /** The app's public address (PUBLIC_URL), to show the webhook endpoint's full URL; unset: the path only. */
  publicUrl: string | undefined;
  /** Channel subscriptions, people's switches, burst windows and "due tomorrow" messages. */
  notifications: Notifications;
  /** People's own reminders of tasks, and the runner that sends them when due. */
  reminders: ReminderRunner;
}
