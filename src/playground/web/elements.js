// Block Kit's interactive elements. On a message or the Home tab each one sends its block action
// at once (after its confirm dialog, if it has one); in a modal's input block it only changes the
// form's state, which goes with the submission (or with an action, as Slack sends it).
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { plainText, TextObject } from './mrkdwn.js';

const optionsOf = (el) => [
  ...(el.options ?? []),
  ...(el.option_groups ?? []).flatMap((g) => g.options ?? []),
];
const humans = (ctx) => (ctx.users ?? []).filter((u) => !u.isBot);
const label = (option, ctx) => plainText(option?.text, ctx);

/** The state value Slack sends for an element before anyone touched it. */
export function initialValue(el) {
  switch (el.type) {
    case 'plain_text_input':
    case 'number_input':
    case 'email_text_input':
    case 'url_text_input':
      return { type: el.type, value: el.initial_value ?? null };
    case 'static_select':
    case 'external_select':
    case 'radio_buttons':
      return { type: el.type, selected_option: el.initial_option ?? null };
    case 'multi_static_select':
    case 'multi_external_select':
    case 'checkboxes':
      return { type: el.type, selected_options: el.initial_options ?? [] };
    case 'users_select':
      return { type: el.type, selected_user: el.initial_user ?? null };
    case 'multi_users_select':
      return { type: el.type, selected_users: el.initial_users ?? [] };
    case 'conversations_select':
      return { type: el.type, selected_conversation: el.initial_conversation ?? null };
    case 'channels_select':
      return { type: el.type, selected_channel: el.initial_channel ?? null };
    case 'datepicker':
      return { type: el.type, selected_date: el.initial_date ?? null };
    case 'timepicker':
      return { type: el.type, selected_time: el.initial_time ?? null };
    default:
      return { type: el.type };
  }
}

/** What a block action carries for a state value (the signer's names). */
function actionFields(value) {
  return {
    ...(value.selected_option ? { selectedOption: value.selected_option } : {}),
    ...(value.selected_options ? { selectedOptions: value.selected_options } : {}),
    ...(value.selected_user ? { selectedUser: value.selected_user } : {}),
    ...(value.selected_users ? { selectedUsers: value.selected_users } : {}),
    ...(value.selected_date ? { selectedDate: value.selected_date } : {}),
    ...(value.selected_time ? { selectedTime: value.selected_time } : {}),
    ...(value.selected_conversation ? { selectedConversation: value.selected_conversation } : {}),
    ...(value.value !== undefined && value.value !== null ? { value: value.value } : {}),
  };
}

/** Sends the action, or (in an input block) stores the value; asks the element's confirm first. */
async function changed(el, blockId, value, ctx, inInput) {
  if (inInput) {
    ctx.values.set(blockId, el.action_id, value);
    if (!el.dispatch_action) return;
  }
  if (el.confirm && !(await ctx.confirm(el.confirm))) return false;
  await ctx.act({ actionId: el.action_id, blockId, type: el.type, ...actionFields(value) });
  return true;
}

function current(el, blockId, ctx, inInput) {
  return inInput ? (ctx.values.get(blockId, el.action_id) ?? initialValue(el)) : initialValue(el);
}

function Button({ el, blockId, ctx }) {
  const style = el.style ? ` bk-button-${el.style}` : '';
  const click = async () => {
    if (el.confirm && !(await ctx.confirm(el.confirm))) return;
    if (el.url) window.open(el.url, '_blank', 'noreferrer');
    await ctx.act({ actionId: el.action_id, blockId, type: 'button', value: el.value });
  };
  return html`<button type="button" class=${`bk-button${style}`} data-action-id=${el.action_id} onClick=${click}>
    ${plainText(el.text, ctx)}
  </button>`;
}

