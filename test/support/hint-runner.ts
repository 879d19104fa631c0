/**
 * Runs the commands the app tells people to type, as a linked person would copy them: the hints
 * are read out of the app's own replies (help, help for each verb, every error's suggestion) and out
 * of the source's reply texts, placeholders become real names and numbers, and each is sent signed.
 * A reply is a failure when it is one of the app's error answers.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskbridgeApp } from '../../src/create-app.ts';
import { settle } from '../../src/lib/manual-clock.ts';
import { messageToText } from '../../src/local/blocks-to-text.ts';
import type { RecordedCall } from '../../src/slack-emulator/model.ts';
import { type AppWork, watchAppWork } from './app-work.ts';
import type { Harness } from './harness.ts';

/** Commands in backticks: `/task …`. */
const HINT = /`\/task(?: ([^`]*))?`/g;

/** Every `/task …` in backticks in a text, without the `/task`. */
export function hintsIn(text: string): string[] {
  return [...text.matchAll(HINT)].map((m) => (m[1] ?? '').trim());
}

/** Every string inside a reply (texts of blocks, fallbacks, modal labels), in order. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** The hints of every reply. */
export function hintsOfReplies(outcome: Outcome): string[] {
  return stringsOf(outcome.replies).flatMap(hintsIn);
}

/**
 * Hints written in the source's reply texts: in a template literal the backticks are escaped
 * (\`/task …\`). Texts built from variables (`${…}`) are left to the replies that show them.
 */
export function hintsInSource(root: string): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts')) {
        // Comments name verbs in passing; only the texts of replies are hints.
        const text = readFileSync(path, 'utf8')
          .split('\n')
          .filter((line) => !/^\s*(?:\*|\/\/|\/\*\*)/.test(line))
          .join('\n')
          .replaceAll('\\`', '`');
        for (const hint of hintsIn(text)) if (!hint.includes('${')) found.add(hint);
      }
    }
  };
  walk(root);
  return [...found];
}

/** A usage line (`[#Project]`, `ID @person… | me`) describes a command; it is not one to copy. */
export function isUsage(hint: string): boolean {
  return /[[\]|…]|\.\.\./.test(hint) || /(?:^| )(?:VERB|ROLE)(?: |$)/.test(hint);
}

export interface Ids {
  task: () => Promise<number>;
  goal: number;
  mindMap: number;
  workspace: number;
  sprint: number;
  sprintName: string;
}

/** The hint with its placeholders made real: ids by the verb they follow, names, dates. */
export async function concrete(hint: string, ids: Ids): Promise<string> {
  let text = hint
    .replace(/#(?:Project|Name)\b/g, '#Website')
    .replace(/@person\b/g, '<@U0BEN|ben>')
    .replace(/\bEMAIL\b/g, 'new.person@example.com')
    .replace(/\bDATE\b/g, 'friday')
    .replace(/\bSTATUS\b/g, 'at risk')
    .replace(/\bNAME\b/g, `"${ids.sprintName}"`)
    .replace(/\bWHEN\b/g, 'in 1 hour');
  const verb = text.split(/\s+/)[0] ?? '';
  if (
    ['show', 'done', 'assign', 'due', 'delete', 'remind', 'reminder'].includes(verb) &&
    /\b(?:ID|\d+)\b/.test(text)
  ) {
    text = text.replace(/\b(?:ID|\d+)\b/, String(await ids.task()));
  } else if (/^(?:goal|okr)\b/.test(text)) {
    text = text.replace(/\b(?:ID|\d+)\b/, String(ids.goal));
  } else if (/^mindmaps? (?:show|open|view)\b/.test(text)) {
    text = text.replace(/\b(?:ID|\d+)\b/, String(ids.mindMap));
  } else if (/^sprints? (?:start|begin|show|report)\b/.test(text)) {
    text = text.replace(/\b(?:ID|\d+)\b/, String(ids.sprint));
  } else if (/^workspaces?\b/.test(text)) {
    text = text.replace(/\b(?:ID|\d+)\b/, String(ids.workspace));
  }
  return text;
}

export interface Outcome {
  /** What the person saw, as text. */
  seen: string;
  /** Each reply as sent (ack body, response_url posts, posts, opened modals). */
  replies: unknown[];
}

/** How the app's error answers begin (see failure-message.ts, errors.ts, link-offer.ts). */
const FAILURE = [
  ':warning:',
  ':mag:',
  ':no_entry:',
  ':no_entry_sign:',
  ':electric_plug:',
  ':lock:',
  ':hourglass:',
  ':grey_question:',
  'offer_link',
];

/**
 * How the app says a feature does what it can against a service that shows less than ours (the
 * spec-minimal profile): a clear word, not a failure of the hint.
 */
const DEGRADED = [/not shown by the service/, /service does not (show|let Taskbridge)/];

/**
 * The start of the first error answer among the replies, or null. `degraded`: answers that say the
 * service does not show what a feature needs count as working (only against a spec-minimal service).
 */
export function failureIn(outcome: Outcome, degraded = false): string | null {
  for (const text of stringsOf(outcome.replies)) {
    const start = text.trimStart();
    if (degraded && DEGRADED.some((d) => d.test(text))) continue;
    const marker = FAILURE.find((m) => start.startsWith(m) || (m === 'offer_link' && text.includes(m)));
    if (marker) return start.slice(0, 80);
    // A command that worked but left part of itself undone (a person not assigned, a date not read).
    const partial = ["isn't a command I know", 'but not assigned', "couldn't read"].find((m) =>
      text.includes(m),
    );
    if (partial) return text.slice(0, 120);
  }
  return null;
}

const REPLY_METHODS = new Set(['response_url', 'views.open', 'chat.postMessage', 'chat.postEphemeral']);

/** One watcher of the app's requests per app (its middleware is added once). */
const watchers = new WeakMap<TaskbridgeApp, AppWork>();
function workOf(app: TaskbridgeApp): AppWork {
  let work = watchers.get(app);
  if (!work) {
    work = watchAppWork(app);
    watchers.set(app, work);
  }
  return work;
}

/**
 * Sends `/task text` as the person and collects what the app answered: the ack body, then the
 * replies made until the app has settled: no request under way in its listeners, and nothing more
 * arriving at the emulator over a few turns of the event loop (what an ended listener left on its
 * way). No fixed quiet: a command that has answered is done as soon as the app is. A command that
 * has said nothing at all is given up to `waitMs` to say something.
 */
export async function runCommand(
  h: Harness,
  text: string,
  options: { user: string; channel?: string; waitMs?: number },
): Promise<Outcome> {
  const work = workOf(h.app);
  const before = h.emulator.calls().length;
  const response = await h.signer.command(`/task ${text}`, {
    user: options.user,
    channel: options.channel ?? 'general',
  });
  const replies: unknown[] = [];
  const ack = response.body;
  const acked = ack && typeof ack === 'object' && Object.keys(ack as object).length > 0;
  if (acked) replies.push(ack);
  const fresh = (): RecordedCall[] =>
    h.emulator
      .calls()
      .slice(before)
      // A message that came in the ack is already the first reply.
      .filter((c) => REPLY_METHODS.has(c.method) && c.via !== 'ack');
  const waitMs = options.waitMs ?? 5_000;
  const deadline = Date.now() + waitMs;
  let seen = -1;
  for (;;) {
    await work.settled(10_000);
    await settle();
    const now = h.emulator.calls().length;
    if (now === seen && (acked || fresh().length > 0)) break;
    if (Date.now() > deadline) break;
    // Nothing said yet: the answer is on its way over the network.
    if (now === seen) await new Promise((resolve) => setTimeout(resolve, 10));
    seen = now;
  }
  for (const call of fresh()) {
    replies.push(
      call.method === 'views.open' ? { modal: call.args.view, response: call.response } : call.args,
    );
  }
  const seenText = replies
    .map((r) => {
      const reply = r as { modal?: { blocks?: unknown }; blocks?: unknown; text?: unknown };
      return messageToText(reply.modal ?? reply);
    })
    .join('\n---\n');
  return { seen: seenText, replies };
}
