import { describe, expect, it } from 'vitest';
import { classifyRequest, ENDPOINTS, SPEC_ENDPOINTS } from '../../../src/contract/index.ts';

describe('endpoint table', () => {
  it('holds exactly the 30 method + path pairs of the spec, once each', () => {
    expect(SPEC_ENDPOINTS).toHaveLength(30);
    const keys = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('GET /projects/{id}/tasks');
    expect(keys).toContain('PUT /projects/{id}/members/{uid}');
  });

  it('names every endpoint uniquely', () => {
    const names = ENDPOINTS.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('rate classes', () => {
  it('counts a list with free text as search, multipart as upload, the rest as general', () => {
    expect(classifyRequest({ method: 'GET', query: { q: 'login' } })).toBe('search');
    expect(classifyRequest({ method: 'GET', query: new URLSearchParams('search=x') })).toBe('search');
    expect(classifyRequest({ method: 'GET', query: { q: '' } })).toBe('general');
    expect(classifyRequest({ method: 'POST', contentType: 'multipart/form-data; boundary=x' })).toBe(
      'upload',
    );
    expect(classifyRequest({ method: 'POST', query: { q: 'x' } })).toBe('general');
  });
});
