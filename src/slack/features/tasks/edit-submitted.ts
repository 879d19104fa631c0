/**
 * Saving the edit form. Field problems are answered in the ack. Then the task is read again: a
 * field the person changed that someone else also changed meanwhile is shown under that field
 * with its value now (`response_action: errors`) instead of being overwritten; saving again keeps
 * the person's value. Fields only someone else changed keep their change, since only what the
 * person changed is sent. The save runs once per form and task version, so a double submit or a
 * Slack retry cannot save twice; the card is then redrawn where it was.
 */
import type { TaskRecord } from '../../../api/index.ts';
import { NotFoundError, type WorkApiClient } from '../../../api/index.ts';
import type { ProjectStatusDef, UpdateTaskBody } from '../../../contract/index.ts';
import type { AppDeps } from '../../deps.ts';
import { type FormArgs, formContext } from '../../kit/form-context.ts';
import { once } from '../../kit/once.ts';
import { noteFailure } from '../../kit/report-failure.ts';
import { slackUsersByMember } from '../../services/resolve-people.ts';
import { resolveSlackUsers } from '../../services/resolve-slack-users.ts';
import { taskCardModel } from '../../services/task-card-model.ts';
import { projectStatuses } from '../../services/task-changes.ts';
import { describeTaskFailure, describeTaskRefusal } from '../../services/task-refusal.ts';
import { EDIT_TASK_FIELDS, VIEWS } from '../../ui/ids.ts';
import { editedNotice } from '../../ui/messages/task-notice.ts';
import { renderProblemView } from '../../ui/modals/loading.ts';
import { conflictErrors, planTaskEdit } from './edit-task-changes.ts';
import { type EditTaskMetadata, fromEditPayload } from './edit-task-metadata.ts';
import { type EditTaskSubmission, readEditTaskSubmission } from './edit-task-submission.ts';
import { type EditField, taskFormValues } from './edit-task-values.ts';
import { presentTaskOutcome, surfaceOfLocation } from './task-surface.ts';

/** The re-read must leave room in Slack's 3 s for the answer. */
const CHECK_BUDGET_MS = 2_000;
/** How long a form's "you saw the conflict" mark and its save claim last. */
const EDIT_TTL_MS = 30 * 60_000;

const FIELD_NAMES: Readonly<Record<EditField, string>> = {
  title: 'title',
  description: 'description',
  assignees: 'assignees',
  due: 'due date',
  priority: 'priority',
  status: 'status',
};

