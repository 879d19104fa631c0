import { describe, expect, it } from 'vitest';
import { normaliseName } from '../../../../src/lib/names.ts';
import { suggestMember } from '../../../../src/slack/features/account/link-suggest.ts';

const members = [
  { id: 1, name: 'Ana Lima', email: 'ana@acme.test' },
  { id: 2, name: 'José Álvarez', email: 'jose@acme.test' },
  { id: 3, name: 'Sam Lee', email: 'sam.lee@acme.test' },
  { id: 4, name: 'Sam Lee', email: 'sam.lee2@acme.test' },
];

describe('suggestMember', () => {
  it('matches the email first, in any case', () => {
    expect(suggestMember({ email: ' ANA@acme.test ', real_name: 'José Álvarez' }, members)?.id).toBe(1);
  });

  it('falls back to the name, ignoring accents, case, punctuation and order', () => {
    expect(suggestMember({ email: 'jose@home.test', real_name: 'alvarez, jose' }, members)?.id).toBe(2);
    expect(suggestMember({ display_name: 'ana.lima' }, members)?.id).toBe(1);
  });

  it('suggests no one when the name is shared or nothing matches', () => {
    expect(suggestMember({ real_name: 'Sam Lee' }, members)).toBeUndefined();
    expect(suggestMember({ email: 'x@y.test', real_name: 'Nobody' }, members)).toBeUndefined();
    expect(suggestMember({}, members)).toBeUndefined();
  });

  it('still finds a shared name’s owner by email', () => {
    expect(suggestMember({ email: 'sam.lee2@acme.test', real_name: 'Sam Lee' }, members)?.id).toBe(4);
  });
});

describe('normaliseName', () => {
  it('drops accents, case and punctuation and sorts the words', () => {
    expect(normaliseName('  Lima,  ÁNA ')).toBe('ana lima');
    expect(normaliseName('---')).toBe('');
  });
});
