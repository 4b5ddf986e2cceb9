// SQL scans over the table `v(rn, t, c0..cN)` built by source.ts. Each returns a few numbers or a
// short list of intervals, so a 200 MB file costs DuckDB time, not JS memory.
import type { DuckDBConnection } from '@duckdb/node-api';
import { rowsOf } from './source.js';
import type { ChannelStats, Limit } from './types.js';

export interface RowRun {
  start: number;
  end: number;
  length: number;
}

const num = (x: unknown): number | null => (x === null || x === undefined ? null : Number(x));

/**
 * Exact percentiles up to this many rows; beyond it DuckDB's t-digest (`approx_quantile`), whose
 * error is a small fraction of a percentile rank: exact ones sort every column and cost more than
 * reading the file itself (measured 2.5x the raw scan's CPU on a 20 MB CSV).
 */
export const EXACT_PERCENTILE_ROWS = 1_000_000;

export async function channelStats(conn: DuckDBConnection, col: string, rows: number): Promise<ChannelStats> {
  const quantile = rows > EXACT_PERCENTILE_ROWS ? 'approx_quantile' : 'quantile_cont';
  const [r] = await rowsOf(
    conn,
    `SELECT count(${col}) AS count, count(*) - count(${col}) AS missing, min(${col}) AS min,
       max(${col}) AS max, avg(${col}) AS mean, stddev_samp(${col}) AS std,
       ${quantile}(${col}, [0.01, 0.05, 0.5, 0.95, 0.99]) AS p,
       (count(${col}) - 1) / nullif(max(t) FILTER (WHERE ${col} IS NOT NULL)
         - min(t) FILTER (WHERE ${col} IS NOT NULL), 0) AS rate
     FROM v`,
  );
  const p = (r?.p as number[] | null) ?? [];
  return {
    count: num(r?.count) ?? 0,
    missing: num(r?.missing) ?? 0,
    min: num(r?.min),
    max: num(r?.max),
    mean: num(r?.mean),
    std: num(r?.std),
    p01: p[0] ?? null,
    p05: p[1] ?? null,
    p50: p[2] ?? null,
    p95: p[3] ?? null,
    p99: p[4] ?? null,
    sample_rate_hz: num(r?.rate),
    gaps: 0,
  };
}

/** Median row period and the rows after which time jumps by more than `factor` median periods. */
export async function timeGaps(
  conn: DuckDBConnection,
  factor: number,
): Promise<{ median: number | null; gaps: { row: number; dt: number }[] }> {
  const [m] = await rowsOf(
    conn,
    `SELECT quantile_cont(dt, 0.5) AS med FROM (SELECT t - lag(t) OVER (ORDER BY rn) AS dt FROM v)
     WHERE dt > 0`,
  );
  const median = num(m?.med);
  if (median === null) return { median, gaps: [] };
  const gaps = await rowsOf(
    conn,
    `SELECT rn, dt FROM (SELECT rn, t - lag(t) OVER (ORDER BY rn) AS dt FROM v)
     WHERE dt > ${factor * median} ORDER BY rn LIMIT 1000`,
  );
  return { median, gaps: gaps.map((g) => ({ row: Number(g.rn) - 1, dt: Number(g.dt) })) };
}

/** Islands of consecutive rows where `predicate` holds (gaps-and-islands on the row number). */
export async function islands(
  conn: DuckDBConnection,
  predicate: string,
  minLength: number,
): Promise<RowRun[]> {
  const rows = await rowsOf(
    conn,
    `SELECT min(rn) AS s, max(rn) AS e, count(*) AS n FROM (
       SELECT rn, rn - row_number() OVER (ORDER BY rn) AS g FROM v WHERE ${predicate})
     GROUP BY g HAVING count(*) >= ${minLength} ORDER BY s LIMIT 1000`,
  );
  return rows.map((r) => ({ start: Number(r.s), end: Number(r.e), length: Number(r.n) }));
}

export const emptyRuns = (conn: DuckDBConnection, col: string, minLength: number) =>
  islands(conn, `${col} IS NULL`, minLength);

export function limitRuns(conn: DuckDBConnection, col: string, limit: Limit): Promise<RowRun[]> {
  const parts: string[] = [];
  if (limit.min !== undefined) parts.push(`${col} < ${limit.min}`);
  if (limit.max !== undefined) parts.push(`${col} > ${limit.max}`);
  return parts.length ? islands(conn, parts.join(' OR '), 1) : Promise.resolve([]);
}

/** Runs of identical consecutive values of one column: the typical run (p99) and the long ones. */
export interface EqualRuns {
  p99: number;
  runs: (RowRun & { value: number })[];
}

