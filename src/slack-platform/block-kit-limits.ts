/**
 * Block Kit limits in one place, and checkers that list every breach. The emulator refuses payloads
 * with these; renderers' tests run the same checkers so a message that passes here posts in Slack.
 * The app's renderers (slack/ui/limits.ts, the digest) cut to these same numbers.
 * Numbers follow https://api.slack.com/reference/block-kit (see docs/slack-platform.md); where Slack
 * allows more, the stricter number is our own rule (message text 4000, option value 75, a required
 * text fallback).
 */
export const BLOCK_KIT_LIMITS = {
  messageBlocks: 50,
  viewBlocks: 100,
  /** Slack's hard cap is 40,000; past 4000 it truncates in places, so we stop there. */
  messageText: 4000,
  sectionText: 3000,
  sectionFields: 10,
  sectionFieldText: 2000,
  headerText: 150,
  contextElements: 10,
  /** Text of one context element. */
  contextText: 3000,
  actionsElements: 25,
  buttonText: 75,
  buttonValue: 2000,
  url: 3000,
  actionId: 255,
  blockId: 255,
  optionText: 75,
  /** Slack allows 150; some clients drop longer values, so 75 is our safe bound. */
  optionValue: 75,
  optionDescription: 75,
  staticSelectOptions: 100,
  optionGroups: 100,
  overflowOptions: 5,
  checkboxOptions: 10,
  radioOptions: 10,
  placeholder: 150,
  /** The largest `max_length` a plain_text_input may ask for. */
  plainTextInput: 3000,
  inputLabel: 2000,
  inputHint: 2000,
  imageAltText: 2000,
  confirmTitle: 100,
  confirmText: 300,
  confirmButton: 30,
  viewTitle: 24,
  viewSubmit: 24,
  viewClose: 24,
  privateMetadata: 3000,
  callbackId: 255,
  externalId: 255,
  viewJsonBytes: 250_000,
} as const;

/** Which error code Slack answers for a problem, most telling first. */
type BlockKitProblemCode =
  | 'no_text'
  | 'missing_text_fallback'
  | 'msg_too_long'
  | 'invalid_blocks_format'
  | 'invalid_blocks'
  | 'invalid_arguments';

export interface BlockKitProblem {
  code: BlockKitProblemCode;
  /** JSON pointer to the offending value, e.g. `/blocks/2/text/text`. */
  pointer: string;
  message: string;
}

/** Slack's wording in `response_metadata.messages`. */
export function formatProblem(problem: BlockKitProblem): string {
  return `[ERROR] ${problem.message} [json-pointer:${problem.pointer}]`;
}

type Surface = 'message' | 'modal' | 'home';
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

class Checker {
  readonly problems: BlockKitProblem[] = [];
  readonly code: BlockKitProblemCode;

  /** @param code the code problems get unless a check names another. */
  constructor(code: BlockKitProblemCode) {
    this.code = code;
  }

  add(pointer: string, message: string, code: BlockKitProblemCode = this.code): void {
    this.problems.push({ code, pointer, message });
  }

  maxLength(pointer: string, value: unknown, max: number, what = 'value'): void {
    if (typeof value === 'string' && value.length > max) {
      this.add(pointer, `${what} must be at most ${max} characters (got ${value.length})`);
    }
  }

  /** A text object; `plainOnly` where Slack accepts plain_text alone (headers, buttons, titles, options). */
  text(
    pointer: string,
    value: unknown,
    max: number,
    options: { plainOnly?: boolean; required?: boolean } = {},
  ): void {
    if (value === undefined) {
      if (options.required) this.add(pointer, 'is required');
      return;
    }
    if (!isObject(value)) {
      this.add(pointer, 'must be a text object {type, text}');
      return;
    }
    const allowed = options.plainOnly ? ['plain_text'] : ['plain_text', 'mrkdwn'];
    if (!allowed.includes(value.type as string)) {
      this.add(`${pointer}/type`, `must be ${allowed.join(' or ')}`);
    }
    if (typeof value.text !== 'string') {
      this.add(`${pointer}/text`, 'must be a string');
      return;
    }
    if (value.text.length === 0) this.add(`${pointer}/text`, 'must not be empty');
    this.maxLength(`${pointer}/text`, value.text, max, 'text');
  }
}

/**
 * Checks a chat message (`chat.postMessage`, `chat.update`, `chat.postEphemeral`, a response_url post):
 * a top-level `text` is required whenever blocks are sent (our strict rule), text ≤ 4000, ≤ 50 blocks,
 * and every block within its limits. Returns every problem found; an empty list means it is valid.
 */
