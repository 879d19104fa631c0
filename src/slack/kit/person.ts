/** Who sent an interaction: their workspace and user, as every payload of a form, button or shortcut carries them. */
export interface Person {
  teamId: string;
  userId: string;
}

interface InteractionBody {
  team?: { id: string } | null;
  user: { id: string; team_id?: string };
}

export function personOf(body: InteractionBody): Person {
  return { teamId: body.team?.id ?? body.user.team_id ?? '', userId: body.user.id };
}
