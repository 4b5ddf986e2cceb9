// The pieces made fast for large files give the answers the slow ones gave: medians by quickselect
// equal medians by sorting, and the one streamed pass over the table gives the bucketed series and
// the runs of equal values that per-column window queries gave. DuckDB in memory, no files.
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { madSigma, median, quantileCont, quantilesCont, rollingMedian, smallMedian } from './robust.js';
import { channelStats, EXACT_PERCENTILE_ROWS, percentileEvery, scanRows } from './scans.js';

const sortedMedian = (xs: number[]) => {
  const a = xs.filter(Number.isFinite).sort((u, v) => u - v);
  if (!a.length) return NaN;
  const m = a.length >> 1;
  return a.length % 2 ? a[m]! : (a[m - 1]! + a[m]!) / 2;
};

describe('median by quickselect', () => {
  it('equals the sorted median on odd, even, repeated, sorted and reversed inputs, skipping NaN', () => {
    const cases: number[][] = [
      [],
      [NaN, NaN],
      [5],
      [3, 1, 2],
      [4, 1, 3, 2],
      [1, 1, 1, 2, 2, 2],
      Array.from({ length: 1001 }, (_, i) => i),
      Array.from({ length: 1000 }, (_, i) => 1000 - i),
      Array.from({ length: 777 }, (_, i) => ((i * 7919) % 101) - 50),
      [2, NaN, 8, Infinity, 4, -Infinity, 6],
    ];
    for (const xs of cases) {
      const want = sortedMedian(xs);
      if (Number.isNaN(want)) expect(median(xs)).toBeNaN();
      else expect(median(xs)).toBe(want);
    }
  });

  it('leaves its input untouched and gives the Gaussian-consistent MAD', () => {
    const xs = Float64Array.from([9, 1, 5, 3, 7]);
    expect(madSigma(xs)).toBeCloseTo(1.4826 * 2, 12);
    expect(Array.from(xs)).toEqual([9, 1, 5, 3, 7]);
  });
});

describe('smallMedian', () => {
  it('equals median() on handfuls of values, NaN skipped, one buffer reused', () => {
    const buf = new Float64Array(6);
    const cases = [[], [NaN], [3], [2, 1], [5, NaN, 1, 3], [4, 4, 1, 9, 2, 7], [-1, 0, -0, 1, NaN, 2]];
    // Equal as numbers: among tied zeros either sign may land in the middle.
    for (const xs of cases) {
      const [got, want] = [smallMedian(xs, buf), median(xs)];
      expect(
        got === want || (Number.isNaN(got) && Number.isNaN(want)),
        `${xs.join(',')}: ${got} vs ${want}`,
      ).toBe(true);
    }
  });
});

describe('quantileCont', () => {
  it('gives, for several quantiles of one array at once (quantilesCont), what it gives for each', () => {
    let seed = 5;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const qs = [0.01, 0.05, 0.5, 0.95, 0.99];
    for (const n of [1, 2, 3, 7, 10, 101, 500, 5001])
      for (const levels of [3, 1000, 0]) {
        // Few distinct values (ties everywhere), many, and continuous ones.
        const xs = Float64Array.from({ length: n }, () =>
          levels ? Math.round(rand() * levels) / 7 : rand() * 100 - 50,
        );
        const each = qs.map((q) => quantileCont(Float64Array.from(xs), q));
        expect(quantilesCont(Float64Array.from(xs), qs)).toEqual(each);
        // A sorted series (a slow ramp) and a reversed one.
        const up = Float64Array.from(xs).sort();
        expect(quantilesCont(Float64Array.from(up), qs)).toEqual(each);
        expect(quantilesCont(Float64Array.from(up).reverse(), qs)).toEqual(each);
      }
  });

  it("equals DuckDB's quantile_cont to the bit, odd and even counts, ties included", async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      let seed = 11;
      const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      for (const n of [1, 2, 7, 10, 501]) {
        // Steps of a jittered clock: close values whose interpolation is not exact. Passed as text
        // (a numeric literal would be a DECIMAL, rounded on its way to DOUBLE).
        const xs = Array.from({ length: n }, () => 0.1 + Math.round(rand() * 40) * 1e-7 + rand() * 1e-12);
        for (const q of [0.01, 0.5, 0.99]) {
          const r = await conn.runAndReadAll(
            `SELECT quantile_cont(x, ${q}) AS v FROM (SELECT unnest([${xs.map((x) => `'${x}'`).join(', ')}]::DOUBLE[]) AS x)`,
          );
          expect(quantileCont(Float64Array.from(xs), q)).toBe(r.getRowObjectsJS()[0]!.v);
        }
      }
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });
});

