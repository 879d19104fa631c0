/**
 * One signer per workspace, seen as one: each request is signed for the workspace of the person it
 * comes from (or the workspace it names), as Slack sends a request with the team (and org) it
 * happened in. A request naming neither goes out as the first workspace's.
 */
import type { SlackEmulator } from '../slack-emulator/index.ts';
import type { SlackSigner } from '../slack-emulator/signer.ts';

/** The person a signer call is about (`user` in its input; a command's is its second argument). */
function personIn(args: unknown[]): string | undefined {
  for (const arg of args) {
    const user = (arg as { user?: unknown } | null)?.user;
    if (typeof user === 'string') return user;
  }
  return undefined;
}

/** The workspace an event's options name (`teamId`), for events that name no person. */
function teamIn(args: unknown[]): string | undefined {
  for (const arg of args) {
    const teamId = (arg as { teamId?: unknown } | null)?.teamId;
    if (typeof teamId === 'string') return teamId;
  }
  return undefined;
}

export function signerPerWorkspace(
  emulator: SlackEmulator,
  signers: ReadonlyMap<string, SlackSigner>,
  first: SlackSigner,
): SlackSigner {
  const forCall = (args: unknown[]): SlackSigner => {
    const person = personIn(args);
    const teamId = (person ? emulator.user(person)?.teamId : undefined) ?? teamIn(args);
    return (teamId && signers.get(teamId)) || first;
  };
  return new Proxy(first, {
    get(target, name) {
      const own = Reflect.get(target, name);
      if (typeof own !== 'function') return own;
      return (...args: unknown[]) => {
        const signer = forCall(args);
        return (Reflect.get(signer, name) as (...a: unknown[]) => unknown).apply(signer, args);
      };
    },
  });
}
