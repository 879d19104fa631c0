// Work Objects and workflows on the page: a task's entity as Slack shows it under a card or an
// unfurl (a click opens its flexpane), the flexpane beside the conversation with the fields the
// app made editable, and a "Workflows" dialog that runs Create a task → Assign with Taskbridge's steps.
import { useState } from 'preact/hooks';
import { html } from './html.js';

const fieldsOf = (entity) => entity?.entity_payload?.fields ?? {};

/** Timestamp fields (`slack#/types/timestamp`, `date_created`, `date_updated`) in the viewer's zone. */
const TIMESTAMPS = new Set(['date_created', 'date_updated']);

function shownValue(field, ctx, name) {
  if (!field) return '';
  if ((field.type === 'slack#/types/timestamp' || TIMESTAMPS.has(name)) && typeof field.value === 'number') {
    return new Date(field.value * 1000).toLocaleString('en-GB', {
      timeZone: ctx.timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  }
  if (field.user?.user_id) {
    const user = ctx.users.find((u) => u.id === field.user.user_id);
    return user ? user.realName : field.user.user_id;
  }
  if (field.user?.text) return field.user.text;
  return field.value === undefined || field.value === '' ? '—' : String(field.value);
}

/** The entity chip under a message: title, status, and the click that opens its flexpane. */
export function EntityChip({ entity, onOpen }) {
  const fields = fieldsOf(entity);
  const title = entity.entity_payload?.attributes?.title?.text ?? entity.url;
  return html`<div class="entity-chip" data-entity=${entity.external_ref?.id}>
    <span class="entity-type">${entity.entity_payload?.attributes?.display_type ?? 'Task'} ${entity.entity_payload?.attributes?.display_id ?? ''}</span>
    <span class="entity-title">${title}</span>
    ${fields.status ? html`<span class=${`entity-tag tag-${fields.status.tag_color ?? 'gray'}`}>${fields.status.value}</span>` : null}
    <button type="button" class="entity-open" aria-label=${`Open details of ${title}`} onClick=${() => onOpen(entity)}>Open details</button>
  </div>`;
}

const LABELS = {
  status: 'Status',
  assignee: 'Assignee',
  due_date: 'Due date',
  priority: 'Priority',
  description: 'Description',
  date_updated: 'Updated',
};

function Editor({ name, field, ctx, value, onChange }) {
  const select = field.edit?.select;
  if (select?.static_options) {
    return html`<select aria-label=${LABELS[name] ?? name} value=${value ?? select.current_value ?? ''} onChange=${(e) => onChange({ kind: 'select', value: e.target.value })}>
      ${select.static_options.map((o) => html`<option value=${o.value}>${o.text.text}</option>`)}
    </select>`;
  }
  if (name === 'assignee') {
    return html`<select aria-label="Assignee" value=${value ?? field.user?.user_id ?? ''} onChange=${(e) => onChange({ kind: 'user', userId: e.target.value || null })}>
      <option value="">Nobody</option>
      ${ctx.users.filter((u) => !u.isBot).map((u) => html`<option value=${u.id}>${u.realName}</option>`)}
    </select>`;
  }
  if (name === 'due_date') {
    return html`<input type="date" aria-label="Due date" value=${value ?? field.value ?? ''} onChange=${(e) => onChange({ kind: 'date', date: e.target.value || null })} />`;
  }
  return html`<span>${shownValue(field, ctx, name)}</span>`;
}

/** The flexpane: the entity's fields (editors where the app allows), or the app's error in their place. */
export function Flexpane({ pane, ctx, onSave, onClose }) {
  const [edits, setEdits] = useState({});
  const [saving, setSaving] = useState(false);
  const entity = pane.metadata;
  const fields = fieldsOf(entity);
  const order = entity?.entity_payload?.display_order ?? Object.keys(fields);
  const editable = order.filter((k) => fields[k]?.edit?.enabled);
  const shown = (name) => {
    const e = edits[name];
    if (!e) return undefined;
    return e.kind === 'select'
      ? e.value
      : e.kind === 'user'
        ? (e.userId ?? '')
        : e.kind === 'date'
          ? (e.date ?? '')
          : e.value;
  };
  const save = async () => {
    setSaving(true);
    try {
      await onSave(edits);
      setEdits({});
    } finally {
      setSaving(false);
    }
  };
  return html`<aside class="flexpane" aria-label="Task details">
    <header class="thread-header">
      <h2>${entity?.entity_payload?.attributes?.title?.text ?? pane.error?.custom_title ?? 'Details'}</h2>
      <button type="button" class="modal-x thread-close" aria-label="Close details" onClick=${onClose}>×</button>
    </header>
    <div class="flexpane-body">
      ${
        pane.error
          ? html`<div class="flexpane-error" role="alert">
            <strong>${pane.error.custom_title ?? pane.error.status}</strong>
            <p>${pane.error.custom_message ?? ''}</p>
          </div>`
          : null
      }
      ${
        entity
          ? html`<dl class="flexpane-fields">
            ${order
              .filter((k) => fields[k])
              .map(
                (k) => html`<div class="flexpane-field" data-field=${k}>
                  <dt>${LABELS[k] ?? k}</dt>
                  <dd>${
                    fields[k].edit?.enabled
                      ? html`<${Editor} name=${k} field=${fields[k]} ctx=${ctx} value=${shown(k)} onChange=${(e) => setEdits({ ...edits, [k]: e })} />`
                      : shownValue(fields[k], ctx, k)
                  }</dd>
                </div>`,
              )}
          </dl>
          ${editable.length > 0 ? html`<button type="button" class="bk-button bk-button-primary" disabled=${saving || Object.keys(edits).length === 0} onClick=${save}>Save</button>` : null}
          <a class="flexpane-link" href=${entity.url} target="_blank" rel="noreferrer">Open in the service</a>`
          : null
      }
    </div>
  </aside>`;
}

/** "Workflows": a small workflow of Taskbridge steps, run as the person viewing, with each step's outputs. */
export function WorkflowDialog({ ctx, run, onClose }) {
  const people = ctx.users.filter((u) => !u.isBot);
  const [form, setForm] = useState({ project: 'Website', title: '', assignee: people[0]?.id ?? '' });
  const [result, setResult] = useState(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const start = async () => {
    setBusy(true);
    setProblem('');
    try {
      setResult(await run(form));
    } catch (error) {
      setProblem(error.message);
    } finally {
      setBusy(false);
    }
  };
  return html`<div class="overlay">
    <div class="modal workflow-dialog" role="dialog" aria-label="Workflows">
      <header class="modal-header">
        <h2 class="modal-title">Workflow: Create a task → Assign</h2>
        <button type="button" class="modal-x" aria-label="Close workflows" onClick=${onClose}>×</button>
      </header>
      <div class="modal-body">
        <label class="workflow-input">Project <input aria-label="Project" value=${form.project} onInput=${(e) => setForm({ ...form, project: e.target.value })} /></label>
        <label class="workflow-input">Title <input aria-label="Title" value=${form.title} onInput=${(e) => setForm({ ...form, title: e.target.value })} /></label>
        <label class="workflow-input">Assign to <select aria-label="Assign to" value=${form.assignee} onChange=${(e) => setForm({ ...form, assignee: e.target.value })}>
          ${people.map((u) => html`<option value=${u.id}>${u.realName}</option>`)}
        </select></label>
        ${problem ? html`<p class="flexpane-error" role="alert">${problem}</p>` : null}
        ${
          result
            ? html`<ol class="workflow-steps" aria-label="Workflow steps">
              ${result.steps.map(
                (s) => html`<li class=${`workflow-step step-${s.state}`} data-step=${s.callbackId}>
                  <strong>${s.title}</strong> · ${s.state}
                  ${s.error ? html`<p class="step-error">${s.error}</p>` : null}
                  ${s.outputs ? html`<dl>${Object.entries(s.outputs).map(([k, v]) => html`<dt>${k}</dt><dd data-output=${k}>${String(v)}</dd>`)}</dl>` : null}
                </li>`,
              )}
            </ol>`
            : null
        }
      </div>
      <footer class="modal-footer">
        <button type="button" class="bk-button bk-button-primary" disabled=${busy} onClick=${start}>${busy ? 'Running…' : 'Run workflow'}</button>
      </footer>
    </div>
  </div>`;
}
