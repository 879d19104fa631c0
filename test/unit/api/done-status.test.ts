/** Done by name: the folded names are remembered, so every answer must equal a first one. */
import { describe, expect, it } from 'vitest';
import { createDoneChoice, fold, isDoneName, statusIsDone } from '../../../src/api/done-status.ts';

describe('done by name', () => {
  it('folds case, accents, spaces and trailing marks the same way every time it is asked', () => {
    for (let round = 0; round < 3; round++) {
      expect(fold('  Terminée ✓ ')).toBe('terminee');
      expect(fold('In_Progress')).toBe('in progress');
      expect(isDoneName('Done!')).toBe(true);
      expect(isDoneName('完了')).toBe(true);
      expect(isDoneName('Doing')).toBe(false);
    }
  });

  it('answers for names past the memo’s bound as for the first ones', () => {
    for (let i = 0; i < 2_500; i++) expect(isDoneName(`Stage ${i}`)).toBe(false);
    expect(isDoneName('Closed')).toBe(true);
    expect(fold('Stage 7 ')).toBe('stage 7');
  });

  it('takes the flag first, then the name, then the admin’s choice', () => {
    const choice = createDoneChoice();
    choice.set(['Shipped to prod']);
    expect(statusIsDone({ id: 1, name: 'Done', is_done: false })).toBe(false);
    expect(statusIsDone({ id: 2, name: 'Live', is_done: true })).toBe(true);
    expect(statusIsDone({ id: 3, name: 'shipped  TO prod!' }, choice)).toBe(true);
    expect(statusIsDone({ id: 3, name: 'shipped  TO prod!' })).toBe(false);
  });
});
