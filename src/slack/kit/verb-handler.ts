import type { TaskIntent } from '../commands/intents.ts';
import type { CommandContext } from './command-context.ts';

export type VerbHandler<V extends TaskIntent['verb']> = (
  ctx: CommandContext,
  intent: Extract<TaskIntent, { verb: V }>,
) => Promise<void>;

/** Handlers by verb; help is answered by the command itself. */
export type VerbHandlers = { [V in Exclude<TaskIntent['verb'], 'help'>]?: VerbHandler<V> };
