/**
 * Which service member a Slack person probably is: the same email first (exact, any case), else
 * the same name once accents, case, punctuation and word order are set aside. An ambiguous name
 * suggests no one, since linking the wrong person would show them someone else's tasks.
 */
import { normaliseName } from '../../../lib/names.ts';

/** The Slack profile fields that `users.info` returns and matching uses. */
interface SlackProfileForMatch {
  email?: string | null | undefined;
  real_name?: string | null | undefined;
  display_name?: string | null | undefined;
}

interface MatchableMember {
  id: number;
  name: string;
  email: string;
}

export function suggestMember<M extends MatchableMember>(
  profile: SlackProfileForMatch,
  members: readonly M[],
): M | undefined {
  const email = profile.email?.trim().toLowerCase();
  if (email) {
    const byEmail = members.filter((m) => m.email.trim().toLowerCase() === email);
    if (byEmail.length === 1) return byEmail[0];
  }
  for (const name of [profile.real_name, profile.display_name]) {
    const wanted = name ? normaliseName(name) : '';
    if (!wanted) continue;
    const byName = members.filter((m) => normaliseName(m.name) === wanted);
    if (byName.length === 1) return byName[0];
  }
  return undefined;
}