export function validateMessage(payload: {
  text?: unknown;
  blocks?: unknown;
  attachments?: unknown;
}): BlockKitProblem[] {
  const check = new Checker('invalid_blocks');
  const hasText = typeof payload.text === 'string' && payload.text.trim() !== '';
  const hasBlocks = Array.isArray(payload.blocks) && payload.blocks.length > 0;
  const hasAttachments = Array.isArray(payload.attachments) && payload.attachments.length > 0;
  if (payload.text !== undefined && typeof payload.text !== 'string') {
    check.add('/text', 'must be a string', 'invalid_arguments');
  }
  if (!hasText && hasBlocks) {
    check.add(
      '/text',
      'a text fallback is required with blocks (notifications and screen readers use it)',
      'missing_text_fallback',
    );
  } else if (!hasText && !hasAttachments) {
    check.add('/text', 'a message needs text or blocks', 'no_text');
  }
  if (typeof payload.text === 'string' && payload.text.length > BLOCK_KIT_LIMITS.messageText) {
    const max = BLOCK_KIT_LIMITS.messageText;
    check.add(
      '/text',
      `message text must be at most ${max} characters (got ${payload.text.length})`,
      'msg_too_long',
    );
  }
  if (payload.blocks !== undefined) blocks(check, '/blocks', payload.blocks, 'message');
  if (payload.attachments !== undefined && !Array.isArray(payload.attachments)) {
    check.add('/attachments', 'must be an array', 'invalid_arguments');
  }
  return check.problems;
}

/** Checks a view for `views.open`/`push`/`update`/`publish`: modal or home. Returns every problem found. */
export function validateView(view: unknown): BlockKitProblem[] {
  const check = new Checker('invalid_arguments');
  if (!isObject(view)) {
    check.add('/view', 'must be a view object');
    return check.problems;
  }
  const size = Buffer.byteLength(JSON.stringify(view), 'utf8');
  if (size > BLOCK_KIT_LIMITS.viewJsonBytes) {
    check.add('/view', `view JSON must be at most ${BLOCK_KIT_LIMITS.viewJsonBytes} bytes (got ${size})`);
  }
  const type = view.type;
  if (type !== 'modal' && type !== 'home') {
    check.add('/view/type', 'must be modal or home');
    return check.problems;
  }
  if (type === 'modal') {
    check.text('/view/title', view.title, BLOCK_KIT_LIMITS.viewTitle, { plainOnly: true, required: true });
    check.text('/view/submit', view.submit, BLOCK_KIT_LIMITS.viewSubmit, { plainOnly: true });
    check.text('/view/close', view.close, BLOCK_KIT_LIMITS.viewClose, { plainOnly: true });
    const hasInput =
      Array.isArray(view.blocks) && view.blocks.some((block) => isObject(block) && block.type === 'input');
    if (hasInput && view.submit === undefined)
      check.add('/view/submit', 'is required when the view has input blocks');
  }
  for (const [field, max] of [
    ['private_metadata', BLOCK_KIT_LIMITS.privateMetadata],
    ['callback_id', BLOCK_KIT_LIMITS.callbackId],
    ['external_id', BLOCK_KIT_LIMITS.externalId],
  ] as const) {
    const value = view[field];
    if (value !== undefined && typeof value !== 'string') check.add(`/view/${field}`, 'must be a string');
    check.maxLength(`/view/${field}`, value, max, field);
  }
  if (view.blocks === undefined) check.add('/view/blocks', 'is required');
  else blocks(check, '/view/blocks', view.blocks, type);
  return check.problems;
}

/** Checks a bare list of blocks for a surface (e.g. a link unfurl's blocks). */
export function validateBlocks(
  list: unknown,
  surface: 'message' | 'modal' | 'home' = 'message',
): BlockKitProblem[] {
  const check = new Checker(surface === 'message' ? 'invalid_blocks' : 'invalid_arguments');
  blocks(check, '/blocks', list, surface);
  return check.problems;
}

function blocks(check: Checker, pointer: string, value: unknown, surface: Surface): void {
  if (!Array.isArray(value)) {
    check.add(
      pointer,
      'must be an array of blocks',
      surface === 'message' ? 'invalid_blocks_format' : check.code,
    );
    return;
  }
  const max = surface === 'message' ? BLOCK_KIT_LIMITS.messageBlocks : BLOCK_KIT_LIMITS.viewBlocks;
  if (value.length > max) check.add(pointer, `must hold at most ${max} blocks (got ${value.length})`);
  const blockIds = new Set<string>();
  value.forEach((block, index) => {
    const at = `${pointer}/${index}`;
    if (!isObject(block)) {
      check.add(at, 'must be a block object');
      return;
    }
    if (block.block_id !== undefined) {
      if (typeof block.block_id !== 'string' || block.block_id === '') {
        check.add(`${at}/block_id`, 'must be a non-empty string');
      } else {
        check.maxLength(`${at}/block_id`, block.block_id, BLOCK_KIT_LIMITS.blockId, 'block_id');
        if (blockIds.has(block.block_id))
          check.add(`${at}/block_id`, `block_id "${block.block_id}" is used twice`);
        blockIds.add(block.block_id);
      }
    }
    blockBody(check, at, block, surface);
  });
}

