/**
 * Dynamic options for the steps' inputs in Workflow Builder: the service's active projects (Create
 * a task's project) and its statuses by name (Set a task's status), read through the workspace's
 * connection when an author sets a step up. Listing names acts as nobody, so no link is needed;
 * each run still checks the value it is given against the service, with a message that lists the
 * choices. Slack's shape: an `options` output of type `slack#/types/options_select`, completed
 * before the ack (`autoAcknowledge: false`).
 */

import type { AppDeps } from '../../deps.ts';
import { activeProjects } from '../../services/resolve-project.ts';
import { projectStatuses } from '../../services/task-changes.ts';

/** Slack's limit on a select's options. */
const MAX_OPTIONS = 100;

interface OptionArgs {
  body: { team_id?: string };
  ack(): Promise<void>;
  complete(args: { outputs: { options: unknown[] } }): Promise<unknown>;
  fail(args: { error: string }): Promise<unknown>;
}

const option = (name: string) => ({ text: { type: 'plain_text', text: name.slice(0, 75) }, value: name });

function optionStep(title: string, names: (deps: AppDeps, teamId: string) => Promise<string[]>) {
  return (deps: AppDeps) =>
    async ({ body, ack, complete, fail }: OptionArgs): Promise<void> => {
      try {
        const list = [...new Set(await names(deps, body.team_id ?? ''))].slice(0, MAX_OPTIONS);
        await complete({ outputs: { options: list.map(option) } });
      } catch (error) {
        deps.logger.info({ err: error, step: title }, 'dynamic options could not be listed');
        await fail({ error: `${title}: the service could not be read. Type the name instead.` }).catch(
          () => undefined,
        );
      } finally {
        await ack();
      }
    };
}

async function connected(deps: AppDeps, teamId: string) {
  const api = await deps.workApi.clientFor(teamId);
  if (!api) throw new Error('not connected');
  return api;
}

export const listProjectsStep = optionStep('Projects', async (deps, teamId) =>
  (await activeProjects(await connected(deps, teamId), true)).map((p) => p.name),
);

export const listStatusesStep = optionStep('Statuses', async (deps, teamId) => {
  const api = await connected(deps, teamId);
  const names: string[] = [];
  for (const project of await activeProjects(api, true)) {
    for (const status of await projectStatuses(api, project.id).catch(() => [])) names.push(status.name);
  }
  return names;
});
