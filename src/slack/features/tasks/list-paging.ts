/** Prev / next on a task list: the same list, another page, in place of the old one. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { reportFailure } from '../../kit/report-failure.ts';
import { requireApi } from '../../kit/require-api.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { decodeListPage } from '../../ui/values.ts';
import { projectTasksPage } from './list-command.ts';
import { myTasksPage } from './mine-command.ts';

export function listPagingHandler(deps: AppDeps) {
  return async ({
    ack,
    body,
    action,
    respond,
    client,
  }: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs) => {
    await ack();
    const teamId = personOf(body).teamId;
    const page = decodeListPage(action.value ?? '');
    if (!page) {
      await respond({
        response_type: 'ephemeral',
        replace_original: false,
        text: ':warning: That list is out of date. Run the command again.',
      });
      return;
    }
    try {
      const q = { teamId, userId: body.user.id, page: page.page, status: page.status };
      let message: RenderedMessage;
      if (page.view === 'project' && page.projectId !== null) {
        const project = await (await requireApi(deps, teamId)).projects.get(page.projectId);
        message = await projectTasksPage(deps, client, {
          ...q,
          project: { id: project.id, name: project.name },
        });
      } else {
        message = await myTasksPage(deps, client, q);
      }
      await respond({ replace_original: true, ...message });
    } catch (error) {
      await reportFailure(deps, { respond: respond }, error);
    }
  };
}