function blockBody(check: Checker, at: string, block: Json, surface: Surface): void {
  const limits = BLOCK_KIT_LIMITS;
  switch (block.type) {
    case 'section': {
      if (block.text === undefined && block.fields === undefined)
        check.add(at, 'a section needs text or fields');
      check.text(`${at}/text`, block.text, limits.sectionText);
      if (block.fields !== undefined) {
        if (!Array.isArray(block.fields)) check.add(`${at}/fields`, 'must be an array');
        else {
          if (block.fields.length > limits.sectionFields) {
            check.add(
              `${at}/fields`,
              `must hold at most ${limits.sectionFields} fields (got ${block.fields.length})`,
            );
          }
          block.fields.forEach((field, index) => {
            check.text(`${at}/fields/${index}`, field, limits.sectionFieldText, { required: true });
          });
        }
      }
      if (block.accessory !== undefined) element(check, `${at}/accessory`, block.accessory);
      return;
    }
    case 'header':
      check.text(`${at}/text`, block.text, limits.headerText, { plainOnly: true, required: true });
      return;
    case 'divider':
      return;
    case 'context': {
      if (!Array.isArray(block.elements) || block.elements.length === 0) {
        check.add(`${at}/elements`, 'must be a non-empty array');
        return;
      }
      if (block.elements.length > limits.contextElements) {
        check.add(
          `${at}/elements`,
          `must hold at most ${limits.contextElements} elements (got ${block.elements.length})`,
        );
      }
      block.elements.forEach((item, index) => {
        const itemAt = `${at}/elements/${index}`;
        if (isObject(item) && item.type === 'image') image(check, itemAt, item);
        else check.text(itemAt, item, limits.contextText, { required: true });
      });
      return;
    }
    case 'actions': {
      if (!Array.isArray(block.elements) || block.elements.length === 0) {
        check.add(`${at}/elements`, 'must be a non-empty array');
        return;
      }
      if (block.elements.length > limits.actionsElements) {
        check.add(
          `${at}/elements`,
          `must hold at most ${limits.actionsElements} elements (got ${block.elements.length})`,
        );
      }
      const actionIds = new Set<string>();
      block.elements.forEach((item, index) => {
        element(check, `${at}/elements/${index}`, item);
        const actionId = isObject(item) ? item.action_id : undefined;
        if (typeof actionId !== 'string') return;
        // Slack routes an action by block_id + action_id, so two equal ids in one block are ambiguous.
        if (actionIds.has(actionId))
          check.add(`${at}/elements/${index}/action_id`, `action_id "${actionId}" is used twice`);
        actionIds.add(actionId);
      });
      return;
    }
    case 'input': {
      if (surface === 'message') check.add(at, 'input blocks belong in modals and Home tabs');
      check.text(`${at}/label`, block.label, limits.inputLabel, { plainOnly: true, required: true });
      check.text(`${at}/hint`, block.hint, limits.inputHint, { plainOnly: true });
      if (block.element === undefined) check.add(`${at}/element`, 'is required');
      else element(check, `${at}/element`, block.element);
      return;
    }
    case 'image':
      image(check, at, block);
      return;
    case 'rich_text':
    case 'video':
    case 'file':
    case 'markdown':
      return;
    default:
      check.add(`${at}/type`, `unknown block type ${JSON.stringify(block.type)}`);
  }
}

function image(check: Checker, at: string, item: Json): void {
  if (typeof item.image_url !== 'string' && !isObject(item.slack_file))
    check.add(`${at}/image_url`, 'is required');
  check.maxLength(`${at}/image_url`, item.image_url, BLOCK_KIT_LIMITS.url, 'image_url');
  if (typeof item.alt_text !== 'string') check.add(`${at}/alt_text`, 'is required');
  check.maxLength(`${at}/alt_text`, item.alt_text, BLOCK_KIT_LIMITS.imageAltText, 'alt_text');
}

