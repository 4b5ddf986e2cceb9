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

export async function channelStats(conn: DuckDBConnection, col: string): Promise<ChannelStats> {
  const [r] = await rowsOf(
    conn,
    `SELECT count(${col}) AS count, count(*) - count(${col}) AS missing, min(${col}) AS min,
       max(${col}) AS max, avg(${col}) AS mean, stddev_samp(${col}) AS std,
       quantile_cont(${col}, [0.01, 0.05, 0.5, 0.95, 0.99]) AS p,
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

/**
 * Runs of identical consecutive values (nulls skipped), in one query: the typical run length (p99
 * over runs) and the runs at least `ratio` x p99 and `minLength` long, with their value.
 */
export async function equalRuns(
  conn: DuckDBConnection,
  col: string,
  ratio: number,
  minLength: number,
): Promise<{ p99: number; runs: (RowRun & { value: number })[] }> {
  const rows = await rowsOf(
    conn,
    `WITH x AS (SELECT rn, ${col} AS x FROM v WHERE ${col} IS NOT NULL),
      y AS (SELECT rn, x, CASE WHEN x = lag(x) OVER (ORDER BY rn) THEN 0 ELSE 1 END AS nw FROM x),
      z AS (SELECT rn, x, sum(nw) OVER (ORDER BY rn) AS g FROM y),
      r AS (SELECT min(rn) AS s, max(rn) AS e, count(*) AS n, any_value(x) AS val FROM z GROUP BY g),
      p AS (SELECT quantile_cont(n, 0.99) AS p99 FROM r)
    SELECT p99, s, e, n, val FROM p LEFT JOIN r ON r.n >= greatest(${minLength}, ceil(${ratio} * p.p99))
    ORDER BY n DESC LIMIT 50`,
  );
  return {
    p99: num(rows[0]?.p99) ?? 1,
    runs: rows
      .filter((r) => r.s !== null && r.s !== undefined)
      .map((r) => ({ start: Number(r.s), end: Number(r.e), length: Number(r.n), value: Number(r.val) })),
  };
}

/**
 * A channel's values in row order, NaN for empty cells. Longer files come back as means of buckets
 * of `bucket` rows, so memory stays bounded; fetched chunk by chunk from a streaming result.
 */
export async function series(
  conn: DuckDBConnection,
  cols: string[],
  rows: number,
  bucket: number,
): Promise<Float64Array[]> {
  const n = Math.ceil(rows / bucket);
  const out = cols.map(() => new Float64Array(n).fill(NaN));
  const sql =
    bucket === 1
      ? `SELECT rn, ${cols.join(', ')} FROM v ORDER BY rn`
      : `SELECT rn // ${bucket} AS rn, ${cols.map((c) => `avg(${c})`).join(', ')} FROM v
         GROUP BY 1 ORDER BY 1`;
  const result = await conn.stream(sql);
  for (
    let chunk = await result.fetchChunk();
    chunk && chunk.rowCount > 0;
    chunk = await result.fetchChunk()
  ) {
    const idx = chunk.getColumnValues(0);
    cols.forEach((_, j) => {
      const vals = chunk.getColumnValues(j + 1);
      for (let i = 0; i < idx.length; i++) {
        const v = vals[i];
        if (v !== null && v !== undefined) out[j]![Number(idx[i])] = Number(v);
      }
    });
  }
  return out;
}
