/**
 * Choosing a project in the create form: the form is redrawn with that project's statuses, keeping
 * everything typed so far (Slack keeps input values across views.update when block ids stay).
 */
import type {
  AllMiddlewareArgs,
  BlockAction,
  ExternalSelectAction,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import type { ProjectStatusDef } from '../../../contract/index.ts';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { renderCreateTaskView } from './create-task-modal.ts';

export function createFormProjectHandler(deps: AppDeps) {
  return async ({
    ack,
    body,
    action,
    client,
  }: SlackActionMiddlewareArgs<BlockAction<ExternalSelectAction>> & AllMiddlewareArgs) => {
    await ack();
    const view = body.view;
    const chosen = action.selected_option;
    if (!view || !chosen) return;
    const teamId = personOf(body).teamId;
    const api = await deps.workApi.clientFor(teamId);
    if (!api) return;
    let statuses: ProjectStatusDef[] | undefined;
    try {
      statuses = (await api.projects.statuses(Number(chosen.value))) as ProjectStatusDef[];
    } catch (error) {
      // Without statuses the form still works: the service uses the project's first status.
      deps.logger.warn({ err: error }, 'could not load the project statuses');
      return;
    }
    const timeZone = await deps.profiles.timeZone(client, teamId, body.user.id);
    await client.views
      .update({
        view_id: view.id,
        hash: view.hash,
        view: renderCreateTaskView({
          privateMetadata: view.private_metadata,
          project: { id: Number(chosen.value), name: chosen.text.text },
          statuses,
          timeZone,
        }),
      })
      .catch((error: unknown) =>
        deps.logger.info({ err: error }, 'the create form changed meanwhile; statuses not added'),
      );
  };
}
