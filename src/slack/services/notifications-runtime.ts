/**
 * The notifications of a running app: the engine (src/notify) built with the app's Slack parts:
 * its Block Kit (`ui/notifications/notify-messages.ts`), a Slack client per workspace, people's
 * zones from their Slack profiles, task addresses and project statuses for cards, and a member's
 * open tasks as `/task mine` reads them.
 */
import type { ChatPostMessageArguments, ChatUpdateArguments, WebClient } from '@slack/web-api';
import type { WorkApiClient } from '../../api/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../lib/logger.ts';
import type { NotifyChatClient } from '../../notify/chat-client.ts';
import type { OpenTasks } from '../../notify/direct-messages.ts';
import { createNotifications, type Notifications } from '../../notify/notifications.ts';
import type { UserLinks } from '../../store/repositories/user-links.ts';
import type { Store } from '../../store/types.ts';
import { reportMetadataWarning } from '../kit/metadata-warnings.ts';
import { notifyMessages } from '../ui/notifications/notify-messages.ts';
import type { SlackProfiles } from './slack-profiles.ts';
import { projectStatuses } from './task-changes.ts';
import type { TaskLinks } from './task-links.ts';
import { myTasks } from './task-list-source.ts';
import type { TeamSlackClients } from './team-slack-clients.ts';

/** Options for {@link createAppNotifications}. */
interface AppNotificationsOptions {
  store: Store;
  userLinks: UserLinks;
  /** The workspace's service client, or undefined when it is not connected. */
  api: (teamId: string) => Promise<WorkApiClient | undefined>;
  taskLinks: TaskLinks;
  profiles: SlackProfiles;
  /** The clients notifications post with (`pacing: 'caller'`: 429s come back to the post queue). */
  slack: TeamSlackClients;
  /** Full clients, for people's zones. */
  slackFull: TeamSlackClients;
  /** The workspaces "due tomorrow" messages go to (those with linked people). */
  teams: () => Promise<string[]>;
  clock: Clock;
  logger: Logger;
  windowMs?: number;
  leaseMs?: number;
}

/**
 * The engine's calls, made by a Web API client (its blocks and metadata are this app's, from
 * `notifyMessages`); a card's Work Object Slack dropped is logged and counted as everywhere else.
 */
function chatClientOf(client: WebClient, logger: Logger): NotifyChatClient {
  return {
    chat: {
      postMessage: async (post) => {
        const answer = await client.chat.postMessage(post as ChatPostMessageArguments);
        if (post.metadata !== undefined) reportMetadataWarning(logger, 'chat.postMessage', answer);
        return answer;
      },
      update: async (update) => {
        const answer = await client.chat.update(update as ChatUpdateArguments);
        if (update.metadata !== undefined) reportMetadataWarning(logger, 'chat.update', answer);
        return answer;
      },
    },
  };
}

export function createAppNotifications(o: AppNotificationsOptions): Notifications {
  const { taskLinks, profiles, slack, slackFull, ...rest } = o;
  // One adapter per client: the engine asks for the workspace's client at every call.
  const chatClients = new WeakMap<WebClient, NotifyChatClient>();
  return createNotifications({
    ...rest,
    messages: notifyMessages,
    slack: async (teamId) => {
      const client = await slack(teamId);
      if (!client) return undefined;
      const known = chatClients.get(client);
      if (known) return known;
      const chat = chatClientOf(client, o.logger);
      chatClients.set(client, chat);
      return chat;
    },
    async cardContext(teamId, task) {
      const api = await o.api(teamId);
      // The links' member map is cached per team (renewed by every link change): no scan per card.
      const [people, statuses] = await Promise.all([
        o.userLinks.slackUserByMember(teamId),
        api ? projectStatuses(api, task.project_id).catch(() => undefined) : undefined,
      ]);
      return { people, url: taskLinks.urlFor(task), statuses };
    },
    async zones(teamId) {
      const full = await slackFull(teamId);
      return full ? (slackUserId) => profiles.timeZone(full, teamId, slackUserId) : undefined;
    },
    openTasks: openTasksOf,
  });
}

async function openTasksOf(api: WorkApiClient, memberId: number, now: Date): Promise<OpenTasks> {
  const ask = () => myTasks(api, { memberId, status: null, page: 1, perPage: 100, now: now.getTime() });
  let answer = await ask();
  if (answer.pending) {
    await answer.pending;
    answer = await ask();
  }
  return { tasks: answer.page.data, fromView: answer.fromView === true };
}
