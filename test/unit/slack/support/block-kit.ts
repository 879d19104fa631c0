/**
 * Renderer output checked the way the Slack emulator checks what it is sent, plus a few rules the
 * emulator leaves to Slack's own rendering (a static menu's initial option is one of its options;
 * picker initial values are well formed; an input's initial text fits its max_length).
 */
import { expect } from 'vitest';
import {
  formatProblem,
  validateMessage,
  validateView,
} from '../../../../src/slack-platform/block-kit-limits.ts';

type Json = Record<string, unknown>;

function walk(value: unknown, visit: (node: Json, path: string) => void, path = ''): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      walk(item, visit, `${path}/${i}`);
    });
  } else if (typeof value === 'object' && value !== null) {
    visit(value as Json, path);
    for (const [key, child] of Object.entries(value)) walk(child, visit, `${path}/${key}`);
  }
}

function extraProblems(payload: unknown): string[] {
  const problems: string[] = [];
  walk(payload, (node, path) => {
    if (node.type === 'static_select' && typeof node.initial_option === 'object' && node.initial_option) {
      const initial = node.initial_option as Json;
      const options = Array.isArray(node.options) ? (node.options as Json[]) : [];
      const same = options.some((o) => JSON.stringify(o) === JSON.stringify(initial));
      if (!same) problems.push(`${path}/initial_option is not exactly one of the options`);
    }
    if (
      node.type === 'datepicker' &&
      node.initial_date !== undefined &&
      !/^\d{4}-\d{2}-\d{2}$/.test(String(node.initial_date))
    ) {
      problems.push(`${path}/initial_date is not YYYY-MM-DD`);
    }
    if (
      node.type === 'timepicker' &&
      node.initial_time !== undefined &&
      !/^\d{2}:\d{2}$/.test(String(node.initial_time))
    ) {
      problems.push(`${path}/initial_time is not HH:mm`);
    }
    if (node.type === 'plain_text_input') {
      const max = typeof node.max_length === 'number' ? node.max_length : 3000;
      if (max > 3000) problems.push(`${path}/max_length is over 3000`);
      if (typeof node.initial_value === 'string' && node.initial_value.length > max) {
        problems.push(`${path}/initial_value is longer than max_length`);
      }
    }
  });
  return problems;
}

/** Fails the test with every problem listed when a message breaks a limit or lacks a fallback. */
export function expectMessageWithinLimits(message: { text: string; blocks: unknown[] }): void {
  const problems = [...validateMessage(message).map(formatProblem), ...extraProblems(message)];
  expect(problems).toEqual([]);
}

/** The same for a modal or Home tab. */
export function expectViewWithinLimits(view: unknown): void {
  const problems = [...validateView(view).map(formatProblem), ...extraProblems(view)];
  expect(problems).toEqual([]);
}

/** Every string in a payload, for checks such as "no raw < from user text". */
export function allStrings(value: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(visit);
  };
  visit(value);
  return out;
}
