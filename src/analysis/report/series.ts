// Chart series for a report: per channel, at most MAX_BUCKETS time buckets of (time, min, mean, max)
// from DuckDB, so a 200 MB file costs one scan and a few kB of JS, and the SVG stays small.
import { openSource, rowsOf } from '../telemetry/index.js';

/** 1,000 buckets, each drawn as a min/max band and a mean line: at most 2,000 y values per chart. */
export const MAX_BUCKETS = 1000;

export interface SeriesPoint {
  /** Seconds from the first row (the analyst's `t_start`/`t_end` are on the same scale). */
  t: number;
  min: number;
  mean: number;
  max: number;
}

/** The series of `channels` (names as in the header) of one file; a channel not found is left out. */
export async function channelSeries(
  path: string,
  fileName: string,
  channels: string[],
): Promise<Map<string, SeriesPoint[]>> {
  const src = await openSource(path, fileName);
  try {
    const out = new Map<string, SeriesPoint[]>();
    const bucket = Math.max(1, Math.ceil(src.rows / MAX_BUCKETS));
    for (const name of channels) {
      const i = src.columns.findIndex((c) => c.name === name);
      if (i < 0) continue;
      const col = `c${i}`;
      const rows = await rowsOf<{ t: number; lo: number; mean: number; hi: number }>(
        src.conn,
        `SELECT min(t) AS t, min(${col}) AS lo, avg(${col}) AS mean, max(${col}) AS hi
         FROM v WHERE ${col} IS NOT NULL AND t IS NOT NULL
         GROUP BY rn // ${bucket} ORDER BY 1`,
      );
      out.set(
        name,
        rows.map((r) => ({ t: Number(r.t), min: Number(r.lo), mean: Number(r.mean), max: Number(r.hi) })),
      );
    }
    return out;
  } finally {
    src.close();
  }
}