describe('rolling median with a sorted sliding window', () => {
  it('equals a fresh sort of each centred window, edges included', () => {
    const bySort = (xs: Float64Array, w: number) =>
      xs.map((_, i) => sortedMedian(Array.from(xs.subarray(Math.max(0, i - (w >> 1)), i + (w >> 1) + 1))));
    for (const w of [1, 3, 9, 41])
      for (const n of [0, 1, 2, 5, 8, 60]) {
        // Few distinct values, so ties and repeated removals are exercised.
        const xs = Float64Array.from({ length: n }, (_, i) => ((i * 37) % 11) % (w === 9 ? 3 : 7));
        expect(Array.from(rollingMedian(xs, w))).toEqual(Array.from(bySort(xs, w)));
      }
  });

  it('equals it on continuous values and signed zeros at the local-scale window of 101', () => {
    const bySort = (xs: Float64Array, w: number) =>
      xs.map((_, i) => sortedMedian(Array.from(xs.subarray(Math.max(0, i - (w >> 1)), i + (w >> 1) + 1))));
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const xs = Float64Array.from({ length: 700 }, (_, i) => (i % 50 === 0 ? -0 : i % 7 === 0 ? 0 : rand()));
    expect(Array.from(rollingMedian(xs, 101))).toEqual(Array.from(bySort(xs, 101)));
  });
});

