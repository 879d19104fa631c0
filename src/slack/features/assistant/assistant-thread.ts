/**
 * `assistant_thread_started`: the thread is remembered (so its messages get a status and a title)
 * and offered the suggested prompts. `assistant_thread_context_changed`: the channel in view kept.
 * Shapes per docs.slack.dev/ai/developing-agents; each event acted on once across Slack's retries.
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { createAssistantThreads } from '../../../store/repositories/assistant-threads.ts';
import type { AppDeps } from '../../deps.ts';
import { once } from '../../kit/once.ts';
import { ASSISTANT_PROMPTS, ASSISTANT_PROMPTS_TITLE } from './assistant-prompts.ts';

type Started = SlackEventMiddlewareArgs<'assistant_thread_started'> & AllMiddlewareArgs;
type Changed = SlackEventMiddlewareArgs<'assistant_thread_context_changed'> & AllMiddlewareArgs;

export function threadStartedHandler(deps: AppDeps) {
  return async ({ event, body, client }: Started) => {
    const thread = event.assistant_thread;
    const teamId = body.team_id;
    const origin = { purpose: 'assistant-thread', kind: 'event', teamId, eventId: body.event_id } as const;
    await once(deps.idempotency, origin, async () => {
      await createAssistantThreads(deps.store).save(teamId, thread.channel_id, thread.thread_ts, {
        userId: thread.user_id,
        contextChannelId: thread.context?.channel_id ?? null,
        titled: false,
      });
      await client.assistant.threads
        .setSuggestedPrompts({
          channel_id: thread.channel_id,
          thread_ts: thread.thread_ts,
          title: ASSISTANT_PROMPTS_TITLE,
          prompts: ASSISTANT_PROMPTS.map((p) => ({ title: p.title, message: p.message })) as never,
        })
        .catch((error: unknown) => deps.logger.info({ err: error }, 'suggested prompts could not be set'));
      return true;
    });
  };
}

export function contextChangedHandler(deps: AppDeps) {
  return async ({ event, body }: Changed) => {
    const thread = event.assistant_thread;
    const threads = createAssistantThreads(deps.store);
    const known = await threads.get(body.team_id, thread.channel_id, thread.thread_ts);
    await threads.save(body.team_id, thread.channel_id, thread.thread_ts, {
      userId: thread.user_id,
      titled: known?.titled ?? false,
      contextChannelId: thread.context?.channel_id ?? null,
    });
  };
}
