/** The service's members a Slack person may be linked to, and which one their verified email names. */

const normalEmail = (email: string | null | undefined): string => (email ?? '').trim().toLowerCase();

/** Whether two emails are the same address (case aside); an empty email matches nothing. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = normalEmail(a);
  return left !== '' && left === normalEmail(b);
}

/**
 * The one member whose email is the person's Slack profile email (users.info `profile.email`,
 * which Slack verifies). None when no member, or more than one, has it: a shared address proves
 * no one in particular.
 */
export function memberWithEmail<M extends { email: string }>(
  email: string | null | undefined,
  members: readonly M[],
): M | undefined {
  const matches = members.filter((m) => sameEmail(m.email, email));
  return matches.length === 1 ? matches[0] : undefined;
}
