/**
 * The store's key layout in one place. Everything a workspace owns sits under `team:<teamId>:` so
 * uninstalling can remove it with one prefix listing; org-wide installs sit under `enterprise:<id>:`.
 */

import { createHash } from 'node:crypto';

/** Slack ids (T…, E…, U…, W…, C…, G…, D…) are short and alphanumeric; refusing ':' keeps prefixes exact. */
const SLACK_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Returns the id when it looks like a Slack id; otherwise throws naming the field. */
export function checkSlackId(field: string, value: unknown): string {
  if (typeof value !== 'string' || !SLACK_ID.test(value)) {
    throw new TypeError(`${field} must be a Slack id such as T0123ABCD (letters and digits only)`);
  }
  return value;
}

/** A message's ts as Slack writes it (`1700000000.000100`), as a key part. */
function checkTs(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{1,12}\.\d{1,8}$/.test(value)) {
    throw new TypeError('ts must be a Slack message ts such as 1700000000.000100');
  }
  return value;
}

/** An emoji's name as Slack writes it in reactions (`ticket`, `+1`, `white_check_mark`), no colons. */
const EMOJI_NAME = /^[a-z0-9_+'-]{1,100}$/;

export function checkEmojiName(value: unknown): string {
  if (typeof value !== 'string' || !EMOJI_NAME.test(value)) {
    throw new TypeError('emoji must be a Slack emoji name such as ticket (letters, digits, _ + - only)');
  }
  return value;
}

/** Endpoint path keys: 32 url-safe characters made by randomBytes. */
const PATH_KEY = /^[A-Za-z0-9_-]{20,64}$/;

export function checkPathKey(value: unknown): string {
  if (typeof value !== 'string' || !PATH_KEY.test(value))
    throw new TypeError('not a service-events path key');
  return value;
}

/** An id from outside (a webhook id, an event id) as a key part: itself when short, else its SHA-256. */
function shortId(id: string): string {
  return id.length > 120 ? `sha256:${createHash('sha256').update(id).digest('hex')}` : id;
}

export const storeKeys = {
  team: (teamId: string) => `team:${checkSlackId('teamId', teamId)}:`,
  installation: (teamId: string) => `${storeKeys.team(teamId)}installation`,
  userInstallations: (teamId: string) => `${storeKeys.team(teamId)}installation-user:`,
  userInstallation: (teamId: string, userId: string) =>
    `${storeKeys.userInstallations(teamId)}${checkSlackId('userId', userId)}`,
  enterprise: (enterpriseId: string) => `enterprise:${checkSlackId('enterpriseId', enterpriseId)}:`,
  enterpriseInstallation: (enterpriseId: string) => `${storeKeys.enterprise(enterpriseId)}installation`,
  enterpriseUserInstallations: (enterpriseId: string) =>
    `${storeKeys.enterprise(enterpriseId)}installation-user:`,
  enterpriseUserInstallation: (enterpriseId: string, userId: string) =>
    `${storeKeys.enterpriseUserInstallations(enterpriseId)}${checkSlackId('userId', userId)}`,
  /** The org whose org-wide install serves this workspace (Enterprise Grid). */
  teamOrg: (teamId: string) => `${storeKeys.team(teamId)}org`,
  /** The workspaces an org-wide install has been added to, one record each. */
  orgTeams: (enterpriseId: string) => `${storeKeys.enterprise(enterpriseId)}workspace:`,
  orgTeam: (enterpriseId: string, teamId: string) =>
    `${storeKeys.orgTeams(enterpriseId)}${checkSlackId('teamId', teamId)}`,
  /** Held while one instance trades an installation's refresh token (the old one dies on use). */
  tokenRefreshLock: (installationKey: string) => `lock:token-refresh:${installationKey}`,
  /** Claimed by the instance that acts on a Socket Mode envelope; a redelivery finds it taken. */
  socketEnvelope: (envelopeId: string) => `socket-envelope:${shortId(envelopeId)}`,
  /** The ack an envelope was answered with, replayed when Slack delivers it again. */
  socketEnvelopeAck: (envelopeId: string) => `socket-envelope-ack:${shortId(envelopeId)}`,
  connection: (teamId: string) => `${storeKeys.team(teamId)}connection`,
  /** A connection an org admin made for every workspace of the org. */
  orgConnection: (enterpriseId: string) => `${storeKeys.enterprise(enterpriseId)}connection`,
  userLinks: (teamId: string) => `${storeKeys.team(teamId)}user-link:`,
  /** A person's Slack profile change taken from an event, for the other instances (slack-profile-changes.ts). */
  slackProfileChanges: (teamId: string) => `${storeKeys.team(teamId)}slack-profile-change:`,
  slackProfileChange: (teamId: string, userId: string) =>
    `${storeKeys.slackProfileChanges(teamId)}${checkSlackId('userId', userId)}`,
  /** When the team's last profile change was kept: instances look at it before listing the changes. */
  slackProfilesStamp: (teamId: string) => `${storeKeys.team(teamId)}slack-profiles-stamp`,
  /** Changes whenever a link of the team is written or removed (outside the `user-link:` prefix). */
  userLinksStamp: (teamId: string) => `${storeKeys.team(teamId)}user-links-stamp`,
  userLink: (teamId: string, userId: string) =>
    `${storeKeys.userLinks(teamId)}${checkSlackId('slackUserId', userId)}`,
  linkRequests: (teamId: string) => `${storeKeys.team(teamId)}link-request:`,
  linkRequest: (teamId: string, userId: string) =>
    `${storeKeys.linkRequests(teamId)}${checkSlackId('slackUserId', userId)}`,
  channelDefaults: (teamId: string) => `${storeKeys.team(teamId)}channel-default:`,
  channelDefault: (teamId: string, channelId: string) =>
    `${storeKeys.channelDefaults(teamId)}${checkSlackId('channelId', channelId)}`,
  /** Who asked Slack for a task the service's token created as its own owner. */
  taskOrigin: (teamId: string, taskId: number) => `${storeKeys.team(teamId)}task-origin:${taskId}`,
  /** A workspace's service-events settings: the endpoint's path key and the signing secret (sealed). */
  serviceEvents: (teamId: string) => `${storeKeys.team(teamId)}service-events`,
  /**
   * Which workspace an endpoint path belongs to. Global by necessity: a delivery names no workspace
   * before this lookup; the value is the team id only, and the path key is random.
   */
  serviceEventsPath: (pathKey: string) => `service-events-path:${checkPathKey(pathKey)}`,
  /** A webhook delivery already taken (its `webhook-id`, hashed when long): a repeat is answered, not acted on. */
  serviceEventDone: (teamId: string, webhookId: string) =>
    `${storeKeys.team(teamId)}service-event-done:${shortId(webhookId)}`,
  /** The claim of the one instance taking a delivery now. */
  serviceEventTaking: (teamId: string, webhookId: string) =>
    `${storeKeys.team(teamId)}service-event-taking:${shortId(webhookId)}`,
  /**
   * A command running now, held as a claim so that a repeat on any instance is answered once;
   * the command's text is hashed by the caller (`hash`, hex) to keep the key short.
   */
  runningCommand: (teamId: string, userId: string, channelId: string, hash: string) =>
    `${storeKeys.team(teamId)}running-command:${checkSlackId('userId', userId)}:${checkSlackId('channelId', channelId)}:${checkSlackId('hash', hash)}`,
  /** The task made from a thread (one per thread): `thread-task:<channel>:<thread ts>`. */
  threadTask: (teamId: string, channelId: string, threadTs: string) =>
    `${storeKeys.team(teamId)}thread-task:${checkSlackId('channelId', channelId)}:${checkTs(threadTs)}`,
  /** A thread's task as proposed to one person, until they create or cancel it. */
  threadPreview: (teamId: string, id: string) =>
    `${storeKeys.team(teamId)}thread-preview:${checkSlackId('previewId', id)}`,
  /** A person's assistant thread with the app (its DM and thread ts), while it is in use. */
  assistantThread: (teamId: string, channelId: string, threadTs: string) =>
    `${storeKeys.team(teamId)}assistant-thread:${checkSlackId('channelId', channelId)}:${checkTs(threadTs)}`,
  /** A channel's emoji that make a message a task: `reaction-map:<channel>:<emoji>`. */
  reactionMaps: (teamId: string, channelId: string) =>
    `${storeKeys.team(teamId)}reaction-map:${checkSlackId('channelId', channelId)}:`,
  reactionMap: (teamId: string, channelId: string, emoji: string) =>
    `${storeKeys.reactionMaps(teamId, channelId)}${checkEmojiName(emoji)}`,
  /** The task a message became by an emoji (one per message): `reaction-task:<channel>:<ts>`. */
  reactionTask: (teamId: string, channelId: string, ts: string) =>
    `${storeKeys.team(teamId)}reaction-task:${checkSlackId('channelId', channelId)}:${checkTs(ts)}`,
  /** The claim that makes one message one task, whoever reacts and on whichever instance. */
  reactionTaskClaim: (teamId: string, channelId: string, ts: string) =>
    `${storeKeys.team(teamId)}reaction-task-claim:${checkSlackId('channelId', channelId)}:${checkTs(ts)}`,
  /** The message a task was made from by an emoji, so its ✅ can go there when it is done. */
  reactionSource: (teamId: string, taskId: number) => `${storeKeys.team(teamId)}reaction-source:${taskId}`,
  /** The claim of the one instance that adds ✅ to a done task's source message. */
  reactionDoneMark: (teamId: string, taskId: number) =>
    `${storeKeys.team(teamId)}reaction-done-mark:${taskId}`,
  /** A channel's subscriptions to project events, one per project: `notify-sub:<channel>:<project>`. */
  notifySubs: (teamId: string) => `${storeKeys.team(teamId)}notify-sub:`,
  notifyChannelSubs: (teamId: string, channelId: string) =>
    `${storeKeys.notifySubs(teamId)}${checkSlackId('channelId', channelId)}:`,
  notifySub: (teamId: string, channelId: string, projectId: number) =>
    `${storeKeys.notifyChannelSubs(teamId, channelId)}${projectId}`,
  /** The parent message (channel, ts) of a task's thread in one channel. */
  notifyThread: (teamId: string, channelId: string, taskId: number) =>
    `${storeKeys.team(teamId)}notify-thread:${checkSlackId('channelId', channelId)}:${taskId}`,
  /**
   * A task's burst in one channel, gathered across instances: one record per event under
   * `notify-burst:<channel>:<task>:` until its window's reply is sent.
   */
  notifyBursts: (teamId: string) => `${storeKeys.team(teamId)}notify-burst:`,
  notifyBurst: (teamId: string, channelId: string, taskId: number) =>
    `${storeKeys.notifyBursts(teamId)}${checkSlackId('channelId', channelId)}:${taskId}:`,
  /** The lease of the one instance sending a task's burst in a channel now. */
  notifyBurstLease: (teamId: string, channelId: string, taskId: number) =>
    `${storeKeys.team(teamId)}notify-burst-lease:${checkSlackId('channelId', channelId)}:${taskId}`,
  /**
   * Workspaces with bursts waiting (what each instance lists every 500 ms; global like
   * `notify-team:`). Two ':' in the prefix keep its Redis listing to its own index bucket.
   */
  notifyBurstTeams: () => 'notify-burst:team:',
  notifyBurstTeam: (teamId: string) => `notify-burst:team:${checkSlackId('teamId', teamId)}`,
  /**
   * A project event's sends that are not gathered into bursts (assignment messages, project
   * notices), kept until they have gone: one record per event.
   */
  notifyOutbox: (teamId: string) => `${storeKeys.team(teamId)}notify-outbox:`,
  /** The lease of the one instance sending one event's outbox record now. */
  notifyOutboxLease: (teamId: string, eventIdPart: string) =>
    `${storeKeys.team(teamId)}notify-outbox-lease:${eventIdPart}`,
  /** Workspaces with outbox records waiting (listed like `notify-burst:team:`). */
  notifyOutboxTeams: () => 'notify-outbox:team:',
  notifyOutboxTeam: (teamId: string) => `notify-outbox:team:${checkSlackId('teamId', teamId)}`,
  /**
   * A command acknowledged and still owing its person a result, kept until it answers so that an
   * instance that dies meanwhile leaves it to another (`repositories/pending-commands.ts`).
   */
  pendingCommand: (teamId: string) => `${storeKeys.team(teamId)}pending-command:`,
  /** The lease of the one instance running (or, after a crash, answering for) a pending command. */
  pendingCommandLease: (teamId: string, id: string) =>
    `${storeKeys.team(teamId)}pending-command-lease:${checkSlackId('hash', id)}`,
  /** Workspaces with pending commands (listed like `notify-burst:team:`). */
  pendingCommandTeams: () => 'pending-command:team:',
  pendingCommandTeam: (teamId: string) => `pending-command:team:${checkSlackId('teamId', teamId)}`,
  /** A project event already written to its bursts (a repeat writes nothing). */
  notifyEventDone: (teamId: string, eventId: string) =>
    `${storeKeys.team(teamId)}notify-event-done:${eventId}`,
  /** A person's direct-message notification switches. */
  notifyPrefs: (teamId: string, userId: string) =>
    `${storeKeys.team(teamId)}notify-pref:${checkSlackId('slackUserId', userId)}`,
  /** A "due tomorrow" reminder of one task for one person on one local day, sent once. */
  notifyDueSent: (teamId: string, userId: string, taskId: number, day: string) =>
    `${storeKeys.team(teamId)}notify-due:${checkSlackId('slackUserId', userId)}:${taskId}:${day}`,
  /** When a person's tasks were last read for "due tomorrow" (kept for the interval between reads). */
  notifyDueChecked: (teamId: string, userId: string) =>
    `${storeKeys.team(teamId)}notify-due-checked:${checkSlackId('slackUserId', userId)}`,
  /** A person's reminders of tasks (`repositories/reminders.ts`): `reminder:<user>:<id>`. */
  reminders: (teamId: string, userId: string) =>
    `${storeKeys.team(teamId)}reminder:${checkSlackId('slackUserId', userId)}:`,
  reminder: (teamId: string, userId: string, id: string) =>
    `${storeKeys.reminders(teamId, userId)}${checkSlackId('reminderId', id)}`,
  /** The claim of the one instance sending a reminder. */
  reminderSending: (teamId: string, id: string) =>
    `${storeKeys.team(teamId)}reminder-sending:${checkSlackId('reminderId', id)}`,
  /**
   * Every workspace's reminders by when they are due: the key holds the time zero-padded, so a
   * listing (in key order on both engines) stops at the first one not yet due.
   */
  reminderDue: () => 'reminder:due:',
  reminderDueAt: (at: number, teamId: string, userId: string, id: string) =>
    `reminder:due:${String(Math.max(0, Math.floor(at))).padStart(15, '0')}:${checkSlackId('teamId', teamId)}:${checkSlackId('slackUserId', userId)}:${checkSlackId('reminderId', id)}`,
  /** Workspaces with at least one channel subscription (what the polling fallback lists). */
  notifyTeams: () => 'notify-team:',
  notifyTeam: (teamId: string) => `notify-team:${checkSlackId('teamId', teamId)}`,
  /** The workspace's task view as the instance that scanned it saved it (`api/task-view-share.ts`). */
  taskView: (teamId: string) => `${storeKeys.team(teamId)}task-view:`,
  /** The polling fallback: when each watched project was last compared in full. */
  pollChecked: (teamId: string) => `${storeKeys.team(teamId)}poll-checked`,
  /** A poll of a project that needs more than one minute's budget: where the next tick goes on. */
  pollProgress: (teamId: string, projectId: number) => `${storeKeys.team(teamId)}poll-progress:${projectId}`,
  /** The tasks of one stretch of such a poll, kept until the list is read to its end. */
  pollPart: (teamId: string, projectId: number, part: number) =>
    `${storeKeys.team(teamId)}poll-part:${projectId}:${part}`,
  /** When the polling fallback's requests of the last minute were sent, shared by every instance. */
  pollSent: (teamId: string) => `${storeKeys.team(teamId)}poll-sent`,
  /** Idempotency keys are global: Slack's event ids and view hashes are unique across workspaces. */
  once: (key: string) => `once:${key}`,
} as const;
