/**
 * Which task a Work Object names, and who may change it from its flexpane: the person's link (the
 * card buttons' rule: acting needs it) and, where the service shows roles, a writing role in the
 * task's project. A refusal comes back as the flexpane's error, in words the person can act on.
 */
import type { WebClient } from '@slack/web-api';
import type { TaskRecord, WorkApiClient } from '../../../api/index.ts';
import type { AppDeps } from '../../deps.ts';
import { actorFor, mayWriteProject, ROLES_NOT_SHOWN } from '../../services/permissions.ts';
import { TASK_REF_TYPE } from '../../ui/messages/task-entity.ts';
import type { FlexpaneError } from './flexpane.ts';

/** The task id an entity names: its external_ref (type `task`), else the service link it points at. */
export function taskIdOfEntity(
  deps: AppDeps,
  entity: { external_ref?: { id?: unknown; type?: unknown } | undefined; entity_url?: unknown },
): number | null {
  const ref = entity.external_ref;
  if (ref && (ref.type === undefined || ref.type === TASK_REF_TYPE) && typeof ref.id === 'string') {
    const id = Number(ref.id);
    if (Number.isSafeInteger(id) && id > 0) return id;
  }
  return typeof entity.entity_url === 'string'
    ? (deps.taskLinks.parse(entity.entity_url)?.taskId ?? null)
    : null;
}

const NOT_LINKED: FlexpaneError = {
  title: 'Link your account to edit',
  message:
    'Changes made here are made as you in the service, and your Slack account is not linked to an account there yet. Run `/task link`, then try again.',
};

/** Null when the person may change the task; otherwise why not. */
export async function editRefusal(
  deps: AppDeps,
  client: WebClient,
  api: WorkApiClient,
  q: { teamId: string; userId: string; task: TaskRecord },
): Promise<FlexpaneError | null> {
  const actor = await actorFor(deps, client, q.teamId, q.userId);
  if (!actor.member) return NOT_LINKED;
  if (q.task.project_id === null) return null;
  const project = await api.projects.get(q.task.project_id).catch(() => undefined);
  if (!project) return null;
  const permission = await mayWriteProject(api, actor, { id: project.id, name: project.name });
  // Where the service shows no roles, the service itself judges each change, as on the card.
  if (permission.allowed || permission.why === ROLES_NOT_SHOWN) return null;
  return { title: 'You cannot edit this task', message: `${permission.why} ${permission.next}` };
}
