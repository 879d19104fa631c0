/**
 * A modal shown at once while its real content loads: the trigger that opens a modal lasts 3 s, and
 * what fills it (the service's members, say) may take longer. views.update replaces it.
 */
import type { ModalView } from '../block-types.ts';
import { LIMITS, mrkdwn, plainText } from '../limits.ts';

export function renderLoadingView(title: string, what: string, callbackId: string): ModalView {
  return {
    type: 'modal',
    callback_id: callbackId,
    title: plainText(title, LIMITS.modalTitle),
    close: plainText('Close', LIMITS.modalButton),
    blocks: [{ type: 'section', text: mrkdwn(`:hourglass_flowing_sand: ${what}`) }],
  };
}

/** A modal that only says something went wrong and what to do. */
export function renderProblemView(title: string, problem: string, callbackId: string): ModalView {
  return {
    type: 'modal',
    callback_id: callbackId,
    title: plainText(title, LIMITS.modalTitle),
    close: plainText('Close', LIMITS.modalButton),
    blocks: [{ type: 'section', text: mrkdwn(problem) }],
  };
}
