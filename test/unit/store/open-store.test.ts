import { describe, expect, it } from 'vitest';
import { parseStoreUrl } from '../../../src/store/open-store.ts';
import { escapeGlob, redactUrl } from '../../../src/store/redis-store.ts';

describe('parseStoreUrl', () => {
  it.each([
    ['sqlite:./data/taskbridge.db', { kind: 'sqlite', path: './data/taskbridge.db' }],
    ['sqlite::memory:', { kind: 'sqlite', path: ':memory:' }],
    ['sqlite:///var/lib/tb.db', { kind: 'sqlite', path: '/var/lib/tb.db' }],
    ['redis://127.0.0.1:6379/0', { kind: 'redis', url: 'redis://127.0.0.1:6379/0' }],
    ['rediss://user:pw@cache:6380', { kind: 'redis', url: 'rediss://user:pw@cache:6380' }],
  ])('reads %s', (url, expected) => {
    expect(parseStoreUrl(url)).toEqual(expected);
  });

  it.each([
    ['postgres://db/x', /must start with sqlite: or redis:\/\//],
    ['sqlite:', /no file path/],
    ['./data/x.db', /must start with/],
  ])('refuses %s naming the accepted forms', (url, message) => {
    expect(() => parseStoreUrl(url)).toThrow(message);
    expect(() => parseStoreUrl(url)).toThrow(/sqlite::memory:/);
  });
});

describe('Redis helpers', () => {
  it('escapes glob characters so a prefix matches only itself', () => {
    expect(escapeGlob('team:T1:*?[x]\\')).toBe('team:T1:\\*\\?\\[x\\]\\\\');
  });

  it('hides passwords in URLs shown in errors', () => {
    expect(redactUrl('redis://user:hunter2@h:1/0')).toBe('redis://user:***@h:1/0');
    expect(redactUrl('redis://h:1/0')).toBe('redis://h:1/0');
    expect(redactUrl('not a url')).toBe('the configured STORE_URL');
  });
});
