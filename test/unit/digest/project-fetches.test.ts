/**
 * A firing and the read-ahead of its lists (src/digest/project-fetches.ts), over a task source the
 * test answers by hand: a firing that comes while the read-ahead is reading waits for that read
 * rather than sending its own, and reads for itself when that read fails.
 */
import { describe, expect, it } from 'vitest';
import { ProjectFetches } from '../../../src/digest/project-fetches.ts';
import type { DigestTask } from '../../../src/digest/select.ts';
import type { DigestTaskSource } from '../../../src/digest/task-source.ts';
import { makeTask } from './fixtures.ts';

const NOW = Date.parse('2026-03-04T13:55:00.000Z');
const DUE_BEFORE = new Date('2026-03-06T00:00:00.000Z');

/** A source whose every read waits until the test settles it. */
function handSource() {
  const reads: { resolve: (tasks: DigestTask[]) => void; reject: (error: Error) => void }[] = [];
  const source: DigestTaskSource = {
    listOpenTasks: () =>
      new Promise<DigestTask[]>((resolve, reject) => {
        reads.push({ resolve, reject });
      }),
  };
  return { source, reads };
}

describe('ProjectFetches: a firing during its read-ahead', () => {
  it('shares the read under way', async () => {
    const fetches = new ProjectFetches();
    const { source, reads } = handSource();
    const signal = new AbortController().signal;
    const ahead = fetches.prefetch('T1', source, 1, DUE_BEFORE, signal, NOW, NOW + 10 * 60_000);
    const firing = fetches.get('T1', source, 1, DUE_BEFORE, signal, false, NOW + 5 * 60_000);
    expect(reads).toHaveLength(1);
    reads[0]!.resolve([makeTask(7, '2026-03-04')]);
    await ahead;
    expect((await firing).map((t) => t.id)).toEqual([7]);
    expect(fetches.started).toBe(0);
  });

  it('reads for itself when the read-ahead fails', async () => {
    const fetches = new ProjectFetches();
    const { source, reads } = handSource();
    const signal = new AbortController().signal;
    const ahead = fetches.prefetch('T1', source, 1, DUE_BEFORE, signal, NOW, NOW + 10 * 60_000);
    const firing = fetches.get('T1', source, 1, DUE_BEFORE, signal, false, NOW + 5 * 60_000);
    reads[0]!.reject(new Error('service unavailable'));
    await expect(ahead).rejects.toThrow('service unavailable');
    await Promise.resolve();
    expect(reads).toHaveLength(2);
    reads[1]!.resolve([makeTask(8, '2026-03-04')]);
    expect((await firing).map((t) => t.id)).toEqual([8]);
  });
});
