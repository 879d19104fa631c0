/**
 * `/task`: acknowledge at once (Slack allows 3 s), parse, and hand the intent to its verb. Help and
 * parse errors are answered in the ack itself, since they need nothing else.
 */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { VerbName } from '../commands/intents.ts';
import { parseTaskCommand } from '../commands/parse.ts';
import type { AppDeps } from '../deps.ts';
import type { CommandContext } from '../kit/command-context.ts';
import { reportFailure } from '../kit/report-failure.ts';
import { commandErrorMessage } from '../ui/messages/errors.ts';
import { renderHelp } from '../ui/messages/help.ts';
import { VERB_HANDLERS } from './verbs.ts';

/** Verbs this app answers; help lists exactly these. */
export const ENABLED_VERBS: VerbName[] = ['help', ...(Object.keys(VERB_HANDLERS) as VerbName[])];

export function taskCommandHandler(deps: AppDeps) {
  return async ({ command, ack, respond, client }: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => {
    const parsed = parseTaskCommand(command.text ?? '', { enabled: ENABLED_VERBS });
    if (parsed.kind === 'error') {
      await ack({ response_type: 'ephemeral', ...commandErrorMessage(parsed, { enabled: ENABLED_VERBS }) });
      return;
    }
    if (parsed.verb === 'help') {
      await ack({
        response_type: 'ephemeral',
        ...renderHelp({ enabled: ENABLED_VERBS, topic: parsed.topic }),
      });
      return;
    }
    await ack();
    const ctx: CommandContext = {
      deps,
      command,
      client,
      respond,
      teamId: command.team_id,
      userId: command.user_id,
      channelId: command.channel_id,
      triggerId: command.trigger_id,
    };
    const handler = VERB_HANDLERS[parsed.verb];
    if (!handler) {
      await respond({ response_type: 'ephemeral', ...renderHelp({ enabled: ENABLED_VERBS }) });
      return;
    }
    try {
      // The table pairs each verb with its own intent type; TypeScript cannot follow that through the index.
      await handler(ctx, parsed as never);
    } catch (error) {
      await reportFailure(ctx, error);
    }
  };
}
