/** Prev / next on a task list: the same list, another page, in place of the old one. */
import { buttonHandler } from '../../kit/team-action.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { decodeListPage } from '../../ui/values.ts';
import { projectTasksPage } from './list-command.ts';
import { myTasksPage } from './mine-command.ts';

export const listPagingHandler = buttonHandler(async (ctx) => {
  const { deps, client, teamId, userId, respond } = ctx;
  const page = decodeListPage(ctx.value ?? '');
  if (!page) {
    await respond({
      response_type: 'ephemeral',
      replace_original: false,
      text: ':warning: That list is out of date. Run the command again.',
    });
    return;
  }
  const q = { teamId, userId, page: page.page, status: page.status };
  let message: RenderedMessage;
  if (page.view === 'project' && page.projectId !== null) {
    const project = await (await ctx.api()).projects.get(page.projectId);
    message = await projectTasksPage(deps, client, { ...q, project: { id: project.id, name: project.name } });
  } else {
    message = await myTasksPage(deps, client, q);
  }
  await respond({ replace_original: true, ...message });
}, 'list paging');
