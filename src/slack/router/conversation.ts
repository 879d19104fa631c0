/**
 * The `/task` grammar where people talk to the app: `@Taskbridge …` in a channel or thread
 * (`app_mention`) and the app's Messages tab (`message.im`). The words after the mention read as
 * `/task` reads them, a sentence with no verb as `new` (`@Taskbridge Fix the login page @ben due
 * fri`), and run the same verb handlers with a context built from the event. A bare mention in a
 * thread makes the thread the subject (`features/conversation`). Each event is acted on once,
 * however often Slack delivers it.
 */
import type { AllMiddlewareArgs, RespondFn, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { VerbName } from '../commands/intents.ts';
import { parseTaskCommand } from '../commands/parse.ts';
import type { AppDeps } from '../deps.ts';
import { conversationContext, type SaidToApp, saidReplier } from '../kit/conversation-context.ts';
import { answerInTime } from '../kit/in-time.ts';
import { once } from '../kit/once.ts';
import { beginAssistantTurn } from '../services/assistant-turn.ts';
import { channelDefaultProject } from '../services/resolve-project.ts';
import { commandErrorMessage } from '../ui/messages/errors.ts';
import { renderHelp } from '../ui/messages/help.ts';
import type { RouteTables } from './merge-routes.ts';
import { projectNamesFor } from './task-command.ts';

type Parsed = ReturnType<typeof parseTaskCommand>;

/** The message's words for the app: its own mentions (`<@BOT>`, `<@BOT|name>`) taken out. */
export function wordsForApp(text: string, botUserId: string | undefined): string {
  if (!botUserId) return text.trim();
  return text
    .replace(new RegExp(`<@${botUserId}(?:\\|[^>]*)?>`, 'g'), ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The words read as `/task` reads them; words that start with no verb are a new task's sentence,
 * except one word close to a verb (`mnie`), which gets the "did you mean".
 */
export function readSaid(
  text: string,
  options: { enabled: readonly VerbName[]; projectNames?: readonly string[] | undefined },
): Parsed {
  const parsed = parseTaskCommand(text, options);
  if (parsed.kind !== 'error' || parsed.code !== 'unknown_verb') return parsed;
  if (parsed.suggestion && !/\s/.test(text.trim())) return parsed;
  return parseTaskCommand(`new ${text}`, options);
}

/** What `/task help` says is how to talk to the app beyond the command. */
const SAID_HELP_NOTICE =
  'Write to me as you would after `/task` (`mine`, `done 42`, or a new task’s sentence). In a thread, mention me alone to make the thread a task.';

function triggerRefused(error: unknown): boolean {
  const code = (error as { data?: { error?: unknown } } | undefined)?.data?.error;
  return code === 'invalid_trigger_id' || code === 'expired_trigger_id' || code === 'exchanged_trigger_id';
}

async function runSaid(
  deps: AppDeps,
  client: WebClient,
  verbs: RouteTables['verbs'],
  said: SaidToApp,
  respond: RespondFn,
): Promise<void> {
  const enabled: VerbName[] = ['help', ...verbs.keys()];
  const ctx = conversationContext(deps, client, said, respond);
  const reply = (message: { text: string; blocks?: unknown[] }) =>
    ctx.respond({ response_type: 'ephemeral', ...message } as never);
  try {
    const parsed = readSaid(said.text, {
      enabled,
      projectNames: await projectNamesFor(deps, said.teamId, said.text),
    });
    if (parsed.kind === 'error') {
      await reply(commandErrorMessage(parsed, { enabled }));
      return;
    }
    if (parsed.verb === 'help') {
      await reply(
        renderHelp({ enabled, topic: parsed.topic, notice: parsed.topic ? null : SAID_HELP_NOTICE }),
      );
      return;
    }
    if (parsed.verb === 'new') {
      // The create form needs a trigger, which Slack gives a command or a button, never a message.
      const fallback = parsed.project
        ? undefined
        : said.inDm
          ? undefined
          : await channelDefaultProject(deps, said.teamId, said.channelId);
      if (!parsed.title) {
        await reply({
          text: 'Tell me what the task is: `@Taskbridge Fix the login page #Website due friday`. In a thread, mention me alone to make the thread a task.',
        });
        return;
      }
      if (!parsed.project && !fallback) {
        await reply({
          text: `Which project is “${parsed.title}” for? Say it again with \`#Project\` at the end (\`… #Website\`)${said.inDm ? '' : ', or give this channel a default with `/task project #Website`'}. Nothing was created.`,
        });
        return;
      }
    }
    const handler = verbs.get(parsed.verb);
    if (!handler) {
      await reply(renderHelp({ enabled }));
      return;
    }
    // The table pairs each verb with its own intent type; TypeScript cannot follow that through the map.
    await handler(ctx, parsed as never);
  } catch (error) {
    if (triggerRefused(error)) {
      await reply({
        text: `That opens a form, which Slack opens only from a command or a button: type \`/task ${said.text}\` instead.`,
      }).catch((replyError: unknown) => ctx.fail(replyError));
      return;
    }
    await ctx.fail(error);
  }
}

/**
 * Acts on an event once across deliveries (Slack retries with the same event_id) and instances,
 * within Slack's time as a command is (`kit/in-time.ts`): a person who has heard nothing after
 * 1.5 s is told the service is busy, and the work then waits patiently for its turn.
 */
async function oncePerEvent(
  deps: AppDeps,
  client: WebClient,
  said: SaidToApp,
  work: (respond: RespondFn) => Promise<void>,
): Promise<void> {
  const args = {
    client,
    respond: saidReplier(client, said),
    body: { team: { id: said.teamId }, user: { id: said.userId }, channel: { id: said.channelId } },
  };
  const origin = {
    purpose: 'said-to-app',
    kind: 'event',
    teamId: said.teamId,
    eventId: said.eventId,
  } as const;
  await once(deps.idempotency, origin, async () => {
    await answerInTime(deps, async (given: typeof args) => work(given.respond))(args);
    return true;
  });
}

type MentionArgs = SlackEventMiddlewareArgs<'app_mention'> & AllMiddlewareArgs;

/** `app_mention`: `@Taskbridge …` in a channel or a thread. */
export function appMentionListener(verbs: RouteTables['verbs']) {
  return (deps: AppDeps) =>
    async ({ event, body, client, context }: MentionArgs) => {
      // Another app's mention of ours, or an edit: only a person's new message is acted on.
      if (event.bot_id || event.subtype || !event.user) return;
      const botUserId = context.botUserId;
      const said: SaidToApp = {
        teamId: body.team_id,
        userId: event.user,
        channelId: event.channel,
        ts: event.ts,
        threadTs: event.thread_ts ?? null,
        eventId: body.event_id,
        text: wordsForApp(event.text ?? '', botUserId),
        inDm: false,
      };
      const bare = said.text === '' || /^task$/i.test(said.text);
      await oncePerEvent(deps, client, said, async (respond) => {
        if (bare && said.threadTs) {
          const inThread = { ...said, threadTs: said.threadTs };
          try {
            const { threadSubjectHandler } = await import('../features/conversation/thread-subject.ts');
            await threadSubjectHandler(deps, client, inThread, botUserId, respond);
          } catch (error) {
            await conversationContext(deps, client, said, respond).fail(error, {
              what: 'a thread as a task',
            });
          }
          return;
        }
        await runSaid(deps, client, verbs, bare ? { ...said, text: 'help' } : said, respond);
      });
    };
}

/** `message.im`: plain text in the app's Messages tab, read as `/task` reads it. */
export function directMessageListener(verbs: RouteTables['verbs']) {
  return (deps: AppDeps) =>
    async ({ event, body, client, context }: SlackEventMiddlewareArgs<'message'> & AllMiddlewareArgs) => {
      const message = event as {
        channel_type?: string;
        subtype?: string;
        bot_id?: string;
        user?: string;
        text?: string;
        channel: string;
        ts: string;
        thread_ts?: string;
      };
      // Edits, joins and deletions (subtypes), other apps, and the app's own messages are not a person speaking.
      if (message.channel_type !== 'im' || message.subtype || message.bot_id) return;
      if (!message.user || message.user === context.botUserId) return;
      const text = wordsForApp(message.text ?? '', context.botUserId);
      const said: SaidToApp = {
        teamId: body.team_id,
        userId: message.user,
        channelId: message.channel,
        ts: message.ts,
        threadTs: message.thread_ts && message.thread_ts !== message.ts ? message.thread_ts : null,
        eventId: body.event_id,
        text: text === '' ? 'help' : text,
        inDm: true,
      };
      await oncePerEvent(deps, client, said, async (respond) => {
        // In the assistant panel's thread: the panel shows the app is on it, and the thread gets a title.
        await beginAssistantTurn(deps, client, said);
        await runSaid(deps, client, verbs, said, respond);
      });
    };
}
