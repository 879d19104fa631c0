/**
 * A person's message in the app's assistant thread (Slack's side panel) runs the DM's grammar
 * (`router/conversation.ts`); before the answer, the panel shows that the app is on it
 * (`assistant.threads.setStatus`, cleared by Slack when the answer is posted) and, on the first
 * message, the thread gets its title from the person's words (`setTitle`). Nothing here is a
 * language model: the words are the `/task` verbs.
 */
import type { WebClient } from '@slack/web-api';
import { createAssistantThreads } from '../../store/repositories/assistant-threads.ts';
import type { AppDeps } from '../deps.ts';

const TITLE_MAX = 60;

/** True when the message was in an assistant thread (its status and title set, best effort). */
export async function beginAssistantTurn(
  deps: AppDeps,
  client: WebClient,
  said: { teamId: string; channelId: string; threadTs: string | null; text: string },
): Promise<boolean> {
  if (!said.threadTs) return false;
  const threads = createAssistantThreads(deps.store);
  const thread = await threads.get(said.teamId, said.channelId, said.threadTs);
  if (!thread) return false;
  const where = { channel_id: said.channelId, thread_ts: said.threadTs };
  try {
    await client.assistant.threads.setStatus({ ...where, status: 'is working on it…' });
    if (!thread.titled) {
      const words = said.text.trim();
      const title = words.length > TITLE_MAX ? `${words.slice(0, TITLE_MAX - 1)}…` : words;
      await client.assistant.threads.setTitle({ ...where, title: title || 'Taskbridge' });
      await threads.save(said.teamId, said.channelId, said.threadTs, { ...thread, titled: true });
    }
  } catch (error) {
    // The panel's extras only: the answer itself still goes.
    deps.logger.info({ err: error }, 'the assistant thread’s status or title could not be set');
  }
  return true;
}
