// Block Kit confirm dialogs ("Are you sure?") and the small notices the page itself shows.
import { html } from './html.js';
import { plainText, TextObject } from './mrkdwn.js';

/** A confirm object as Slack shows it: title, text, a confirm button (maybe red) and a deny button. */
export function ConfirmDialog({ confirm, ctx, onAnswer }) {
  const style = confirm.style === 'danger' ? ' bk-button-danger' : ' bk-button-primary';
  return html`<div class="overlay" onClick=${(e) => e.target === e.currentTarget && onAnswer(false)}>
    <div class="dialog" role="alertdialog" aria-modal="true" aria-label=${plainText(confirm.title, ctx) || 'Are you sure?'}>
      <h2 class="dialog-title">${plainText(confirm.title, ctx) || 'Are you sure?'}</h2>
      <div class="dialog-body"><${TextObject} text=${confirm.text} ctx=${ctx} /></div>
      <div class="dialog-buttons">
        <button type="button" class="bk-button" onClick=${() => onAnswer(false)}>${plainText(confirm.deny, ctx) || 'Cancel'}</button>
        <button type="button" class=${`bk-button${style}`} onClick=${() => onAnswer(true)}>${plainText(confirm.confirm, ctx) || 'Yes'}</button>
      </div>
    </div>
  </div>`;
}

export function Toast({ toast, onClose }) {
  if (!toast) return null;
  return html`<div class=${`toast toast-${toast.kind ?? 'info'}`} role="status">
    <span>${toast.text}</span>
    <button type="button" aria-label="Dismiss" onClick=${onClose}>×</button>
  </div>`;
}
