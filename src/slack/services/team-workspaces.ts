/** Which service workspace a command means: by number or name, or the only one there is. */
import type { WorkApiClient, WorkspaceRecord } from '../../api/index.ts';
import type { WorkspaceRef } from '../commands/intents.ts';

export async function allWorkspaces(api: WorkApiClient): Promise<WorkspaceRecord[]> {
  const out: WorkspaceRecord[] = [];
  for await (const ws of api.workspaces.list.all({ per_page: 100 })) out.push(ws);
  return out;
}

type WorkspaceLookup = { kind: 'found'; workspace: WorkspaceRecord } | { kind: 'problem'; why: string };

export function pickWorkspace(
  workspaces: readonly WorkspaceRecord[],
  ref: WorkspaceRef | null,
): WorkspaceLookup {
  const names = workspaces.map((w) => `${w.name} (${w.id})`).join(', ');
  if (!ref) {
    if (workspaces.length === 1) return { kind: 'found', workspace: workspaces[0]! };
    return {
      kind: 'problem',
      why: workspaces.length === 0 ? 'There are no workspaces.' : `Say which: ${names}.`,
    };
  }
  if (ref.kind === 'id') {
    const found = workspaces.find((w) => w.id === ref.id);
    return found
      ? { kind: 'found', workspace: found }
      : { kind: 'problem', why: `No workspace ${ref.id}. There are: ${names}.` };
  }
  const wanted = ref.name.trim().toLowerCase();
  const exact = workspaces.filter((w) => w.name.toLowerCase() === wanted);
  const matches =
    exact.length > 0 ? exact : workspaces.filter((w) => w.name.toLowerCase().startsWith(wanted));
  if (matches.length === 1) return { kind: 'found', workspace: matches[0]! };
  return {
    kind: 'problem',
    why:
      matches.length > 1
        ? `More than one workspace matches: ${names}.`
        : `No workspace called “${ref.name}”. There are: ${names}.`,
  };
}
