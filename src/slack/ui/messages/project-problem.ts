import type { RenderedMessage } from '../block-types.ts';
import { errorMessage } from './errors.ts';
import { namesThatExist } from './names-that-exist.ts';

/** Why a command could not tell which project was meant: none named, or no project by that name. */
type ProjectProblem =
  /** Nothing named and no channel default. */
  | { kind: 'none' }
  /** `known`: every active project's name, to say what exists. */
  | {
      kind: 'not_found';
      name: string;
      suggestions: ReadonlyArray<{ name: string }>;
      known?: readonly string[] | undefined;
    };

/** Why a command could not tell which project was meant, and what to type instead. */
export function projectProblemMessage(resolution: ProjectProblem, verb: string): RenderedMessage {
  if (resolution.kind === 'none') {
    return errorMessage({
      what: 'Which project?',
      why: 'This channel has no default project and none was named.',
      next: `Name one, like \`/task ${verb} #Website\`, or set the channel's default with \`/task project #Website\`.`,
    });
  }
  const suggestions = resolution.suggestions.map((p) => `\`#${p.name}\``).join(', ');
  const known =
    resolution.known === undefined
      ? null
      : namesThatExist('Projects', resolution.known, resolution.name, 'There are no active projects yet.');
  return errorMessage({
    what: `No project “${resolution.name}”.`,
    why: [suggestions ? `Did you mean ${suggestions}?` : '', known ?? ''].filter(Boolean).join(' ') || null,
    next: 'Check the name: the start of it is enough when only one project begins that way.',
  });
}
