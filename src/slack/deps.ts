/**
 * Everything a Slack handler may use, passed in rather than imported as globals, so a test builds
 * the same app over its own store, clock, sandbox and emulator.
 */
import type { ProjectEventSink, WatchedProjects } from '../events/project-event.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import type { ChannelDefaults } from '../store/repositories/channel-defaults.ts';
import type { Connections } from '../store/repositories/connections.ts';
import type { Idempotency } from '../store/repositories/idempotency.ts';
import type { TaskbridgeInstallationStore } from '../store/repositories/installation-store.ts';
import type { LinkRequests } from '../store/repositories/link-requests.ts';
import type { UserLinks } from '../store/repositories/user-links.ts';
import type { Store } from '../store/types.ts';
import type { AppDigests } from './services/digest-runtime.ts';
import type { MetadataSigner } from './services/metadata-signer.ts';
import type { Notifications } from './services/notifications/notifications.ts';
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
  /** Where project events go (webhooks, the polling fallback): channel threads and direct messages by default. */
  projectEvents: ProjectEventSink;
  /** The projects someone listens to (what the polling fallback reads). */
  watchedProjects: WatchedProjects;
  /** Channel subscriptions, people's switches, burst windows and "due tomorrow" messages. */
  notifications: Notifications;
}
