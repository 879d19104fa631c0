/**
 * `/task`: acknowledge at once (Slack allows 3 s), parse, and hand the intent to its verb. Help and
 * parse errors are answered in the ack itself, since they need nothing else.
 */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { VerbName } from '../commands/intents.ts';
import { parseTaskCommand } from '../commands/parse.ts';
import type { AppDeps } from '../deps.ts';
import { commandContext } from '../kit/command-context.ts';
import { activeProjects } from '../services/resolve-project.ts';
import { withinBudget } from '../services/within-budget.ts';
import { commandErrorMessage } from '../ui/messages/errors.ts';
import { renderHelp } from '../ui/messages/help.ts';
import type { RouteTables } from './merge-routes.ts';

/** A bare `#Word` followed by another word: perhaps a project name with spaces (`#Mobile App`). */
const MAYBE_SPACED_PROJECT = /(?:^|\s)#[^\s"“”<]+\s+[^\s@#!<"“”]/;
/** The ack must leave within 3 s: a slow service leaves the names unknown, not the person waiting. */
const PROJECT_NAMES_BUDGET_MS = 1_200;

/** The active projects' names when the text may name one with spaces (the client caches the list). */
export async function projectNamesFor(
  deps: AppDeps,
  teamId: string,
  text: string,
): Promise<string[] | undefined> {
  if (!MAYBE_SPACED_PROJECT.test(text)) return undefined;
  const work = (async () => {
    const api = await deps.workApi.clientFor(teamId);
    return api ? (await activeProjects(api)).map((p) => p.name) : undefined;
  })();
  return withinBudget(work, PROJECT_NAMES_BUDGET_MS, deps.clock);
}

type Parsed = ReturnType<typeof parseTaskCommand>;

/**
 * Each command's reading without project names, made once for `answeredByText` and the handler
 * (a text that may name a spaced project is read again with the names).
 */
const readings = new WeakMap<object, Parsed>();

function enabledVerbs(verbs: RouteTables['verbs']): VerbName[] {
  return ['help', ...verbs.keys()];
}

/**
 * Whether the text alone answers the command (help, a parse error): such a command needs no store
 * and no service, and is answered in its ack whatever else is down.
 */
export function answeredByText(verbs: RouteTables['verbs']) {
  const enabled = enabledVerbs(verbs);
  return (command: { text?: string }): boolean => {
    const text = command.text ?? '';
    if (MAYBE_SPACED_PROJECT.test(text)) return false;
    const parsed = parseTaskCommand(text, { enabled });
    readings.set(command, parsed);
    return parsed.kind === 'error' || parsed.verb === 'help';
  };
}

/** `/task` over the verbs the features declare; help lists exactly those. */
export function taskCommand(verbs: RouteTables['verbs']) {
  const enabled = enabledVerbs(verbs);
  return (deps: AppDeps) =>
    async ({ command, ack, respond, client }: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => {
      const text = command.text ?? '';
      const read = readings.get(command);
      const parsed =
        read ??
        parseTaskCommand(text, { enabled, projectNames: await projectNamesFor(deps, command.team_id, text) });
      if (parsed.kind === 'error') {
        await ack({ response_type: 'ephemeral', ...commandErrorMessage(parsed, { enabled: enabled }) });
        return;
      }
      if (parsed.verb === 'help') {
        await ack({
          response_type: 'ephemeral',
          ...renderHelp({ enabled: enabled, topic: parsed.topic }),
        });
        return;
      }
      await ack();
      const ctx = commandContext(deps, { command, client, respond });
      const handler = verbs.get(parsed.verb);
      if (!handler) {
        await respond({ response_type: 'ephemeral', ...renderHelp({ enabled: enabled }) });
        return;
      }
      try {
        // The table pairs each verb with its own intent type; TypeScript cannot follow that through the map.
        await handler(ctx, parsed as never);
      } catch (error) {
        await ctx.fail(error);
      }
    };
}