function StaticSelect({ el, blockId, ctx, inInput }) {
  const options = optionsOf(el);
  const value = current(el, blockId, ctx, inInput).selected_option;
  const [shown, setShown] = useState(value?.value ?? '');
  useEffect(() => setShown(value?.value ?? ''), [value?.value]);
  const onChange = async (event) => {
    const picked = options.find((o) => o.value === event.target.value);
    setShown(event.target.value);
    const sent = await changed(el, blockId, { type: el.type, selected_option: picked ?? null }, ctx, inInput);
    if (sent === false) setShown(value?.value ?? '');
  };
  const option = (o) => html`<option value=${o.value}>${label(o, ctx)}</option>`;
  return html`<select class="bk-select" data-action-id=${el.action_id} aria-label=${plainText(el.placeholder, ctx) || el.action_id} value=${shown} onChange=${onChange}>
    <option value="" disabled>${plainText(el.placeholder, ctx) || 'Select an item'}</option>
    ${
      el.option_groups
        ? el.option_groups.map(
            (g) =>
              html`<optgroup label=${plainText(g.label, ctx)}>${(g.options ?? []).map(option)}</optgroup>`,
          )
        : options.map(option)
    }
  </select>`;
}

function MultiStaticSelect({ el, blockId, ctx, inInput }) {
  const options = optionsOf(el);
  const picked = current(el, blockId, ctx, inInput).selected_options ?? [];
  const set = (next) => changed(el, blockId, { type: el.type, selected_options: next }, ctx, inInput);
  return html`<${Chips}
    actionId=${el.action_id}
    items=${picked.map((o) => ({ id: o.value, label: label(o, ctx) }))}
    choices=${options.filter((o) => !picked.some((p) => p.value === o.value)).map((o) => ({ id: o.value, label: label(o, ctx) }))}
    placeholder=${plainText(el.placeholder, ctx) || 'Select options'}
    onAdd=${(id) => set([...picked, options.find((o) => o.value === id)])}
    onRemove=${(id) => set(picked.filter((o) => o.value !== id))}
  />`;
}

function UsersSelect({ el, blockId, ctx, inInput }) {
  const value = current(el, blockId, ctx, inInput).selected_user ?? '';
  const [shown, setShown] = useState(value);
  useEffect(() => setShown(value), [value]);
  const onChange = async (event) => {
    setShown(event.target.value);
    const sent = await changed(
      el,
      blockId,
      { type: el.type, selected_user: event.target.value },
      ctx,
      inInput,
    );
    if (sent === false) setShown(value);
  };
  return html`<select class="bk-select" data-action-id=${el.action_id} aria-label=${plainText(el.placeholder, ctx) || 'Select a person'} value=${shown} onChange=${onChange}>
    <option value="" disabled>${plainText(el.placeholder, ctx) || 'Select a person'}</option>
    ${humans(ctx).map((u) => html`<option value=${u.id}>${u.realName}</option>`)}
  </select>`;
}

function MultiUsersSelect({ el, blockId, ctx, inInput }) {
  const picked = current(el, blockId, ctx, inInput).selected_users ?? [];
  const name = (id) => humans(ctx).find((u) => u.id === id)?.realName ?? id;
  const set = (next) => changed(el, blockId, { type: el.type, selected_users: next }, ctx, inInput);
  return html`<${Chips}
    actionId=${el.action_id}
    items=${picked.map((id) => ({ id, label: name(id) }))}
    choices=${humans(ctx)
      .filter((u) => !picked.includes(u.id))
      .map((u) => ({ id: u.id, label: u.realName }))}
    placeholder=${plainText(el.placeholder, ctx) || 'Select people'}
    onAdd=${(id) => set([...picked, id])}
    onRemove=${(id) => set(picked.filter((each) => each !== id))}
  />`;
}

function Chips({ actionId, items, choices, placeholder, onAdd, onRemove }) {
  return html`<div class="bk-chips" data-action-id=${actionId}>
    ${items.map(
      (item) =>
        html`<span class="bk-chip">${item.label}<button type="button" aria-label=${`Remove ${item.label}`} onClick=${() => onRemove(item.id)}>×</button></span>`,
    )}
    <select class="bk-chip-add" aria-label=${placeholder} value="" onChange=${(e) => e.target.value && onAdd(e.target.value)}>
      <option value="">${items.length ? 'Add…' : placeholder}</option>
      ${choices.map((c) => html`<option value=${c.id}>${c.label}</option>`)}
    </select>
  </div>`;
}

