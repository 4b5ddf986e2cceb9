// SQL scans over the table `v(rn, t, c0..cN)` built by source.ts. Each returns a few numbers or a
// short list of intervals, so a 200 MB file costs DuckDB time, not JS memory.
import type { DuckDBConnection, DuckDBDataChunk } from '@duckdb/node-api';
import { quantilesCont } from './robust.js';
import { duckdb, rowsOf } from './source.js';
import type { ChannelStats, Limit } from './types.js';

export interface RowRun {
  start: number;
  end: number;
  length: number;
}

const num = (x: unknown): number | null => (x === null || x === undefined ? null : Number(x));

/**
 * Exact percentiles up to this many rows; beyond it, exact percentiles of a systematic sample of
 * about PERCENTILE_SAMPLE_ROWS (every k-th row). Exact ones over the whole file sort every column and
 * cost more than reading the file (measured 2.5x the raw scan's CPU on a 20 MB CSV), and DuckDB's
 * t-digest (`approx_quantile`) still cost ~1.5x the raw scan on 200 MB; 200,000 rows put a
 * percentile within ~0.1 percentile rank at the median and less in the tails. min and max stay exact.
 */
export const EXACT_PERCENTILE_ROWS = 1_000_000;
export const PERCENTILE_SAMPLE_ROWS = 200_000;
const PERCENTILES = [0.01, 0.05, 0.5, 0.95, 0.99];

/** The percentile sample's stride: every row up to EXACT_PERCENTILE_ROWS, else every k-th row. */
export const percentileEvery = (rows: number) =>
  rows > EXACT_PERCENTILE_ROWS ? Math.ceil(rows / PERCENTILE_SAMPLE_ROWS) : 1;

/** The moments and rates of every column by SQL (a result row: total, n_i, lo_i, hi_i, mean_i, std_i, rate_i). */
async function momentQuery(conn: DuckDBConnection, cols: string[]): Promise<Record<string, unknown>> {
  // The sample rate spans the rows where the column has a value. A column with none missing spans
  // them all: one min(t)/max(t) serves every such column, where a FILTERed pair per column cost more
  // than the rest of the moments together (0.6 of 1.1 s CPU on 200 MB); only the columns that do miss
  // values get their own, in a second query.
  const rate = (col: string, filtered: boolean) => {
    const f = filtered ? ` FILTER (WHERE ${col} IS NOT NULL)` : '';
    return `(count(${col}) - 1) / nullif(max(t)${f} - min(t)${f}, 0)`;
  };
  const moments = cols.map(
    (col, i) =>
      `count(${col}) AS n${i}, min(${col}) AS lo${i}, max(${col}) AS hi${i}, avg(${col}) AS mean${i},
       stddev_samp(${col}) AS std${i}, ${rate(col, false)} AS rate${i}`,
  );
  const [r = {}] = await rowsOf(conn, `SELECT count(*) AS total, ${moments.join(', ')} FROM v`);
  const gappy = cols.flatMap((col, i) => (num(r[`n${i}`]) === num(r.total) ? [] : [{ col, i }]));
  if (gappy.length) {
    const [g = {}] = await rowsOf(
      conn,
      `SELECT ${gappy.map(({ col, i }) => `${rate(col, true)} AS rate${i}`).join(', ')} FROM v`,
    );
    Object.assign(r, g);
  }
  return r;
}

/** The same row from the streamed pass's moments (empty columns and single values give NULLs as SQL does). */
function momentRow(cols: string[], rows: number, moments: Map<string, Moments>): Record<string, unknown> {
  const r: Record<string, unknown> = { total: rows };
  cols.forEach((c, i) => {
    const m = moments.get(c)!;
    const span = m.tMax - m.tMin;
    r[`n${i}`] = m.n;
    r[`lo${i}`] = m.n ? m.min : null;
    r[`hi${i}`] = m.n ? m.max : null;
    r[`mean${i}`] = m.n ? m.mean : null;
    r[`std${i}`] = m.n > 1 ? Math.sqrt(m.m2 / (m.n - 1)) : null;
    // NULL as in SQL without a time (max(t) NULL) or over a zero span (nullif).
    r[`rate${i}`] = m.tMax >= m.tMin && span !== 0 ? (m.n - 1) / span : null;
  });
  return r;
}

