/**
 * The read-ahead's lead (src/digest/read-lead.ts): the floor until a read was measured, then the
 * read's need with its margin, within the floor and the cap; a small read later in the day keeps
 * the lead a big one needs, and what is remembered fades by half a week.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { laneThroughput } from '../../../src/api/limiter-lanes.ts';
import {
  DEFAULT_LEAD_MS,
  LEAD_MARGIN,
  type LeadRecord,
  leadMs,
  MAX_LEAD_MS,
  readNeedMs,
  recordRead,
} from '../../../src/digest/read-lead.ts';

const MIN = 60_000;
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-04T14:11:00.000Z');
const LANE = laneThroughput(60, 'digest');

describe('the read-ahead lead', () => {
  it('is the floor until a read was measured', () => {
    expect(leadMs(undefined, T0)).toBe(DEFAULT_LEAD_MS);
    expect(leadMs(undefined, T0, { floorMs: 2 * MIN, capMs: 30 * MIN })).toBe(2 * MIN);
  });

  it('after an 11-minute read of 413 requests (pages of 10) starts 18 minutes ahead (16 the next day)', () => {
    const record = recordRead(undefined, { requests: 413, wallMs: 661_000, at: T0 }, LANE);
    // 413 requests at the digest lane's 36 a minute: 11.5 minutes, longer than the 11 measured.
    expect(record.needMs).toBeCloseTo((413 / 36) * MIN);
    expect(leadMs(record, T0)).toBe(18 * MIN);
    // The next morning, a little less remembered but still well past the read's 11 minutes.
    expect(leadMs(record, T0 + DAY)).toBe(16 * MIN);
  });

  it('after a quick read (101 requests, pages of 100) stays at the floor', () => {
    const record = recordRead(undefined, { requests: 101, wallMs: 120_000, at: T0 }, LANE);
    // 2.8 minutes, with its margin 4.2: under the floor.
    expect(leadMs(record, T0 + DAY)).toBe(DEFAULT_LEAD_MS);
  });

  it('takes the wall time when the read waited longer than its requests need', () => {
    expect(readNeedMs({ requests: 36, wallMs: 9 * MIN }, LANE)).toBe(9 * MIN);
    expect(readNeedMs({ requests: 72, wallMs: 0 }, LANE)).toBe(2 * MIN);
  });

  it('keeps a big read’s lead through a small read later in the day', () => {
    const big = recordRead(undefined, { requests: 413, wallMs: 661_000, at: T0 }, LANE);
    const small = recordRead(big, { requests: 2, wallMs: 1000, at: T0 + 15 * MIN }, LANE);
    expect(leadMs(small, T0 + DAY)).toBe(leadMs(big, T0 + DAY));
  });

  it('fades: a workspace whose read became quick is back at the floor within weeks', () => {
    let record: LeadRecord = recordRead(undefined, { requests: 413, wallMs: 661_000, at: T0 }, LANE);
    for (let day = 1; day <= 21; day++) {
      record = recordRead(record, { requests: 101, wallMs: 120_000, at: T0 + day * DAY }, LANE);
    }
    expect(leadMs(record, T0 + 22 * DAY)).toBe(DEFAULT_LEAD_MS);
  });

  it('stops at the cap however long the read took', () => {
    const record = recordRead(undefined, { requests: 5000, wallMs: 3 * 3_600_000, at: T0 }, LANE);
    expect(leadMs(record, T0)).toBe(MAX_LEAD_MS);
  });

  it('is whole minutes within the floor and the cap, and covers the read with its margin below the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 4 * 3_600_000 }),
        fc.integer({ min: 0, max: 30 * DAY }),
        fc.integer({ min: 1, max: 600 }),
        (requests, wallMs, later, limit) => {
          const lane = laneThroughput(limit, 'digest');
          const record = recordRead(undefined, { requests, wallMs, at: T0 }, lane);
          const lead = leadMs(record, T0 + later);
          expect(lead % MIN).toBe(0);
          expect(lead).toBeGreaterThanOrEqual(DEFAULT_LEAD_MS);
          expect(lead).toBeLessThanOrEqual(MAX_LEAD_MS);
          const need = readNeedMs({ requests, wallMs }, lane);
          if (later === 0 && need * LEAD_MARGIN <= MAX_LEAD_MS)
            expect(lead).toBeGreaterThanOrEqual(need * LEAD_MARGIN);
          // Never shorter for a costlier read.
          const costlier = recordRead(
            undefined,
            { requests: requests + 1, wallMs: wallMs + 1, at: T0 },
            lane,
          );
          expect(leadMs(costlier, T0 + later)).toBeGreaterThanOrEqual(lead);
        },
      ),
    );
  });
});