export function editTaskSubmittedHandler(deps: AppDeps) {
  return async (args: FormArgs) => {
    const ctx = formContext(deps, args);
    const { ack, view, client, teamId, userId } = ctx;
    const titleBlock = EDIT_TASK_FIELDS.title.block;
    const meta = openMetadata(deps, view.private_metadata);
    if (!meta || meta.teamId !== teamId || meta.userId !== userId) {
      await ack({
        response_action: 'errors',
        errors: { [titleBlock]: 'This form is out of date or not yours. Close it and open it again.' },
      });
      return;
    }
    const read = readEditTaskSubmission(view.state.values, meta.timeZone);
    if (!read.ok) {
      await ack({ response_action: 'errors', errors: read.errors });
      return;
    }
    let api: WorkApiClient;
    let current: TaskRecord;
    try {
      api = await ctx.api();
      current = await api.tasks.get(meta.taskId, { signal: AbortSignal.timeout(CHECK_BUDGET_MS) });
    } catch (error) {
      const why = describeTaskFailure(error, meta.taskId);
      if (error instanceof NotFoundError) {
        await ack({ response_action: 'update', view: renderProblemView('Edit task', why, VIEWS.editTask) });
        await presentTaskOutcome(deps, client, { teamId, userId }, surfaceOfLocation(meta.location), {
          gone: { taskId: meta.taskId, title: meta.title },
        });
        return;
      }
      await ack({ response_action: 'errors', errors: { [titleBlock]: plain(why) } });
      return;
    }
    // The task in the terms the form showed it: links, and the people it found by email.
    const slackUserIds = new Map([...meta.byEmail, ...(await slackUsersByMember(deps, teamId))]);
    const now = taskFormValues(current, meta.timeZone, slackUserIds);
    const seenKey = `edit-task-seen:${teamId}:${view.id}`;
    const seen = await deps.store.get<string>(seenKey);
    const plan = planTaskEdit({
      shown: meta.hashes,
      current: now,
      submitted: read.value.values,
      overrideConflicts: seen === current.updated_at,
    });
    if (plan.conflicts.length > 0) {
      await deps.store.set(seenKey, current.updated_at, EDIT_TTL_MS);
      const statuses = await statusesOf(api, current.project_id);
      await ack({
        response_action: 'errors',
        errors: conflictErrors(plan.conflicts, current, meta.timeZone, statuses),
      });
      return;
    }
    let assigneeIds: number[] | undefined;
    if (plan.save.includes('assignees')) {
      const people = await resolveSlackUsers(read.value.assigneeSlackUserIds, {
        deps,
        api,
        client,
        teamId,
        userId,
        projectId: current.project_id,
      });
      if (people.unresolved.length > 0) {
        const names = await Promise.all(
          people.unresolved.map(async (u) => {
            const id = /^<@([A-Z0-9]+)>$/.exec(u.label)?.[1];
            const profile = id
              ? await deps.profiles.get(client, teamId, id).catch(() => undefined)
              : undefined;
            return profile?.realName ?? profile?.name ?? u.label;
          }),
        );
        await ack({
          response_action: 'errors',
          errors: {
            [EDIT_TASK_FIELDS.assignees.block]:
              `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} no account in this project yet, so cannot be assigned. They can link theirs with /task link.`,
          },
        });
        return;
      }
      // Assignees the picker could not show stay assigned while ticked (and those past the boxes, always).
      const kept = read.value.keptMemberIds.filter((id) => current.assignees.some((m) => m.id === id));
      assigneeIds = [
        ...new Set([...people.members.map((m) => m.id), ...kept, ...now.alwaysKept.map((m) => m.id)]),
      ];
    }
    await ack();
    if (plan.save.length === 0) return;
    const update = updateBody(plan.save, read.value, assigneeIds);
    const surface = surfaceOfLocation(meta.location);
    try {
      const saved = await once(
        deps.idempotency,
        { purpose: 'edit-task', kind: 'view', teamId, viewId: view.id, revision: current.updated_at },
        async () => await api.tasks.update(meta.taskId, update),
      );
      if (saved.state !== 'ran') return;
      const model = await taskCardModel(deps, client, api, { teamId, userId, task: saved.value });
      model.notice = editedNotice({
        actorSlackUserId: userId,
        fields: plan.save.map((f) => FIELD_NAMES[f]),
        title: surface.kind === 'home' ? saved.value.title : null,
      });
      await presentTaskOutcome(deps, client, { teamId, userId }, surface, { card: model });
    } catch (error) {
      const { text } = noteFailure(deps, error, {
        what: 'saving the edit form',
        describe: (e) => describeTaskRefusal(e, meta.taskId),
      });
      await presentTaskOutcome(deps, client, { teamId, userId }, surface, {
        ...(error instanceof NotFoundError ? { gone: { taskId: meta.taskId, title: meta.title } } : {}),
        note: `Your changes to task #${meta.taskId} were not saved. ${text}`,
      });
    }
  };
}

function openMetadata(deps: AppDeps, text: string | undefined): EditTaskMetadata | null {
  try {
    return fromEditPayload(deps.metadata.open(text));
  } catch {
    return null;
  }
}

/** Only what the person changed: the rest keeps whatever it is now. */
function updateBody(
  fields: readonly EditField[],
  s: EditTaskSubmission,
  assigneeIds: number[] | undefined,
): UpdateTaskBody {
  const body: UpdateTaskBody = {};
  for (const field of fields) {
    if (field === 'title') body.title = s.title;
    if (field === 'description') body.description = s.description;
    if (field === 'assignees' && assigneeIds) body.assignee_ids = [...new Set(assigneeIds)];
    if (field === 'due') body.due_date = s.due ? s.due.toISOString() : null;
    if (field === 'priority' && s.priority) body.priority = s.priority;
    if (field === 'status' && s.statusId !== null) body.status_id = s.statusId;
  }
  return body;
}

async function statusesOf(
  api: WorkApiClient,
  projectId: number | null,
): Promise<ProjectStatusDef[] | undefined> {
  return projectStatuses(api, projectId).catch(() => undefined);
}

/** Form errors are plain text: drop the emoji codes of the mrkdwn line. */
function plain(text: string): string {
  return text.replace(/:[a-z_]+:\s*/g, '').replace(/[*`]/g, '');
}
