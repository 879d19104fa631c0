/**
 * `/task automations [#Project]` lists rules (every project's when none is named or set for the
 * channel); `automations new` opens the form. Creating and switching rules is for project admins.
 */
import type { WebClient } from '@slack/web-api';
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { AutomationsIntent, ProjectRef } from '../../commands/intents.ts';
import type { AppDeps } from '../../deps.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { openTeamModal } from '../../kit/open-team-modal.ts';
import { requireApi } from '../../kit/require-api.ts';
import { teamFormHandler } from '../../kit/team-form.ts';
import { sealTeamForm } from '../../kit/team-form-metadata.ts';
import { projectForCommand } from '../../services/command-project.ts';
import { actorFor, mayManageProject } from '../../services/permissions.ts';
import { activeProjects, channelDefaultProject, resolveProject } from '../../services/resolve-project.ts';
import { TEAM_VIEWS } from '../../ui/ids.ts';
import { projectProblemMessage } from '../../ui/messages/project-problem.ts';
import { refusalFor, refusalText, renderRefusal } from '../../ui/team/refusal.ts';
import { readAutomationForm, renderAutomationForm } from './automation-form.ts';
import { automationListMessage } from './automation-messages.ts';

async function openAutomationForm(
  deps: AppDeps,
  client: WebClient,
  q: { triggerId: string; teamId: string; userId: string; channelId: string; project: ProjectRef | null },
): Promise<void> {
  const request = {
    triggerId: q.triggerId,
    title: 'New automation',
    callbackId: TEAM_VIEWS.automationForm,
    loading: 'Looking up your projects…',
  };
  await openTeamModal(deps, client, request, async () => {
    const api = await requireApi(deps, q.teamId);
    const actor = await actorFor(deps, client, q.teamId, q.userId);
    const resolution = await resolveProject(deps, api, q.project, q);
    if (resolution.kind === 'not_found')
      return { problem: projectProblemMessage(resolution, 'automations new').text };
    if (resolution.kind === 'found') {
      const permission = await mayManageProject(api, actor, resolution.project);
      if (!permission.allowed) {
        return {
          problem: refusalText(
            refusalFor(`You can't add automations to ${resolution.project.name}.`, permission),
          ),
        };
      }
    }
    const project = resolution.kind === 'found' ? resolution.project : null;
    const projects = [];
    if (!project) {
      for (const p of await activeProjects(api))
        if ((await mayManageProject(api, actor, p)).allowed) projects.push(p);
      if (projects.length === 0) {
        return {
          problem: refusalText({
            what: "You can't add automations.",
            why: 'Project admins (and Slack workspace admins) add automation rules, and you administer no project.',
            next: actor.member ? 'Ask a project admin.' : 'Link your account with `/task link` first.',
          }),
        };
      }
    }
    return {
      view: renderAutomationForm({
        privateMetadata: sealTeamForm(deps, 'automationForm', { p: project?.id ?? null, c: q.channelId }),
        project,
        projects: projects.map((p) => ({ id: p.id, name: p.name })),
      }),
    };
  });
}

export async function automationsHandler(ctx: CommandContext, intent: AutomationsIntent): Promise<void> {
  if (intent.action === 'new') {
    await openAutomationForm(ctx.deps, ctx.client, { ...ctx, project: intent.project });
    return;
  }
  const api = await ctx.api();
  const project = intent.project
    ? await projectForCommand(ctx, api, intent.project, 'automations')
    : await channelDefaultProject(ctx.deps, ctx.teamId, ctx.channelId);
  if (intent.project && !project) return;
  const message = await automationListMessage(ctx.deps, api, { ...ctx, projectId: project?.id ?? null });
  await ctx.respond({ response_type: 'ephemeral', ...message });
}

export const automationFormSubmittedHandler = teamFormHandler({
  kind: 'automationForm',
  read: (values, meta) => readAutomationForm(values, meta.p === null),
  run: async (ctx, value) => {
    const api = await ctx.api();
    const projectId = ctx.meta.p ?? value.projectId;
    if (projectId === null) throw new Error('an automation form without a project');
    const project = await api.projects.get(projectId);
    const actor = await actorFor(ctx.deps, ctx.client, ctx.teamId, ctx.userId);
    const permission = await mayManageProject(api, actor, project);
    if (!permission.allowed) {
      return renderRefusal(refusalFor(`You can't add automations to ${project.name}.`, permission));
    }
    const created = await api.automations.create({
      project_id: project.id,
      name: value.name,
      trigger: { type: value.trigger },
      actions: [value.action],
    });
    return automationListMessage(ctx.deps, api, {
      client: ctx.client,
      teamId: ctx.teamId,
      userId: ctx.userId,
      projectId: project.id,
      notice: `:white_check_mark: <@${ctx.userId}> added *${escapeWithin(created.name, 200)}*.`,
    });
  },
});
