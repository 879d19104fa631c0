import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ReadProblem, readPage, readRecord } from '../../../src/api/envelopes.ts';

const Item = z.looseObject({ id: z.number(), name: z.string() });
const url = new URL('http://127.0.0.1:4010/api/projects?per_page=50');
const read = (json: unknown, headers: Record<string, string> = {}, requestUrl = url) =>
  readPage(json, Item, { requestUrl, headers });

describe('single records', () => {
  it('reads a record bare or in {data}, keeping unknown fields', () => {
    expect(readRecord({ data: { id: 1, name: 'a', extra: true } }, Item)).toEqual({
      id: 1,
      name: 'a',
      extra: true,
    });
    expect(readRecord({ id: 1, name: 'a' }, Item)).toEqual({ id: 1, name: 'a' });
  });

  it('does not unwrap a record that merely has a data field', () => {
    expect(readRecord({ id: 1, name: 'a', data: { x: 1 } }, Item)).toEqual({
      id: 1,
      name: 'a',
      data: { x: 1 },
    });
  });

  it('names what is wrong', () => {
    expect(() => readRecord({ data: { id: 'one', name: 2 } }, Item)).toThrow(
      /id: Invalid input: expected number, received string; name: Invalid input: expected string, received number/,
    );
  });
});

describe('pages', () => {
  it("pages by the server's meta, not by what was asked (a server may clamp per_page)", () => {
    const page = read({
      data: [{ id: 1, name: 'a' }],
      meta: { total: 45, per_page: 20, current_page: 1, last_page: 3 },
    });
    expect(page.meta).toEqual({ total: 45, per_page: 20, current_page: 1, last_page: 3 });
    expect(page.next).toEqual({ page: 2, per_page: 20 });
  });

  it('derives last_page from total when meta leaves it out, and stops on the last page', () => {
    const last = read({ data: [{ id: 1, name: 'a' }], meta: { total: 41, per_page: 20, current_page: 3 } });
    expect(last.meta.last_page).toBe(3);
    expect(last.next).toBeNull();
  });

  it("reads Laravel's flat paginator and its next_page_url", () => {
    const page = read({
      current_page: 1,
      data: [{ id: 1, name: 'a' }],
      per_page: 1,
      total: 2,
      next_page_url: 'http://127.0.0.1:4010/api/projects?page=2',
    });
    expect(page.meta).toEqual({ total: 2, per_page: 1, current_page: 1, last_page: 2 });
    expect(page.next).toEqual({ page: '2' });
  });

  it('follows links.next and a Link header, carrying their cursors', () => {
    expect(read({ data: [], links: { next: '/api/projects?cursor=abc' } }).next).toEqual({ cursor: 'abc' });
    const viaHeader = read([{ id: 1, name: 'a' }], {
      link: '<http://127.0.0.1:4010/api/projects?page=1>; rel="prev", <http://127.0.0.1:4010/api/projects?page=3&per_page=2>; rel="next"',
    });
    expect(viaHeader.next).toEqual({ page: '3', per_page: '2' });
    expect(viaHeader.meta.total).toBeNull();
  });

  it('refuses to follow a next link to another host or list: the token would go with it', () => {
    expect(() => read({ data: [], links: { next: 'https://evil.example/api/projects?page=2' } })).toThrow(
      /leaves the list \(https:\/\/evil.example\/api\/projects\)/,
    );
    expect(() => read({ data: [], links: { next: '/api/tasks?page=2' } })).toThrow(ReadProblem);
  });

  it('treats a bare array without links as the only page', () => {
    const page = read([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    expect(page.data).toHaveLength(2);
    expect(page.next).toBeNull();
  });

  it('skips a record that breaks the shape, keeps the rest, and names what was wrong', () => {
    const page = read({
      data: [{ id: 1, name: 'a' }, { id: 2 }, { id: 3, name: 'c' }],
      meta: { total: 3, per_page: 15, current_page: 1 },
    });
    expect(page.data.map((r) => r.id)).toEqual([1, 3]);
    expect(page.skipped).toEqual([
      { index: 1, id: 2, problem: 'data[1].name: Invalid input: expected string, received undefined' },
    ]);
    expect(read({ data: [{ id: 1, name: 'a' }] }).skipped).toBeUndefined();
  });

  it('names the record and field when no record of a list can be read', () => {
    expect(() => read({ data: [{ id: 2 }] })).toThrow(
      'data[0].name: Invalid input: expected string, received undefined',
    );
    expect(() => read({ data: {} })).toThrow(/expected a list/);
    expect(() => read({ data: [], meta: { total: -1, per_page: 15, current_page: 1 } })).toThrow(
      /meta.total/,
    );
  });
});