/** Tracks runs of equal values in one column as its rows stream past (empty cells skipped). */
class RunTracker {
  private lengths = new Map<number, number>();
  private long: (RowRun & { value: number })[] = [];
  private start = -1;
  private end = -1;
  private n = 0;
  private value = NaN;
  constructor(private readonly minLength: number) {}

  push(rn: number, v: number) {
    if (this.n > 0 && v === this.value) {
      this.end = rn;
      this.n++;
      return;
    }
    this.close();
    this.start = rn;
    this.end = rn;
    this.n = 1;
    this.value = v;
  }

  private close() {
    if (this.n === 0) return;
    this.lengths.set(this.n, (this.lengths.get(this.n) ?? 0) + 1);
    if (this.n >= this.minLength)
      this.long.push({ start: this.start, end: this.end, length: this.n, value: this.value });
    this.n = 0;
  }

  /** p99 of run lengths as quantile_cont computes it, and the runs at least `ratio` x p99 long. */
  finish(ratio: number): EqualRuns {
    this.close();
    const sorted = [...this.lengths].sort((a, b) => a[0] - b[0]);
    const total = sorted.reduce((s, [, c]) => s + c, 0);
    const at = (k: number) => {
      let seen = 0;
      for (const [len, c] of sorted) if ((seen += c) > k) return len;
      return sorted[sorted.length - 1]?.[0] ?? 1;
    };
    const h = (total - 1) * 0.99;
    const lo = at(Math.floor(h));
    const p99 = total ? lo + (h - Math.floor(h)) * (at(Math.ceil(h)) - lo) : 1;
    const min = Math.max(this.minLength, Math.ceil(ratio * p99));
    const runs = this.long.filter((r) => r.length >= min).sort((a, b) => b.length - a.length);
    return { p99, runs: runs.slice(0, 50) };
  }
}

/**
 * One pass over the table in row order, streamed chunk by chunk: each column's values (means of
 * buckets of `bucket` rows when the file is long, so JS memory stays bounded) and its runs of equal
 * values. One streamed pass replaced a window query per column (lag, running sum, group): on a
 * 200 MB file those eight queries cost several times the file's own scan.
 */
export async function scanRows(
  conn: DuckDBConnection,
  cols: string[],
  rows: number,
  bucket: number,
  runs: { ratio: number; minLength: number; cols: string[] },
): Promise<{
  series: Float64Array[];
  /** Per bucket, each column's highest and lowest value (bucket > 1 only): a one-row spike survives. */
  highs: Float64Array[];
  lows: Float64Array[];
  runs: Map<string, EqualRuns>;
}> {
  const n = Math.ceil(rows / bucket);
  const sums = cols.map(() => new Float64Array(n));
  const highs = cols.map(() => new Float64Array(bucket > 1 ? n : 0).fill(NaN));
  const lows = cols.map(() => new Float64Array(bucket > 1 ? n : 0).fill(NaN));
  const counts = cols.map(() => new Uint32Array(n));
  const trackers = cols.map((c) => (runs.cols.includes(c) ? new RunTracker(runs.minLength) : null));
  const result = await conn.stream(`SELECT rn, ${cols.join(', ')} FROM v ORDER BY rn`);
  for (
    let chunk = await result.fetchChunk();
    chunk && chunk.rowCount > 0;
    chunk = await result.fetchChunk()
  ) {
    const rn = chunk.getColumnValues(0).map(Number);
    cols.forEach((_, j) => {
      const vals = chunk.getColumnValues(j + 1);
      const sum = sums[j]!;
      const count = counts[j]!;
      const tracker = trackers[j];
      const high = highs[j]!;
      const low = lows[j]!;
      for (let i = 0; i < rn.length; i++) {
        const v = vals[i];
        if (v === null || v === undefined) continue;
        const x = Number(v);
        const b = Math.floor(rn[i]! / bucket);
        sum[b] = sum[b]! + x;
        count[b] = count[b]! + 1;
        if (bucket > 1) {
          if (!(x <= high[b]!)) high[b] = x;
          if (!(x >= low[b]!)) low[b] = x;
        }
        tracker?.push(rn[i]!, x);
      }
    });
  }
  const series = sums.map((sum, j) => sum.map((v, b) => (counts[j]![b]! ? v / counts[j]![b] : NaN)));
  const out = new Map<string, EqualRuns>();
  cols.forEach((c, j) => {
    const tracker = trackers[j];
    if (tracker) out.set(c, tracker.finish(runs.ratio));
  });
  return { series, highs, lows, runs: out };
}
