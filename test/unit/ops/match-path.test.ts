import { describe, expect, it } from 'vitest';
import { matchPath } from '../../../src/ops/ops-server.ts';

describe('the ops server matches route paths as Bolt writes them', () => {
  it('matches equal paths and one segment per :param', () => {
    expect(matchPath('/healthz', '/healthz')).toEqual({});
    expect(matchPath('/service/events/:key', '/service/events/abc_-9')).toEqual({ key: 'abc_-9' });
    expect(matchPath('/service/events/:key', '/service/events/a%20b')).toEqual({ key: 'a b' });
  });

  it('refuses other paths, empty and extra segments, and bad escapes', () => {
    expect(matchPath('/healthz', '/readyz')).toBeNull();
    expect(matchPath('/service/events/:key', '/service/events/')).toBeNull();
    expect(matchPath('/service/events/:key', '/service/events/a/b')).toBeNull();
    expect(matchPath('/service/events/:key', '/service/events/%E0%A4%A')).toBeNull();
  });
});
