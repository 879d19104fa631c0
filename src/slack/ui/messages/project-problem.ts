import type { RenderedMessage } from '../block-types.ts';
import { errorMessage } from './errors.ts';

/** Why a command could not tell which project was meant: none named, or no project by that name. */
export type ProjectProblem =
  /** Nothing named and no channel default. */
  { kind: 'none' } | { kind: 'not_found'; name: string; suggestions: ReadonlyArray<{ name: string }> };

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
  return errorMessage({
    what: `No project called “${resolution.name}”.`,
    why: suggestions ? `Did you mean ${suggestions}?` : null,
    next: 'Check the name: the start of it is enough when only one project begins that way.',
  });
}
