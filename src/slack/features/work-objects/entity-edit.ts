/**
 * Edits saved in a task's flexpane (a view_submission of type `entity_detail`): status, assignee,
 * due date and priority, each sent to the service with a PUT through the same task changes the card
 * buttons make (`services/task-changes.ts`), as the person, once per submission. The flexpane is
 * then presented again from the saved task, or with the refusal in its place.
 */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs } from '@slack/bolt';
import type { TaskRecord, WorkApiClient } from '../../../api/index.ts';
import { PRIORITIES, type Priority } from '../../../contract/index.ts';
import { fromLocalDateTime } from '../../../lib/dates.ts';
import type { AppDeps } from '../../deps.ts';
import { once } from '../../kit/once.ts';
import { personOf } from '../../kit/person.ts';
import { noteFailure } from '../../kit/report-failure.ts';
import { resolveSlackUsers } from '../../services/resolve-slack-users.ts';
import { changeTask, setTaskAssignees, setTaskStatus } from '../../services/task-changes.ts';
import { describeTaskRefusal, TaskRefusal } from '../../services/task-refusal.ts';
import { presentDetailsError, presentTaskDetails } from './flexpane.ts';
import { editRefusal, taskIdOfEntity } from './task-of-entity.ts';

type Args = SlackViewMiddlewareArgs & AllMiddlewareArgs;

interface EntityDetailView {
  id: string;
  entity_url?: string;
  external_ref?: { id?: string; type?: string };
  state?: { values?: Record<string, Record<string, EditedValue>> };
}

interface EditedValue {
  selected_option?: { value?: string } | null;
  selected_user?: string | null;
  selected_date?: string | null;
  value?: string | null;
}

/** The value a field's editor holds (`state.values[field][field]`). */
function edited(view: EntityDetailView, field: string): EditedValue | undefined {
  const block = view.state?.values?.[field];
  return block ? (block[field] ?? Object.values(block)[0]) : undefined;
}

async function applyEdits(
  deps: AppDeps,
  args: Args,
  api: WorkApiClient,
  task: TaskRecord,
  view: EntityDetailView,
): Promise<TaskRecord> {
  const teamId = personOf(args.body).teamId;
  const userId = args.body.user.id;
  let current = task;
  const status = edited(view, 'status')?.selected_option?.value;
  if (status) {
    const statusId = Number(status);
    if (!Number.isSafeInteger(statusId)) throw new TaskRefusal('That status is not one of this project’s.');
    current = (await setTaskStatus(api, task.id, statusId)).after;
  }
  const priority = edited(view, 'priority')?.selected_option?.value;
  if (priority) {
    if (!(PRIORITIES as readonly string[]).includes(priority))
      throw new TaskRefusal('That priority is not one Taskbridge knows.');
    current = (
      await changeTask(api, task.id, (t) =>
        t.priority === priority ? null : { priority: priority as Priority },
      )
    ).after;
  }
  const assignee = edited(view, 'assignee');
  if (assignee && 'selected_user' in assignee) {
    const chosen = assignee.selected_user;
    if (!chosen) current = (await setTaskAssignees(api, task.id, [])).after;
    else {
      const people = await resolveSlackUsers([chosen], {
        deps,
        api,
        client: args.client,
        teamId,
        userId,
        projectId: task.project_id,
      });
      const [member] = people.members;
      if (!member) {
        throw new TaskRefusal(
          `Nobody was assigned: <@${chosen}> ${people.unresolved[0]?.reason ?? 'has no account in this project'}.`,
        );
      }
      current = (await setTaskAssignees(api, task.id, [member.id])).after;
    }
  }
  const due = edited(view, 'due_date');
  if (due && 'selected_date' in due) {
    const day = due.selected_date;
    const zone = await deps.profiles.timeZone(args.client, teamId, userId);
    const at = day ? fromLocalDateTime(day, null, zone)?.date : null;
    if (day && !at) throw new TaskRefusal('That day is not in the calendar. Pick another.');
    current = (
      await changeTask(api, task.id, (t) => {
        const now = t.due_date ? new Date(t.due_date).getTime() : null;
        return now === (at ? at.getTime() : null) ? null : { due_date: at ? at.toISOString() : null };
      })
    ).after;
  }
  return current;
}

export function entityEditHandler(deps: AppDeps) {
  return async (args: Args) => {
    const { ack, body, client } = args;
    await ack();
    const view = body.view as unknown as EntityDetailView;
    const teamId = personOf(body).teamId;
    const userId = body.user.id;
    const triggerId = (body as { trigger_id?: string }).trigger_id ?? '';
    const taskId = taskIdOfEntity(deps, view);
    if (taskId === null) {
      await presentDetailsError(client, triggerId, {
        title: 'Not a Taskbridge task',
        message: 'Taskbridge cannot tell which task this is.',
      });
      return;
    }
    try {
      const api = await deps.workApi.clientFor(teamId);
      if (!api) throw new TaskRefusal('This workspace is not connected to the service yet.');
      const task = await api.tasks.get(taskId);
      const refusal = await editRefusal(deps, client, api, { teamId, userId, task });
      if (refusal) {
        deps.logger.info({ taskId, reason: refusal.title }, 'a flexpane edit was refused');
        await presentDetailsError(client, triggerId, refusal);
        return;
      }
      const origin = {
        purpose: 'entity-edit',
        kind: 'view',
        teamId,
        viewId: `${view.id}:${triggerId}`,
      } as const;
      const outcome = await once(
        deps.idempotency,
        origin,
        async () => (await applyEdits(deps, args, api, task, view)).id,
      );
      const saved = outcome.state === 'pending' ? task : await api.tasks.get(taskId);
      const url = deps.taskLinks.urlFor(saved) ?? view.entity_url ?? '';
      await presentTaskDetails(deps, client, {
        teamId,
        userId,
        triggerId,
        api,
        task: saved,
        editable: true,
        url,
      });
    } catch (error) {
      // The one failure path words and logs it; the flexpane shows it in its own error shape.
      const { text } = noteFailure(deps, error, {
        what: 'a flexpane edit',
        describe: (e) => describeTaskRefusal(e, taskId),
      });
      await presentDetailsError(client, triggerId, {
        title: error instanceof TaskRefusal ? 'Not changed' : 'The change could not be made',
        message: text.replace(/^:[a-z_]+: /, ''),
      }).catch(() => undefined);
    }
  };
}