function ConversationsSelect({ el, blockId, ctx, inInput }) {
  const key = el.type === 'channels_select' ? 'selected_channel' : 'selected_conversation';
  const value = current(el, blockId, ctx, inInput)[key] ?? '';
  const onChange = (event) =>
    changed(el, blockId, { type: el.type, [key]: event.target.value }, ctx, inInput);
  return html`<select class="bk-select" data-action-id=${el.action_id} value=${value} onChange=${onChange}>
    <option value="" disabled>${plainText(el.placeholder, ctx) || 'Select a channel'}</option>
    ${(ctx.channels ?? []).map((c) => html`<option value=${c.id}>#${c.name}</option>`)}
  </select>`;
}

/** An external select: the options come from the app (an options request) as the person types. */
function ExternalSelect({ el, blockId, ctx, inInput }) {
  const value = current(el, blockId, ctx, inInput).selected_option;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [found, setFound] = useState({ options: [], option_groups: [] });
  const [problem, setProblem] = useState('');
  const asked = useRef(0);
  const min = el.min_query_length ?? 3;
  useEffect(() => {
    if (!open || query.length < min) return;
    const ticket = ++asked.current;
    const timer = setTimeout(() => {
      ctx
        .suggest(el.action_id, blockId, query)
        .then((answer) => {
          if (ticket !== asked.current) return;
          setProblem('');
          setFound(answer);
        })
        .catch((error) => setProblem(error.message));
    }, 150);
    return () => clearTimeout(timer);
  }, [query, open]);
  const pick = async (option) => {
    setOpen(false);
    setQuery('');
    await changed(el, blockId, { type: el.type, selected_option: option }, ctx, inInput);
  };
  const options = [...found.options, ...found.option_groups.flatMap((g) => g.options ?? [])];
  return html`<div class="bk-combo" data-action-id=${el.action_id}>
    <input
      class=${`bk-input${value ? ' bk-has-value' : ''}`}
      role="combobox"
      aria-expanded=${open}
      aria-label=${plainText(el.placeholder, ctx) || 'Search'}
      placeholder=${value ? label(value, ctx) : plainText(el.placeholder, ctx) || 'Type to search'}
      value=${query}
      onFocus=${() => setOpen(true)}
      onBlur=${() => setTimeout(() => setOpen(false), 200)}
      onInput=${(e) => setQuery(e.target.value)}
    />
    ${
      open
        ? html`<ul class="bk-combo-list" role="listbox">
          ${
            query.length < min
              ? html`<li class="bk-combo-hint">Type ${min - query.length} more character${min - query.length === 1 ? '' : 's'}…</li>`
              : problem
                ? html`<li class="bk-combo-hint">${problem}</li>`
                : options.length === 0
                  ? html`<li class="bk-combo-hint">No results</li>`
                  : options.map(
                      (o) =>
                        html`<li role="option" onMouseDown=${(e) => e.preventDefault()} onClick=${() => pick(o)}>${label(o, ctx)}</li>`,
                    )
          }
        </ul>`
        : null
    }
  </div>`;
}

function Overflow({ el, blockId, ctx }) {
  const [open, setOpen] = useState(false);
  const pick = async (option) => {
    setOpen(false);
    if (el.confirm && !(await ctx.confirm(el.confirm))) return;
    if (option.url) window.open(option.url, '_blank', 'noreferrer');
    await ctx.act({
      actionId: el.action_id,
      blockId,
      type: 'overflow',
      selectedOption: { text: option.text, value: option.value },
    });
  };
  return html`<div class="bk-overflow" data-action-id=${el.action_id}>
    <button type="button" class="bk-button bk-overflow-button" aria-label="More actions" aria-haspopup="menu" onClick=${() => setOpen(!open)}>⋮</button>
    ${
      open
        ? html`<ul class="bk-menu" role="menu">
          ${el.options.map((o) => html`<li role="menuitem" onClick=${() => pick(o)}>${label(o, ctx)}</li>`)}
        </ul>`
        : null
    }
  </div>`;
}

function DatePicker({ el, blockId, ctx, inInput }) {
  const value = current(el, blockId, ctx, inInput).selected_date ?? '';
  const onChange = (e) =>
    changed(el, blockId, { type: el.type, selected_date: e.target.value || null }, ctx, inInput);
  return html`<input type="date" class="bk-input bk-date" data-action-id=${el.action_id} aria-label=${plainText(el.placeholder, ctx) || 'Select a date'} value=${value} onChange=${onChange} />`;
}

function TimePicker({ el, blockId, ctx, inInput }) {
  const value = current(el, blockId, ctx, inInput).selected_time ?? '';
  const onChange = (e) =>
    changed(el, blockId, { type: el.type, selected_time: e.target.value || null }, ctx, inInput);
  return html`<input type="time" class="bk-input bk-time" data-action-id=${el.action_id} aria-label=${plainText(el.placeholder, ctx) || 'Select a time'} value=${value} onChange=${onChange} />`;
}

function TextInput({ el, blockId, ctx, inInput }) {
  const value = current(el, blockId, ctx, inInput).value ?? '';
  const type =
    { number_input: 'number', email_text_input: 'email', url_text_input: 'url' }[el.type] ?? 'text';
  const onInput = (e) => ctx.values.set(blockId, el.action_id, { type: el.type, value: e.target.value });
  const common = {
    class: 'bk-input',
    'data-action-id': el.action_id,
    placeholder: plainText(el.placeholder, ctx),
    // An input block's label names its text box, as Slack's does for a screen reader.
    'aria-labelledby': inInput ? `bk-label-${blockId}` : undefined,
    maxLength: el.max_length,
    value,
    onInput,
  };
  return el.multiline ? html`<textarea rows="4" ...${common} />` : html`<input type=${type} ...${common} />`;
}

function Choices({ el, blockId, ctx, inInput }) {
  const multiple = el.type === 'checkboxes';
  const value = current(el, blockId, ctx, inInput);
  const selected = multiple
    ? (value.selected_options ?? [])
    : value.selected_option
      ? [value.selected_option]
      : [];
  const toggle = (option) => {
    const on = selected.some((s) => s.value === option.value);
    const next = multiple
      ? on
        ? selected.filter((s) => s.value !== option.value)
        : [...selected, option]
      : [option];
    return changed(
      el,
      blockId,
      multiple ? { type: el.type, selected_options: next } : { type: el.type, selected_option: option },
      ctx,
      inInput,
    );
  };
  return html`<div class="bk-choices" data-action-id=${el.action_id}>
    ${el.options.map(
      (o) => html`<label class="bk-choice">
        <input type=${multiple ? 'checkbox' : 'radio'} name=${`${blockId}.${el.action_id}`} checked=${selected.some((s) => s.value === o.value)} onChange=${() => toggle(o)} />
        <span><${TextObject} text=${o.text} ctx=${ctx} />${o.description ? html`<${TextObject} text=${o.description} ctx=${ctx} className="bk-choice-description" />` : null}</span>
      </label>`,
    )}
  </div>`;
}

export function ImageElement({ el }) {
  return html`<img class="bk-image-element" src=${el.image_url} alt=${el.alt_text ?? ''} />`;
}

const ELEMENTS = {
  button: Button,
  static_select: StaticSelect,
  multi_static_select: MultiStaticSelect,
  external_select: ExternalSelect,
  multi_external_select: MultiStaticSelect,
  users_select: UsersSelect,
  multi_users_select: MultiUsersSelect,
  conversations_select: ConversationsSelect,
  channels_select: ConversationsSelect,
  overflow: Overflow,
  datepicker: DatePicker,
  timepicker: TimePicker,
  plain_text_input: TextInput,
  number_input: TextInput,
  email_text_input: TextInput,
  url_text_input: TextInput,
  checkboxes: Choices,
  radio_buttons: Choices,
  image: ImageElement,
};

/** One element; inInput says it belongs to an input block (its value goes with the form). */
export function Element({ el, blockId, ctx, inInput = false }) {
  const Component = ELEMENTS[el?.type];
  if (!Component) return html`<span class="bk-unknown">[${el?.type}]</span>`;
  return html`<${Component} el=${el} blockId=${blockId} ctx=${ctx} inInput=${inInput} />`;
}
