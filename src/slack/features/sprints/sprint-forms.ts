/**
 * The sprint forms: planning a sprint, and the dates a sprint needs to start. Both open with a
 * loading view (the trigger lasts 3 s) and are filled once the service has answered.
 */
import type { WebClient } from '@slack/web-api';
import { toLocalDateString } from '../../../lib/dates.ts';
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { ProjectRef } from '../../commands/intents.ts';
import type { AppDeps } from '../../deps.ts';
import { type FormOpener, openTeamModal } from '../../kit/open-team-modal.ts';
import { requireApi } from '../../kit/require-api.ts';
import { teamFormHandler } from '../../kit/team-form.ts';
import { sealTeamForm } from '../../kit/team-form-metadata.ts';
import { isChannelId } from '../../kit/tell-person.ts';
import { actorFor } from '../../services/permissions.ts';
import { activeProjects, resolveProject } from '../../services/resolve-project.ts';
import { TEAM_VIEWS } from '../../ui/ids.ts';
import { projectProblemMessage } from '../../ui/messages/project-problem.ts';
import {
  readNewSprintForm,
  readStartDatesForm,
  renderNewSprintForm,
  renderStartDatesForm,
} from './sprint-form-views.ts';
import {
  SPRINT_GONE,
  sprintByIds,
  sprintCardMessage,
  sprintWriteRefusal,
  startPostedNote,
  startSprintByIds,
} from './sprint-messages.ts';

export async function openNewSprintForm(
  deps: AppDeps,
  client: WebClient,
  q: FormOpener & { project: ProjectRef | null; name: string | null },
): Promise<void> {
  const request = {
    triggerId: q.triggerId,
    title: 'Plan a sprint',
    callbackId: TEAM_VIEWS.sprintNew,
    loading: 'Looking up your projects…',
  };
  await openTeamModal(deps, client, request, async () => {
    const api = await requireApi(deps, q.teamId);
    const resolution = await resolveProject(deps, api, q.project, {
      teamId: q.teamId,
      channelId: q.channelId ?? '',
    });
    if (resolution.kind === 'not_found')
      return { problem: projectProblemMessage(resolution, 'sprint new').text };
    const project = resolution.kind === 'found' ? resolution.project : null;
    if (project) {
      const actor = await actorFor(deps, client, q.teamId, q.userId);
      const refusal = await sprintWriteRefusal(api, actor, project, 'plan sprints');
      if (refusal) return { problem: refusal.text };
    }
    const projects = project ? [] : (await activeProjects(api)).map((p) => ({ id: p.id, name: p.name }));
    return {
      view: renderNewSprintForm({
        privateMetadata: sealTeamForm(deps, 'sprintNew', { p: project?.id ?? null, c: q.channelId }),
        project,
        projects,
        initialName: q.name,
      }),
    };
  });
}

export async function openStartDatesForm(
  deps: AppDeps,
  client: WebClient,
  q: FormOpener & { sprintId: number; projectId: number },
): Promise<void> {
  const request = {
    triggerId: q.triggerId,
    title: 'Start the sprint',
    callbackId: TEAM_VIEWS.sprintStartDates,
    loading: 'Looking up the sprint…',
  };
  await openTeamModal(deps, client, request, async () => {
    const api = await requireApi(deps, q.teamId);
    const found = await sprintByIds(api, q.sprintId, q.projectId);
    if (!found) return { problem: SPRINT_GONE.text };
    const timeZone = await deps.profiles.timeZone(client, q.teamId, q.userId);
    return {
      view: renderStartDatesForm({
        privateMetadata: sealTeamForm(deps, 'sprintStartDates', {
          s: q.sprintId,
          p: q.projectId,
          c: q.channelId,
        }),
        sprintName: found.sprint.name,
        projectName: found.project.name,
        startDate: found.sprint.start_date ?? toLocalDateString(deps.clock.now(), timeZone),
        endDate: found.sprint.end_date,
      }),
    };
  });
}

export const newSprintSubmittedHandler = teamFormHandler({
  kind: 'sprintNew',
  read: (values, meta) => readNewSprintForm(values, meta.p === null),
  run: async (ctx, value) => {
    const api = await ctx.api();
    const projectId = ctx.meta.p ?? value.projectId;
    if (projectId === null) throw new Error('a sprint form without a project');
    const record = await api.projects.get(projectId);
    const project = { id: record.id, name: record.name };
    const actor = await actorFor(ctx.deps, ctx.client, ctx.teamId, ctx.userId);
    const refusal = await sprintWriteRefusal(api, actor, project, 'plan sprints');
    if (refusal) return refusal;
    const sprint = await api.sprints.create({
      project_id: project.id,
      name: value.name,
      ...(value.goal ? { goal: value.goal } : {}),
      ...(value.startDate ? { start_date: value.startDate } : {}),
      ...(value.endDate ? { end_date: value.endDate } : {}),
    });
    return sprintCardMessage(ctx.deps, api, ctx.client, {
      teamId: ctx.teamId,
      userId: ctx.userId,
      sprint,
      projectName: project.name,
      notice: `:spiral_calendar_pad: Planned *${escapeWithin(sprint.name, 200)}* in *${escapeWithin(project.name, 200)}*.`,
    });
  },
});

export const startDatesSubmittedHandler = teamFormHandler({
  kind: 'sprintStartDates',
  read: (values) => readStartDatesForm(values),
  run: async (ctx, value) => {
    const { message, started } = await startSprintByIds(ctx.deps, ctx.client, {
      teamId: ctx.teamId,
      userId: ctx.userId,
      sprintId: ctx.meta.s,
      projectId: ctx.meta.p,
      body: { ...(value.startDate ? { start_date: value.startDate } : {}), end_date: value.endDate },
    });
    // Started from a channel: the card is posted there for everyone, the starter told so; where
    // the app cannot post, the starter alone gets the card.
    const channel = ctx.to.channelId;
    if (started === null || !isChannelId(channel)) return message;
    try {
      await ctx.client.chat.postMessage({ channel, text: message.text, blocks: message.blocks });
      return startPostedNote(started);
    } catch (error) {
      ctx.deps.logger.info({ err: error }, 'a sprint start could not be posted in the channel');
      return message;
    }
  },
});
