/** Project buttons: New project…, the row menu (Edit…, Archive…), and the archive confirm. */
import type { AppDeps } from '../../deps.ts';
import { once } from '../../kit/once.ts';
import { requireApi } from '../../kit/require-api.ts';
import { type ActionArgs, actionContext, staleButton } from '../../kit/team-action.ts';
import { decodeProjectMenu, decodeRef } from '../../ui/team/values.ts';
import { openEditProjectForm, openNewProjectForm } from './project-forms.ts';
import { renderProjectSaved } from './project-messages.ts';
import { archiveConfirmOrRefusal, archiveRefusal } from './projects-command.ts';

export function projectNewHandler(deps: AppDeps) {
  return async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    try {
      await openNewProjectForm(deps, ctx.client, ctx);
    } catch (error) {
      await ctx.fail(error);
    }
  };
}

export function projectMenuHandler(deps: AppDeps) {
  return async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    const chosen = decodeProjectMenu(ctx.value);
    if (!chosen) {
      await staleButton(ctx);
      return;
    }
    try {
      if (chosen.choice === 'edit') {
        await openEditProjectForm(deps, ctx.client, { ...ctx, project: { id: chosen.projectId } });
        return;
      }
      const api = await requireApi(deps, ctx.teamId);
      const project = await api.projects.get(chosen.projectId);
      const message = await archiveConfirmOrRefusal(deps, api, ctx, project);
      await ctx.respond({ response_type: 'ephemeral', replace_original: false, ...message });
    } catch (error) {
      await ctx.fail(error);
    }
  };
}

export function projectConfirmArchiveHandler(deps: AppDeps) {
  return async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    const ids = decodeRef('project', ctx.value);
    if (!ids) {
      await staleButton(ctx);
      return;
    }
    const projectId = ids[0]!;
    try {
      const origin = {
        purpose: 'project-archive',
        kind: 'message',
        teamId: ctx.teamId,
        subject: String(projectId),
        messageTs: ctx.messageTs,
        triggerId: ctx.triggerId,
      } as const;
      const outcome = await once(deps.idempotency, origin, async () => {
        const api = await requireApi(deps, ctx.teamId);
        const project = await api.projects.get(projectId);
        const refusal = await archiveRefusal(deps, api, ctx, project);
        if (refusal) return refusal;
        const archived = await api.projects.archive(project.id);
        return renderProjectSaved({ project: archived, userId: ctx.userId, change: 'archived' });
      });
      if (outcome.state !== 'ran') return;
      await ctx.respond({ response_type: 'ephemeral', replace_original: true, ...outcome.value });
    } catch (error) {
      await ctx.fail(error);
    }
  };
}
