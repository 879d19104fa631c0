/** The `/task digest` verb. */
import type { VerbHandlers } from '../../kit/verb-handler.ts';
import { digestHandler } from './digest-command.ts';

export const DIGEST_VERB_HANDLERS: VerbHandlers = {
  digest: digestHandler,
};