describe('scanRows: one streamed pass', () => {
  async function table(values: (number | null)[][]) {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    await conn.run('CREATE TABLE v (rn BIGINT, t DOUBLE, c0 DOUBLE, c1 DOUBLE)');
    const rows = values.map((r, i) => `(${i}, ${i * 0.5}, ${r[0] ?? 'NULL'}, ${r[1] ?? 'NULL'})`);
    await conn.run(`INSERT INTO v VALUES ${rows.join(', ')}`);
    return { conn, close: () => (conn.closeSync(), instance.closeSync()) };
  }

  /** The window query the streamed pass replaced: the p99 of run lengths and the long runs. */
  const windowQuery = (col: string) => `WITH x AS (SELECT rn, ${col} AS x FROM v WHERE ${col} IS NOT NULL),
      y AS (SELECT rn, x, CASE WHEN x = lag(x) OVER (ORDER BY rn) THEN 0 ELSE 1 END AS nw FROM x),
      z AS (SELECT rn, x, sum(nw) OVER (ORDER BY rn) AS g FROM y),
      r AS (SELECT min(rn) AS s, max(rn) AS e, count(*) AS n, any_value(x) AS val FROM z GROUP BY g),
      p AS (SELECT quantile_cont(n, 0.99) AS p99 FROM r)
    SELECT p99, s, e, n, val FROM p LEFT JOIN r ON r.n >= greatest(10, ceil(4 * p.p99)) ORDER BY n DESC`;

  it('averages buckets of rows, ignoring empty cells, and finds the runs the window query found', async () => {
    // c0 changes every row except a 30-row run of 7 with one empty cell inside and a few short
    // repeats; c1 is empty in row 1.
    const values: (number | null)[][] = Array.from({ length: 400 }, (_, i) => [
      i >= 40 && i < 70 ? (i === 55 ? null : 7) : Math.floor(i / 3) * 1.5,
      i === 1 ? null : i % 3,
    ]);
    const { conn, close } = await table(values);
    try {
      const want = (await conn.runAndReadAll(windowQuery('c0'))).getRowObjectsJS();
      const { series, runs } = await scanRows(conn, ['t', 'c0', 'c1'], 400, 4, {
        ratio: 4,
        minLength: 10,
        cols: ['c0'],
      });
      expect(series).toHaveLength(3);
      expect(series[0]![0]).toBeCloseTo((0 + 0.5 + 1 + 1.5) / 4, 12);
      // Bucket 0 of c1: rows 0, 2, 3 (row 1 empty) -> (0 + 2 + 0) / 3.
      expect(series[2]![0]).toBeCloseTo(2 / 3, 12);
      const c0 = runs.get('c0')!;
      expect(c0.p99).toBeCloseTo(Number(want[0]!.p99), 12);
      expect(c0.runs).toEqual(
        want.map((r) => ({ start: Number(r.s), end: Number(r.e), length: Number(r.n), value: r.val })),
      );
      expect(c0.runs[0]).toEqual({ start: 40, end: 69, length: 29, value: 7 });
      expect(runs.has('c1')).toBe(false);
    } finally {
      close();
    }
  });

  it('gives the same answer when the table hands its rows back out of order', async () => {
    const values: (number | null)[][] = Array.from({ length: 300 }, (_, i) => [
      i >= 100 && i < 160 ? 4 : i % 5, // row 99 is 4 too: the run starts there
      i,
    ]);
    const inOrder = await table(values);
    const want = await scanRows(inOrder.conn, ['t', 'c0', 'c1'], 300, 3, {
      ratio: 4,
      minLength: 10,
      cols: ['c0'],
    });
    inOrder.close();
    // Same rows, inserted last row first: the scan comes back out of order and is asked for again sorted.
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      await conn.run('CREATE TABLE v (rn BIGINT, t DOUBLE, c0 DOUBLE, c1 DOUBLE)');
      const rows = values.map((r, i) => `(${i}, ${i * 0.5}, ${r[0]}, ${r[1]})`).reverse();
      await conn.run(`INSERT INTO v VALUES ${rows.join(', ')}`);
      const got = await scanRows(conn, ['t', 'c0', 'c1'], 300, 3, { ratio: 4, minLength: 10, cols: ['c0'] });
      expect(got.series.map((x) => Array.from(x))).toEqual(want.series.map((x) => Array.from(x)));
      expect(got.runs.get('c0')).toEqual(want.runs.get('c0'));
      expect(got.runs.get('c0')!.runs[0]).toMatchObject({ start: 99, end: 159, length: 61, value: 4 });
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });

  it('gathers the time steps, the runs of empty cells and the sampled rows the queries found', async () => {
    // c0 empty in rows 10-14 and 30-31 (too short), and from row 390 to the end; c1 in row 1 only.
    const empty = (i: number) => (i >= 10 && i < 15) || i === 30 || i === 31 || i >= 390;
    const values: (number | null)[][] = Array.from({ length: 400 }, (_, i) => [
      empty(i) ? null : i % 7,
      i === 1 ? null : i,
    ]);
    const { conn, close } = await table(values);
    try {
      // Time jumps: row 100 is 3 s after row 99, row 200 has no time.
      await conn.run('UPDATE v SET t = t + 3 WHERE rn >= 100');
      await conn.run('UPDATE v SET t = NULL WHERE rn = 200');
      const got = await scanRows(
        conn,
        ['t', 'c0', 'c1'],
        400,
        4,
        { ratio: 4, minLength: 10, cols: [] },
        { gaps: { time: 't', empty: ['c0', 'c1'], minEmpty: 3 }, sampleEvery: 7 },
      );
      const every7 = await conn.runAndReadAll(
        'SELECT c0 FROM v WHERE rn % 7 = 0 AND c0 IS NOT NULL ORDER BY rn',
      );
      expect(Array.from(got.samples.get('c0')!)).toEqual(every7.getRowObjectsJS().map((r) => r.c0));
      const lag = await conn.runAndReadAll('SELECT t - lag(t) OVER (ORDER BY rn) AS dt FROM v ORDER BY rn');
      expect(Array.from(got.steps)).toEqual(lag.getRowObjectsJS().map((r) => (r.dt === null ? NaN : r.dt)));
      expect(got.steps[100]).toBeCloseTo(3.5, 12);
      const islands = async (col: string) =>
        (
          await conn.runAndReadAll(`SELECT min(rn) AS s, max(rn) AS e, count(*) AS n FROM (
             SELECT rn, rn - row_number() OVER (ORDER BY rn) AS g FROM v WHERE ${col} IS NULL)
           GROUP BY g HAVING count(*) >= 3 ORDER BY s`)
        )
          .getRowObjectsJS()
          .map((r) => ({ start: Number(r.s), end: Number(r.e), length: Number(r.n) }));
      expect(got.empty.get('c0')).toEqual(await islands('c0'));
      expect(got.empty.get('c0')).toEqual([
        { start: 10, end: 14, length: 5 },
        { start: 390, end: 399, length: 10 },
      ]);
      expect(got.empty.get('c1')).toEqual([]);
    } finally {
      close();
    }
  });

  it('returns full-resolution values with a bucket of one row', async () => {
    const { conn, close } = await table([
      [1, 2],
      [3, null],
      [5, 6],
    ]);
    try {
      const { series } = await scanRows(conn, ['c0', 'c1'], 3, 1, { ratio: 4, minLength: 10, cols: [] });
      expect(Array.from(series[0]!)).toEqual([1, 3, 5]);
      expect(series[1]![1]).toBeNaN();
    } finally {
      close();
    }
  });
});