/**
 * Every column's statistics: the moments and rates (from the streamed pass, or a scan of the table),
 * and the percentiles (of every row by a query, or of the long file's sample the pass kept).
 */
export async function channelStats(
  conn: DuckDBConnection,
  cols: string[],
  rows: number,
  /** Each column's rows at rn % percentileEvery(rows) = 0, from scanRows, when that is above 1. */
  samples?: Map<string, Float64Array>,
  /** Each column's moments from scanRows (the moments query is then not run). */
  moments?: Map<string, Moments>,
): Promise<ChannelStats[]> {
  if (!cols.length) return [];
  const r =
    moments && cols.every((c) => moments.has(c))
      ? momentRow(cols, rows, moments)
      : await momentQuery(conn, cols);
  const every = percentileEvery(rows);
  // The sample's percentiles in JS when the streamed pass kept it (as quantile_cont computes them):
  // the query filtered every row of the table again (0.3 s CPU on 200 MB).
  const kept = every > 1 && samples && cols.every((c) => samples.has(c));
  const [q = {}] = kept
    ? [
        Object.fromEntries(
          cols.map((c, i) => {
            const a = Float64Array.from(samples.get(c)!);
            return [`p${i}`, a.length ? quantilesCont(a, PERCENTILES) : null];
          }),
        ),
      ]
    : await rowsOf(
        conn,
        `SELECT ${cols.map((col, i) => `quantile_cont(${col}, [${PERCENTILES.join(', ')}]) AS p${i}`).join(', ')}
         FROM v ${every > 1 ? `WHERE rn % ${every} = 0` : ''}`,
      );
  const total = num(r.total) ?? 0;
  return cols.map((_, i) => {
    const p = (q[`p${i}`] as number[] | null) ?? [];
    const count = num(r[`n${i}`]) ?? 0;
    return {
      count,
      missing: total - count,
      min: num(r[`lo${i}`]),
      max: num(r[`hi${i}`]),
      mean: num(r[`mean${i}`]),
      std: num(r[`std${i}`]),
      p01: p[0] ?? null,
      p05: p[1] ?? null,
      p50: p[2] ?? null,
      p95: p[3] ?? null,
      p99: p[4] ?? null,
      sample_rate_hz: num(r[`rate${i}`]),
      gaps: 0,
    };
  });
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

/**
 * A column's count, extremes, mean and variance (Welford's update, in row order) and the span of the
 * times where it has a value, as its rows stream past: the moments query read the whole table again
 * (0.45 s CPU on 200 MB). Mean and std agree with DuckDB's avg and stddev_samp to ~1e-13 relative;
 * DuckDB's own differ by as much from one query to the next (its threads sum in varying order).
 */
export class Moments {
  n = 0;
  min = Infinity;
  max = -Infinity;
  mean = 0;
  m2 = 0;
  tMin = Infinity;
  tMax = -Infinity;
}

/**
 * Run lengths counted in an array below this (a Map update per run of a noisy channel, nearly one per
 * row, cost about 0.1 s per column on 200 MB).
 */
const SHORT_RUNS = 64;

/** Tracks runs of equal values in one column as its rows stream past (empty cells skipped). */
class RunTracker {
  /** Counts of runs by length: short ones (almost every run of a noisy channel) in an array. */
  private short = new Uint32Array(SHORT_RUNS);
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

  /** The run under way, for a caller that pushes a chunk's values from locals (scanInOrder). */
  get state(): [start: number, end: number, n: number, value: number] {
    return [this.start, this.end, this.n, this.value];
  }

  /** Sets the run under way (from a caller's locals). */
  hold(start: number, end: number, n: number, value: number) {
    this.start = start;
    this.end = end;
    this.n = n;
    this.value = value;
  }

  /** Ends the run under way (what push() does before a new value starts a run). */
  close() {
    if (this.n === 0) return;
    if (this.n < SHORT_RUNS) this.short[this.n] = this.short[this.n]! + 1;
    else this.lengths.set(this.n, (this.lengths.get(this.n) ?? 0) + 1);
    if (this.n >= this.minLength)
      this.long.push({ start: this.start, end: this.end, length: this.n, value: this.value });
    this.n = 0;
  }

  /** p99 of run lengths as quantile_cont computes it, and the runs at least `ratio` x p99 long. */
  finish(ratio: number): EqualRuns {
    this.close();
    const sorted = [
      ...Array.from(this.short, (c, len) => [len, c] as [number, number]).filter(([, c]) => c > 0),
      ...[...this.lengths].sort((a, b) => a[0] - b[0]),
    ];
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

/** A chunk's column as doubles: the query casts every column to DOUBLE, empty cells to NaN. */
function doubles(chunk: DuckDBDataChunk, j: number): Float64Array {
  const vector = chunk.getColumnVector(j);
  // The vector's own Float64Array over DuckDB's buffer (`items`, private in its types): reading it
  // took 0.4 s on a 200 MB file where a getItem() per value took 1.3 s. No cell is NULL (coalesce),
  // so every item is a value; any other shape of the package falls back to getItem().
  const items = (vector as unknown as { items?: unknown }).items;
  if (
    vector instanceof duckdb.DuckDBDoubleVector &&
    items instanceof Float64Array &&
    items.length === chunk.rowCount
  )
    return items;
  const out = new Float64Array(chunk.rowCount);
  for (let i = 0; i < out.length; i++) {
    const v = vector.getItem(i);
    out[i] = v === null ? NaN : Number(v);
  }
  return out;
}

/**
 * One pass over the table in row order, streamed chunk by chunk: each column's values (means of
 * buckets of `bucket` rows when the file is long, so JS memory stays bounded) and its runs of equal
 * values. One streamed pass replaced a window query per column (lag, running sum, group): on a
 * 200 MB file those eight queries cost several times the file's own scan. Values are read as the
 * chunk's doubles (empty cells as NaN, so no validity bitmap to test): converting each value to a JS
 * value took 2.3 s of a 200 MB file's analysis, the typed read 0.4 s.
 */
export async function scanRows(
  conn: DuckDBConnection,
  cols: string[],
  rows: number,
  bucket: number,
  runs: { ratio: number; minLength: number; cols: string[] },
  also: {
    gaps?: GapScan;
    /** Keep each column's values at rn % sampleEvery = 0 (empty cells left out), for channelStats. */
    sampleEvery?: number;
    /** Each column's moments, its rate by this time column's span, for channelStats. */
    moments?: { time: string };
    /**
     * Columns whose bucket means alone are wanted (the time column): no extremes, sample or moments,
     * a ninth of the pass's per-cell work on an 8-channel file.
     */
    meansOnly?: string[];
  } = {},
): Promise<{
  series: Float64Array[];
  /** Per bucket, each column's highest and lowest value (bucket > 1 only): a one-row spike survives. */
  highs: Float64Array[];
  lows: Float64Array[];
  runs: Map<string, EqualRuns>;
  /** With `gaps`: each row's time step from the row before (NaN where either time is empty). */
  steps: Float64Array;
  /** With `gaps`: each `gaps.empty` column's runs of at least `gaps.minEmpty` empty cells (first 1000). */
  empty: Map<string, RowRun[]>;
  samples: Map<string, Float64Array>;
  moments: Map<string, Moments>;
}> {
  // A table's scan comes in insertion order (DuckDB's preserve_insertion_order, on by default), so
  // the ORDER BY, a sort of the whole file, is asked for only if a row ever came out of order.
  return (
    (await scanInOrder(conn, cols, rows, bucket, runs, also, false)) ??
    (await scanInOrder(conn, cols, rows, bucket, runs, also, true))!
  );
}

/**
 * What the same pass gathers for dropouts: the time steps of column `time` (as `t - lag(t) OVER
 * (ORDER BY rn)`) and the runs of empty cells of the `empty` columns (as islands() finds them). Two
 * window queries for the steps and one per column for the runs cost 0.65 s CPU on 200 MB, more than
 * half the pass itself.
 */
export interface GapScan {
  time: string;
  empty: string[];
  minEmpty: number;
}

/** Runs of consecutive rows whose cell is empty, as a column's rows stream past in order. */
class EmptyTracker {
  readonly runs: RowRun[] = [];
  private start = -1;
  private end = -2;
  constructor(private readonly minLength: number) {}

  /** An empty cell at row `rn` (only empty cells are pushed: a gap in row numbers ends a run). */
  push(rn: number) {
    if (rn === this.end + 1) {
      this.end = rn;
      return;
    }
    this.close();
    this.start = rn;
    this.end = rn;
  }

  close(): RowRun[] {
    const length = this.end - this.start + 1;
    // islands() keeps the first 1000 by start.
    if (this.start >= 0 && length >= this.minLength && this.runs.length < 1000)
      this.runs.push({ start: this.start, end: this.end, length });
    this.start = -1;
    this.end = -2;
    return this.runs;
  }
}

async function scanInOrder(
  conn: DuckDBConnection,
  cols: string[],
  rows: number,
  bucket: number,
  runs: { ratio: number; minLength: number; cols: string[] },
  {
    gaps,
    sampleEvery = 0,
    moments,
    meansOnly = [],
  }: { gaps?: GapScan; sampleEvery?: number; moments?: { time: string }; meansOnly?: string[] },
  ordered: boolean,
) {
  const full = cols.map((c) => !meansOnly.includes(c));
  const m = moments ? cols.map((c, j) => (full[j] ? new Moments() : undefined)) : [];
  const momentTime = moments ? cols.indexOf(moments.time) : -1;
  const sampled =
    sampleEvery > 0
      ? cols.map((c, j) => (full[j] ? new Float64Array(Math.ceil(rows / sampleEvery) + 1) : undefined))
      : [];
  const sampleCounts = cols.map(() => 0);
  const n = Math.ceil(rows / bucket);
  const sums = cols.map(() => new Float64Array(n));
  const highs = cols.map((c, j) => new Float64Array(bucket > 1 && full[j] ? n : 0).fill(NaN));
  const lows = cols.map((c, j) => new Float64Array(bucket > 1 && full[j] ? n : 0).fill(NaN));
  const counts = cols.map(() => new Uint32Array(n));
  const trackers = cols.map((c) => (runs.cols.includes(c) ? new RunTracker(runs.minLength) : null));
  const empties = cols.map((c) => (gaps?.empty.includes(c) ? new EmptyTracker(gaps.minEmpty) : null));
  const timeCol = gaps ? cols.indexOf(gaps.time) : -1;
  const steps = new Float64Array(timeCol >= 0 ? rows : 0).fill(NaN);
  let lastT = NaN;
  const values = cols.map((c) => `coalesce(CAST(${c} AS DOUBLE), 'NaN'::DOUBLE)`);
  const result = await conn.stream(
    `SELECT CAST(rn AS DOUBLE), ${values.join(', ')} FROM v${ordered ? ' ORDER BY rn' : ''}`,
  );
  let next = -1;
  // The next chunk is asked for before this one is read: DuckDB produces it on its own thread while
  // JS works through this one (each chunk owns its buffer), where fetch-then-read left one side idle.
  let pending = result.fetchChunk();
  for (let chunk = await pending; chunk && chunk.rowCount > 0; chunk = await pending) {
    pending = result.fetchChunk();
    const rn = doubles(chunk, 0);
    const buckets = new Int32Array(rn.length);
    const inSample = new Uint8Array(sampleEvery > 0 ? rn.length : 0);
    for (let i = 0; i < rn.length; i++) {
      if (!ordered && rn[i]! <= next) {
        // The fetch under way finishes before the connection is asked for the ordered pass.
        await pending.catch(() => null);
        return null;
      }
      next = rn[i]!;
      buckets[i] = Math.floor(next / bucket);
      if (sampleEvery > 0 && next % sampleEvery === 0) inSample[i] = 1;
    }
    if (timeCol >= 0) {
      const t = doubles(chunk, timeCol + 1);
      for (let i = 0; i < rn.length; i++) {
        const r = rn[i]!;
        if (r > 0 && r < steps.length) steps[r] = t[i]! - lastT;
        lastT = t[i]!;
      }
    }
    const tm = momentTime >= 0 ? doubles(chunk, momentTime + 1) : null;
    cols.forEach((_, j) => {
      const vals = doubles(chunk, j + 1);
      const mj = m[j];
      // The moments in locals, written back after the chunk: a method call per cell cost ~0.4 s.
      let { n: mn, mean, m2, min: lo, max: hi, tMin, tMax } = mj ?? new Moments();
      const empty = empties[j];
      const sample = sampled[j];
      const sum = sums[j]!;
      const count = counts[j]!;
      const tracker = trackers[j];
      const high = highs[j]!;
      const low = lows[j]!;
      const extremes = bucket > 1 && full[j]!;
      // The run of equal values under way in locals too, as RunTracker.push() keeps it: a call and
      // four field writes per cell were much of this loop.
      let [runStart, runEnd, runN, runValue] = tracker ? tracker.state : [-1, -1, 0, NaN];
      for (let i = 0; i < rn.length; i++) {
        const x = vals[i]!;
        if (x !== x) {
          // NaN: an empty cell
          empty?.push(rn[i]!);
          continue;
        }
        const b = buckets[i]!;
        sum[b] = sum[b]! + x;
        count[b] = count[b]! + 1;
        if (extremes) {
          if (!(x <= high[b]!)) high[b] = x;
          if (!(x >= low[b]!)) low[b] = x;
        }
        if (tracker) {
          if (runN > 0 && x === runValue) {
            runEnd = rn[i]!;
            runN++;
          } else {
            if (runN > 0) {
              tracker.hold(runStart, runEnd, runN, runValue);
              tracker.close();
            }
            runStart = rn[i]!;
            runEnd = runStart;
            runN = 1;
            runValue = x;
          }
        }
        if (sample && inSample[i]) sample[sampleCounts[j]!++] = x;
        if (mj) {
          mn++;
          if (x < lo) lo = x;
          if (x > hi) hi = x;
          const d = x - mean;
          mean += d / mn;
          m2 += d * (x - mean);
          // An empty time (NaN) is left out, as min(t) and max(t) leave out NULL.
          const tv = tm ? tm[i]! : NaN;
          if (tv < tMin) tMin = tv;
          if (tv > tMax) tMax = tv;
        }
      }
      if (mj) Object.assign(mj, { n: mn, mean, m2, min: lo, max: hi, tMin, tMax });
      tracker?.hold(runStart, runEnd, runN, runValue);
    });
  }
  const series = sums.map((sum, j) => sum.map((v, b) => (counts[j]![b]! ? v / counts[j]![b] : NaN)));
  const out = new Map<string, EqualRuns>();
  cols.forEach((c, j) => {
    const tracker = trackers[j];
    if (tracker) out.set(c, tracker.finish(runs.ratio));
  });
  const empty = new Map<string, RowRun[]>();
  cols.forEach((c, j) => {
    const tracker = empties[j];
    if (tracker) empty.set(c, tracker.close());
  });
  const samples = new Map(
    sampled.flatMap((a, j) => (a ? [[cols[j]!, a.subarray(0, sampleCounts[j])] as const] : [])),
  );
  const momentsOut = new Map(m.flatMap((x, j) => (x ? [[cols[j]!, x] as const] : [])));
  return { series, highs, lows, runs: out, steps, empty, samples, moments: momentsOut };
}
