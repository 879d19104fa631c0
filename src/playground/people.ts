/**
 * A person changes their Slack profile from the playground: their zone, name or admin flag is
 * changed in the emulator and the app hears `user_change`, as Slack tells it (the signer's
 * `changeUser`). Their next due date is read in the new zone.
 */
import type { SlackEmulator } from '../slack-emulator/index.ts';
import type { SlackSigner } from '../slack-emulator/signer.ts';
import { PlaygroundInputError } from './interactions.ts';

function knownZone(zone: unknown): string {
  if (typeof zone !== 'string' || zone.trim() === '')
    throw new PlaygroundInputError('tz must be a time zone');
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone.trim() });
  } catch {
    throw new PlaygroundInputError(`${zone} is not a time zone (try Europe/Paris)`);
  }
  return zone.trim();
}

export async function changePerson(
  emulator: SlackEmulator,
  signer: SlackSigner,
  body: Record<string, unknown>,
): Promise<{ ok: true; tz: string; isAdmin: boolean; realName: string }> {
  const userId = typeof body.user === 'string' ? body.user : '';
  const user = emulator.user(userId);
  if (!user || user.isBot) throw new PlaygroundInputError(`No person ${userId}`);
  if (body.isAdmin !== undefined && typeof body.isAdmin !== 'boolean') {
    throw new PlaygroundInputError('isAdmin must be true or false');
  }
  if (body.realName !== undefined && (typeof body.realName !== 'string' || body.realName.trim() === '')) {
    throw new PlaygroundInputError('realName must be a name');
  }
  await signer.changeUser({
    user: user.id,
    ...(body.tz !== undefined ? { tz: knownZone(body.tz) } : {}),
    ...(typeof body.isAdmin === 'boolean' ? { isAdmin: body.isAdmin } : {}),
    ...(typeof body.realName === 'string' ? { realName: body.realName.trim() } : {}),
  });
  return { ok: true, tz: user.tz, isAdmin: user.isAdmin, realName: user.realName };
}
