/**
 * The notes src/slack/kit/in-time.ts posts on a response_url when a handler has said nothing for
 * 1.5 s ("The service is busy; …") or a command is repeated while it runs ("Still working on your
 * earlier …"). On a loaded machine any handler can take that long, so a test waiting for a
 * handler's answer skips them: the first response_url post is not always the answer.
 */
import { busyText } from '../../src/slack/kit/in-time.ts';

const BUSY = busyText(0).slice(0, busyText(0).indexOf(';') + 1);
const STILL_WORKING = ':hourglass_flowing_sand: Still working on your earlier ';

export function isInterimNote(args: Record<string, unknown>): boolean {
  const text = typeof args.text === 'string' ? args.text : '';
  return text.startsWith(BUSY) || text.startsWith(STILL_WORKING);
}
