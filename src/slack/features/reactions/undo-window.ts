/** How long after a reaction made a task its reactor may undo it by removing the reaction: the Undo minute. */
export const UNDO_REACTION_MS = 60_000;
