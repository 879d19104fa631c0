// What a person typed and has not sent, kept in the browser as Slack keeps it: the message box's
// draft per person and conversation (localStorage: a reload or another tab finds it), and an open
// modal's values per view (sessionStorage: a reload of this tab brings them back). A browser that
// refuses storage only loses the keeping, never the typing.

const DRAFT_PREFIX = 'taskbridge.draft.';
const MODAL_PREFIX = 'taskbridge.modal.';

function read(storage, key) {
  try {
    const text = storage.getItem(key);
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function write(storage, key, value) {
  try {
    if (value === undefined) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or refused: the draft lives on in the page until it is sent.
  }
}

/** The unsent text (and the mentions picked in it) of one person in one conversation or thread. */
export function readDraft(key) {
  const draft = read(localStorage, DRAFT_PREFIX + key);
  return typeof draft?.text === 'string'
    ? { text: draft.text, picks: Array.isArray(draft.picks) ? draft.picks : [] }
    : { text: '', picks: [] };
}

export function writeDraft(key, text, picks) {
  write(localStorage, DRAFT_PREFIX + key, text.trim() ? { text, picks } : undefined);
}

/** The values typed into a modal's inputs, by block id then action id. */
export function readModalValues(viewId) {
  const values = read(sessionStorage, MODAL_PREFIX + viewId);
  return values && typeof values === 'object' && !Array.isArray(values) ? values : {};
}

export function writeModalValues(viewId, values) {
  write(sessionStorage, MODAL_PREFIX + viewId, values);
}

export function forgetModalValues(viewId) {
  write(sessionStorage, MODAL_PREFIX + viewId, undefined);
}
