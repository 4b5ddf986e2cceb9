// Detectors answered by SQL over the whole file: dropouts (time gaps, runs of empty cells), stuck
// sensors (runs of identical values far longer than the channel's normal runs) and limit breaches
// (the rows outside the limits, not the excursion around them).
import type { DuckDBConnection } from '@duckdb/node-api';
import type { RowEvent } from './findings.js';
import { quantileCont } from './robust.js';
import { limitRuns, type EqualRuns, type RowRun } from './scans.js';
import { rowsOf } from './source.js';
import type { Limit } from './types.js';

/** A time gap is a dropout beyond 4 median periods: jitter of +-50% and one lost row stay below it. */
export const GAP_FACTOR = 4;
/** Three empty cells in a row: single empty cells are logger noise, runs are lost data. */
export const MIN_EMPTY_RUN = 3;

/**
 * Dropouts from the scan's pass (scanRows with `gaps`): time gaps beyond GAP_FACTOR median periods
 * (first 1000) and runs of empty cells, with the median period (quantile_cont of the positive steps).
 */
export function dropouts(
  scan: { steps: Float64Array; empty: Map<string, RowRun[]> },
  cols: { name: string; col: string }[],
) {
  const { median, gaps } = timeGaps(scan.steps, GAP_FACTOR);
  const events: RowEvent[] = gaps.map((g) => ({
    kind: 'dropout',
    channels: cols.map((c) => c.name),
    i0: g.row,
    i1: g.row + 1,
    r0: g.row,
    r1: g.row + 1,
    peak_sigma: 0,
    values: { periods: g.dt / (median ?? 1), missing_rows: Math.round(g.dt / (median ?? 1)) - 1 },
  }));
  const emptyCounts = new Map<string, number>();
  for (const c of cols) {
    const runs = scan.empty.get(c.col) ?? [];
    emptyCounts.set(c.name, runs.length);
    for (const r of runs)
      events.push({
        kind: 'dropout',
        channels: [c.name],
        i0: r.start,
        i1: r.end,
        r0: r.start,
        r1: r.end,
        peak_sigma: 0,
        values: { missing_rows: r.length },
      });
  }
  return { median, events, gapCount: gaps.length, emptyCounts };
}

/**
 * Median row period (of the positive steps) and the rows after which time jumps by more than
 * `factor` median periods, from each row's step (NaN where either time is empty).
 */
function timeGaps(
  steps: Float64Array,
  factor: number,
): { median: number | null; gaps: { row: number; dt: number }[] } {
  let n = 0;
  for (let r = 0; r < steps.length; r++) if (steps[r]! > 0) n++;
  if (!n) return { median: null, gaps: [] };
  const positive = new Float64Array(n);
  n = 0;
  for (let r = 0; r < steps.length; r++) if (steps[r]! > 0) positive[n++] = steps[r]!;
  const median = quantileCont(positive, 0.5);
  const gaps: { row: number; dt: number }[] = [];
  for (let r = 0; r < steps.length && gaps.length < 1000; r++)
    if (steps[r]! > factor * median) gaps.push({ row: r - 1, dt: steps[r]! });
  return { median, gaps };
}

/** A stuck run is 4x longer than the channel's 99th-percentile run, and at least 10 rows. */
export const STUCK_RATIO = 4;
export const STUCK_MIN_ROWS = 10;

/** Stuck runs from a channel's runs of equal values (scanRows, with STUCK_RATIO and STUCK_MIN_ROWS). */
export function stuckRuns({ p99, runs }: EqualRuns, name: string): RowEvent[] {
  return runs.map((r) => ({
    kind: 'stuck',
    channels: [name],
    i0: r.start,
    i1: r.end,
    r0: r.start,
    r1: r.end,
    peak_sigma: 0,
    values: { value: r.value, rows: r.length, ratio: r.length / Math.max(1, p99) },
  }));
}

/**
 * Noise around the limit splits one breach into several runs, most at its edges where the level
 * hovers near the limit: two runs join when the gap is under 4 rows or under half the longer one (a
 * long excursion's noisy entry or exit, not a new event). Repeated until stable: the short runs at an
 * edge only join once the runs beside them have.
 */
export function joinRuns(runs: { start: number; end: number }[]): { start: number; end: number }[] {
  let joined = runs.map((r) => ({ start: r.start, end: r.end }));
  for (let before = Infinity; joined.length < before;) {
    before = joined.length;
    const next: { start: number; end: number }[] = [];
    for (const r of joined) {
      const last = next[next.length - 1];
      const longer = Math.max(last ? last.end - last.start : 0, r.end - r.start) + 1;
      if (last && r.start - last.end <= Math.max(4, longer / 2)) last.end = r.end;
      else next.push({ ...r });
    }
    joined = next;
  }
  return joined;
}

export async function limitBreaches(
  conn: DuckDBConnection,
  col: string,
  name: string,
  limit: Limit,
): Promise<RowEvent[]> {
  const runs = await limitRuns(conn, col, limit);
  const joined = joinRuns(runs);
  const out: RowEvent[] = [];
  for (const j of joined.slice(0, 200)) {
    const [w] = await rowsOf<{ hi: number; lo: number }>(
      conn,
      `SELECT max(${col}) AS hi, min(${col}) AS lo FROM v WHERE rn BETWEEN ${j.start} AND ${j.end}`,
    );
    const over = limit.max !== undefined && w && w.hi > limit.max ? w.hi - limit.max : 0;
    const under = limit.min !== undefined && w && w.lo < limit.min ? limit.min - w.lo : 0;
    out.push({
      kind: 'limit_breach',
      channels: [name],
      i0: j.start,
      i1: j.end,
      r0: j.start,
      r1: j.end,
      peak_sigma: 0,
      values: { worst: over >= under ? (w?.hi ?? NaN) : (w?.lo ?? NaN), rows: j.end - j.start + 1 },
      limit,
      margin: Math.max(over, under),
    });
  }
  return out;
}
