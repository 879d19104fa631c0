/** The `/task digest` verb. */
import type { VerbHandlers } from '../commands/verb-handler-types.ts';
import { digestHandler } from './digest-command.ts';

export const DIGEST_VERB_HANDLERS: VerbHandlers = {
  digest: digestHandler,
};