describe('channelStats', () => {
  it('gives exact moments and extremes, and percentiles of a sample close to exact beyond the exact bound', async () => {
    const rows = EXACT_PERCENTILE_ROWS + 200_000;
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      // A slow sine with a one-row spike the sample will miss but min/max must not; every 1000th cell empty.
      await conn.run(`CREATE TABLE v AS SELECT range AS rn, range * 0.1 AS t,
        CASE WHEN range % 1000 = 999 THEN NULL WHEN range = 777777 THEN 50.0
          ELSE sin(range / 5000.0) END AS c0 FROM range(${rows})`);
      const [stats] = await channelStats(conn, ['c0'], rows);
      const exact = (
        await conn.runAndReadAll(
          `SELECT count(c0) AS n, max(c0) AS hi, avg(c0) AS mean,
          quantile_cont(c0, [0.01, 0.05, 0.5, 0.95, 0.99]) AS p FROM v`,
        )
      ).getRowObjectsJS()[0]!;
      expect(stats!.count).toBe(Number(exact.n));
      expect(stats!.missing).toBe(rows - Number(exact.n));
      expect(stats!.max).toBe(50);
      expect(stats!.mean).toBeCloseTo(Number(exact.mean), 12);
      const p = exact.p as number[];
      const got = [stats!.p01, stats!.p05, stats!.p50, stats!.p95, stats!.p99];
      // Within 0.01 of a signal spanning [-1, 1]: about half a percentile rank where it is steepest.
      got.forEach((v, i) => expect(Math.abs(v! - p[i]!)).toBeLessThan(0.01));
      expect(stats!.sample_rate_hz).toBeCloseTo((Number(exact.n) - 1) / ((rows - 1) * 0.1 - 0), 3);
      // The same sample kept by the streamed pass gives the query's percentiles to the bit
      const every = percentileEvery(rows);
      const { samples } = await scanRows(
        conn,
        ['c0'],
        rows,
        10,
        { ratio: 4, minLength: 10, cols: [] },
        { sampleEvery: every },
      );
      const [fromPass] = await channelStats(conn, ['c0'], rows, samples);
      // (mean and std are DuckDB's parallel sums, whose last bits vary from one query to the next)
      const percentiles = (x: typeof stats) => [x!.p01, x!.p05, x!.p50, x!.p95, x!.p99];
      expect(percentiles(fromPass)).toEqual(percentiles(stats));
      // And its moments give the query's counts, extremes and rate, mean and std to 12 digits.
      const both = await scanRows(
        conn,
        ['t', 'c0'],
        rows,
        10,
        { ratio: 4, minLength: 10, cols: [] },
        {
          sampleEvery: every,
          moments: { time: 't' },
        },
      );
      const [streamed] = await channelStats(conn, ['c0'], rows, both.samples, both.moments);
      expect({ ...streamed!, mean: 0, std: 0 }).toEqual({ ...stats!, mean: 0, std: 0 });
      expect(streamed!.mean).toBeCloseTo(stats!.mean!, 12);
      expect(streamed!.std).toBeCloseTo(stats!.std!, 12);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });
});