function element(check: Checker, at: string, item: unknown): void {
  const limits = BLOCK_KIT_LIMITS;
  if (!isObject(item)) {
    check.add(at, 'must be an element object');
    return;
  }
  if (item.type === 'image') {
    image(check, at, item);
    return;
  }
  if (item.action_id !== undefined) {
    if (typeof item.action_id !== 'string' || item.action_id === '') {
      check.add(`${at}/action_id`, 'must be a non-empty string');
    } else {
      check.maxLength(`${at}/action_id`, item.action_id, limits.actionId, 'action_id');
    }
  }
  check.text(`${at}/placeholder`, item.placeholder, limits.placeholder, { plainOnly: true });
  if (item.confirm !== undefined) confirm(check, `${at}/confirm`, item.confirm);
  switch (item.type) {
    case 'button':
      check.text(`${at}/text`, item.text, limits.buttonText, { plainOnly: true, required: true });
      check.maxLength(`${at}/value`, item.value, limits.buttonValue, 'button value');
      check.maxLength(`${at}/url`, item.url, limits.url, 'url');
      if (item.style !== undefined && item.style !== 'primary' && item.style !== 'danger') {
        check.add(`${at}/style`, 'must be primary or danger');
      }
      return;
    case 'static_select':
    case 'multi_static_select':
      if (item.option_groups !== undefined) {
        if (!Array.isArray(item.option_groups)) {
          check.add(`${at}/option_groups`, 'must be an array');
          return;
        }
        if (item.option_groups.length > limits.optionGroups) {
          check.add(`${at}/option_groups`, `must hold at most ${limits.optionGroups} groups`);
        }
        item.option_groups.forEach((group, index) => {
          const groupAt = `${at}/option_groups/${index}`;
          if (!isObject(group)) {
            check.add(groupAt, 'must be an option group');
            return;
          }
          check.text(`${groupAt}/label`, group.label, limits.optionText, { plainOnly: true, required: true });
          options(check, `${groupAt}/options`, group.options, limits.staticSelectOptions, 1);
        });
        return;
      }
      options(check, `${at}/options`, item.options, limits.staticSelectOptions, 1);
      return;
    case 'overflow':
      options(check, `${at}/options`, item.options, limits.overflowOptions, 1);
      return;
    case 'checkboxes':
      options(check, `${at}/options`, item.options, limits.checkboxOptions, 1);
      return;
    case 'radio_buttons':
      options(check, `${at}/options`, item.options, limits.radioOptions, 1);
      return;
    case 'external_select':
    case 'multi_external_select':
    case 'users_select':
    case 'multi_users_select':
    case 'conversations_select':
    case 'multi_conversations_select':
    case 'channels_select':
    case 'multi_channels_select':
    case 'datepicker':
    case 'timepicker':
    case 'datetimepicker':
    case 'plain_text_input':
    case 'email_text_input':
    case 'url_text_input':
    case 'number_input':
    case 'rich_text_input':
    case 'file_input':
    case 'workflow_button':
      return;
    default:
      check.add(`${at}/type`, `unknown element type ${JSON.stringify(item.type)}`);
  }
}

function options(check: Checker, at: string, value: unknown, max: number, min: number): void {
  if (!Array.isArray(value)) {
    check.add(at, 'must be an array of options');
    return;
  }
  if (value.length < min) check.add(at, `must hold at least ${min} option`);
  if (value.length > max) check.add(at, `must hold at most ${max} options (got ${value.length})`);
  value.forEach((option, index) => {
    const optionAt = `${at}/${index}`;
    if (!isObject(option)) {
      check.add(optionAt, 'must be an option {text, value}');
      return;
    }
    check.text(`${optionAt}/text`, option.text, BLOCK_KIT_LIMITS.optionText, { required: true });
    check.text(`${optionAt}/description`, option.description, BLOCK_KIT_LIMITS.optionDescription);
    if (typeof option.value !== 'string') check.add(`${optionAt}/value`, 'is required');
    check.maxLength(`${optionAt}/value`, option.value, BLOCK_KIT_LIMITS.optionValue, 'option value');
    check.maxLength(`${optionAt}/url`, option.url, BLOCK_KIT_LIMITS.url, 'url');
  });
}

function confirm(check: Checker, at: string, value: unknown): void {
  if (!isObject(value)) {
    check.add(at, 'must be a confirmation dialog object');
    return;
  }
  check.text(`${at}/title`, value.title, BLOCK_KIT_LIMITS.confirmTitle, { plainOnly: true, required: true });
  check.text(`${at}/text`, value.text, BLOCK_KIT_LIMITS.confirmText, { required: true });
  check.text(`${at}/confirm`, value.confirm, BLOCK_KIT_LIMITS.confirmButton, {
    plainOnly: true,
    required: true,
  });
  check.text(`${at}/deny`, value.deny, BLOCK_KIT_LIMITS.confirmButton, { plainOnly: true, required: true });
}
