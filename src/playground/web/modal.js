// The open modal, as Slack draws it: title bar, blocks, Close and Submit. The inputs' state lives
// here (per view, kept across views.update as Slack keeps what a person typed) and goes with the
// submission; the app's per-field errors show under their inputs.
import { useMemo, useRef, useState } from 'preact/hooks';
import { Blocks } from './blocks.js';
import { initialValue } from './elements.js';
import { html } from './html.js';
import { plainText } from './mrkdwn.js';

function initialValues(blocks) {
  const values = {};
  for (const block of blocks ?? []) {
    if (block.type !== 'input' || !block.element?.action_id) continue;
    values[block.block_id] = { [block.element.action_id]: initialValue(block.element) };
  }
  return values;
}

export function Modal({ modal, baseCtx, act, suggest, submit, close }) {
  const { view, errors, depth } = modal;
  const store = useRef({});
  // A fresh view starts from its initial values; an update of the same view keeps what was typed.
  if (!store.current[view.id]) store.current[view.id] = initialValues(view.blocks);
  const values = store.current[view.id];
  for (const [blockId, byAction] of Object.entries(initialValues(view.blocks))) {
    if (!values[blockId]) values[blockId] = byAction;
  }
  const [busy, setBusy] = useState(false);
  const [, redraw] = useState(0);
  const ctx = useMemo(
    () => ({
      ...baseCtx,
      errors,
      values: {
        get: (blockId, actionId) => values[blockId]?.[actionId],
        set: (blockId, actionId, value) => {
          values[blockId] = { ...values[blockId], [actionId]: value };
          redraw((n) => n + 1);
        },
      },
      act: (action) => act(view.id, action, values),
      suggest: (actionId, blockId, value) => suggest(view.id, actionId, blockId, value),
    }),
    [view.id, view.hash, errors, baseCtx],
  );
  const onSubmit = async (event) => {
    event.preventDefault();
    setBusy(true);
    try {
      await submit(view.id, values);
    } finally {
      setBusy(false);
    }
  };
  const title = plainText(view.title, ctx);
  return html`<div class="overlay">
    <form class="modal" role="dialog" aria-modal="true" aria-label=${title} onSubmit=${onSubmit}>
      <header class="modal-header">
        ${depth > 1 ? html`<button type="button" class="modal-back" aria-label="Back" onClick=${() => close(view.id, false)}>‹</button>` : null}
        <span class="modal-app-icon" aria-hidden="true">TB</span>
        <h2 class="modal-title">${title}</h2>
        <button type="button" class="modal-x" aria-label="Close" onClick=${() => close(view.id, true)}>×</button>
      </header>
      <div class="modal-body"><${Blocks} blocks=${view.blocks} ctx=${ctx} /></div>
      <footer class="modal-footer">
        <button type="button" class="bk-button" onClick=${() => close(view.id, depth <= 1)}>${plainText(view.close, ctx) || 'Close'}</button>
        ${view.submit
          ? html`<button type="submit" class="bk-button bk-button-primary" disabled=${busy}>${plainText(view.submit, ctx)}</button>`
          : null}
      </footer>
    </form>
  </div>`;
}
