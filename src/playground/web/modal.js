// The open modal, as Slack draws it: title bar, blocks, Close and Submit. The inputs' state lives
// here (per view, kept across views.update as Slack keeps what a person typed, and across a reload
// of the page) and goes with the submission; the app's per-field errors show under their inputs.
// ×, Close and Escape always close it, and a submission that fails says so in the footer.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Blocks } from './blocks.js';
import { forgetModalValues, readModalValues, writeModalValues } from './drafts.js';
import { initialValue } from './elements.js';
import { html } from './html.js';
import { plainText } from './mrkdwn.js';

/** Whether a state value holds nothing, as Slack's client judges a required field. */
function isEmpty(value) {
  if (!value) return true;
  const held =
    value.value ??
    value.selected_option ??
    value.selected_user ??
    value.selected_date ??
    value.selected_time ??
    value.selected_conversation ??
    value.selected_channel ??
    value.selected_options ??
    value.selected_users;
  return held === null || held === undefined || held === '' || (Array.isArray(held) && held.length === 0);
}

/** Slack's client refuses to submit while a required input is empty; the app never hears of it. */
function missingRequired(blocks, values) {
  const missing = {};
  for (const block of blocks ?? []) {
    if (block.type !== 'input' || block.optional) continue;
    if (isEmpty(values[block.block_id]?.[block.element?.action_id]))
      missing[block.block_id] = 'Please complete this required field.';
  }
  return missing;
}

function initialValues(blocks) {
  const values = {};
  for (const block of blocks ?? []) {
    if (block.type !== 'input' || !block.element?.action_id) continue;
    values[block.block_id] = { [block.element.action_id]: initialValue(block.element) };
  }
  return values;
}

/** The view's initial values, with what was typed before a reload over them (inputs it still has). */
function startingValues(view) {
  const values = initialValues(view.blocks);
  const kept = readModalValues(view.id);
  for (const [blockId, byAction] of Object.entries(values)) {
    const [actionId, initial] = Object.entries(byAction)[0];
    const typed = kept[blockId]?.[actionId];
    if (typed && typeof typed === 'object' && typed.type === initial.type) byAction[actionId] = typed;
  }
  return values;
}

/** Why a submission did not go through, and what to do. */
function notSubmitted(answerOrError) {
  const reason =
    answerOrError instanceof Error
      ? answerOrError.message.replace(/\.$/, '')
      : (answerOrError.error ?? `the app answered HTTP ${answerOrError.status}`);
  return `Not submitted: ${reason}. Try again, or close it (× or Escape).`;
}

export function Modal({ modal, baseCtx, act, suggest, submit, close }) {
  const { view, errors, depth } = modal;
  const store = useRef({});
  // A fresh view starts from its initial values (or what was typed before a reload); an update of
  // the same view keeps what was typed.
  if (!store.current[view.id]) store.current[view.id] = startingValues(view);
  const values = store.current[view.id];
  for (const [blockId, byAction] of Object.entries(initialValues(view.blocks))) {
    if (!values[blockId]) values[blockId] = byAction;
  }
  const [busy, setBusy] = useState(false);
  const [required, setRequired] = useState({});
  const [problem, setProblem] = useState('');
  const [, redraw] = useState(0);
  // Closed or replaced, the view's kept values go; a reload leaves them for the view to find.
  useEffect(() => () => forgetModalValues(view.id), [view.id]);
  useEffect(() => {
    const onKey = (event) => {
      // A confirm dialog over the modal answers Escape itself.
      if (event.key !== 'Escape' || document.querySelector('[role="alertdialog"]')) return;
      close(view.id, true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [view.id, close]);
  const ctx = useMemo(
    () => ({
      ...baseCtx,
      errors: { ...errors, ...required },
      values: {
        get: (blockId, actionId) => values[blockId]?.[actionId],
        set: (blockId, actionId, value) => {
          values[blockId] = { ...values[blockId], [actionId]: value };
          writeModalValues(view.id, values);
          redraw((n) => n + 1);
        },
      },
      act: (action) => act(view.id, action, values),
      suggest: (actionId, blockId, value) => suggest(view.id, actionId, blockId, value),
    }),
    [view.id, view.hash, errors, required, baseCtx],
  );
  const onSubmit = async (event) => {
    event.preventDefault();
    const missing = missingRequired(view.blocks, values);
    setRequired(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    setProblem('');
    try {
      const answer = await submit(view.id, values);
      if (answer?.ok === false) setProblem(notSubmitted(answer));
    } catch (error) {
      setProblem(notSubmitted(error));
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
        ${problem ? html`<p class="modal-problem" role="alert">${problem}</p>` : null}
        <button type="button" class="bk-button" onClick=${() => close(view.id, depth <= 1)}>${plainText(view.close, ctx) || 'Close'}</button>
        ${
          view.submit
            ? html`<button type="submit" class="bk-button bk-button-primary" disabled=${busy}>${plainText(view.submit, ctx)}</button>`
            : null
        }
      </footer>
    </form>
  </div>`;
}
