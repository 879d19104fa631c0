// Slack's assistant panel, inside the thread pane: the app's status line while it works, and the
// suggested prompts it set (a click sends the prompt's words in the thread, as Slack does).
import { html } from './html.js';

export function AssistantBar({ assistant, onPrompt }) {
  return html`<div class="assistant-bar" role="region" aria-label="Assistant">
    ${assistant.status ? html`<p class="assistant-status" role="status">Taskbridge ${assistant.status}</p>` : null}
    ${
      assistant.prompts.length > 0
        ? html`<div class="assistant-prompts">
          ${assistant.promptsTitle ? html`<p class="assistant-prompts-title">${assistant.promptsTitle}</p>` : null}
          ${assistant.prompts.map(
            (p) =>
              html`<button type="button" class="assistant-prompt" title=${p.message} onClick=${() => onPrompt(p.message)}>${p.title}</button>`,
          )}
        </div>`
        : null
    }
  </div>`;
}
