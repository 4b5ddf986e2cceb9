// Raw SQL answers the same values on both drivers: int8 as number, timestamps as Date.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers.js';
import { queryRows } from './client.js';
import { normaliseRows } from './rows.js';

describe('raw rows on this database', () => {
  it('give int8, int8[] and counts as numbers and timestamps as Date, nulls untouched', async () => {
    const { db } = await freshDatabase();
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT count(*) AS n, 9007199254740991::int8 AS big, '{1,2}'::int8[] AS arr, NULL::int8 AS none,
                 '2026-11-22 21:43:50.388+00'::timestamptz AS at, '2026-11-22 21:43:50.5'::timestamp AS local,
                 NULL::timestamptz AS never, 1.5::numeric AS exact, 'text'::text AS word`,
    );
    expect(row).toEqual({
      n: 1,
      big: Number.MAX_SAFE_INTEGER,
      arr: [1, 2],
      none: null,
      at: new Date('2026-11-22T21:43:50.388Z'),
      local: new Date('2026-11-22T21:43:50.500Z'),
      never: null,
      exact: '1.5', // numeric stays exact text: no silent rounding
      word: 'text',
    });
  });

  it('refuses an int8 beyond 2^53 rather than rounding it', async () => {
    const { db } = await freshDatabase();
    await expect(queryRows(db, sql`SELECT 9007199254740993::int8 AS n`)).rejects.toThrow(/exceeds 2\^53/);
  });
});

describe('normaliseRows', () => {
  it('reads a timestamptz with a half-hour offset', () => {
    const [row] = normaliseRows<{ at: Date }>(
      [{ at: '2026-11-22 21:43:50.3+05:30' }],
      [{ name: 'at', dataTypeID: 1184 }],
    );
    expect(row!.at.toISOString()).toBe('2026-11-22T16:13:50.300Z');
  });
});
