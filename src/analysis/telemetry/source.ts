// DuckDB side of the analyst: open the file as a table, find the time column, and answer the heavy
// scans (statistics, time gaps, runs of empty cells, runs of equal values, limit breaches) in SQL.
// JS only receives per-channel series, in chunks, and bucketed when the file is long.
import { createRequire } from 'node:module';
import type * as DuckDB from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  channelKind,
  clockAlone,
  clockBeside,
  epochCountScale,
  isNumericType,
  namesTimeUnit,
  pickTimeColumn,
  quoteIdent as q,
  quoteString,
  type ColumnInfo,
} from './columns.js';
import { flattenNested } from './nested-columns.js';
import { localTimeFormats, localTimeQuery, localTimestamp, type LocalTimeAnswer } from './local-times.js';
import { DECIMAL_COMMA_CELL, commaNumber, semicolonDelimited } from './locale-numbers.js';
import type { ChannelKind, TimeKind } from './types.js';

export interface SourceColumn extends ColumnInfo {
  kind: ChannelKind;
  /** SQL expression giving a DOUBLE or NULL (NaN and unparsable text become NULL). */
  value: string;
}

export interface Source {
  conn: DuckDBConnection;
  close(): void;
  rows: number;
  /** The time column; `scale` is its seconds per unit (`time_ms`: 0.001), `firstEpoch` in seconds. */
  time: {
    column: string | null;
    kind: TimeKind;
    scale: number;
    firstEpoch: number | null;
    /** The time-of-day column read with a date-only `column`, if the file splits its timestamps. */
    clock: string | null;
  };
  columns: SourceColumn[];
}

/**
 * The DuckDB package, loaded with require(): it is CommonJS, and an ESM import of it has Node parse
 * every file of the package for its export names first (~0.15 s of CPU per process, a tenth of the
 * raw scan the bench holds the analysis to; the objects are the same either way).
 */
export const duckdb = createRequire(import.meta.url)('@duckdb/node-api') as typeof DuckDB;

/** Rows read to decide column types and the time column (the reader's own sniffer reads 20,480). */
const SAMPLE_ROWS = 20_000;

const NULLS = `nullstr=['', 'NaN', 'nan', 'NA', 'N/A', 'null', 'NULL', '-']`;

function readerFor(path: string, fileName: string): string {
  const p = quoteString(path);
  const ext = (
    /\.([a-z0-9]+)$/i.exec(fileName)?.[1] ??
    /\.([a-z0-9]+)$/i.exec(path)?.[1] ??
    'csv'
  ).toLowerCase();
  if (ext === 'parquet' || ext === 'pq') return `read_parquet(${p})`;
  if (ext === 'jsonl' || ext === 'ndjson' || ext === 'json')
    return `read_json_auto(${p}, format='newline_delimited')`;
  if (ext === 'tsv' || ext === 'tab') return `read_csv(${p}, delim='\\t', header=true, ${NULLS})`;
  if (semicolonDelimited(path)) return `read_csv(${p}, delim=';', header=true, ${NULLS})`;
  return `read_csv(${p}, header=true, ${NULLS})`;
}

export async function rowsOf<T = Record<string, unknown>>(conn: DuckDBConnection, sql: string): Promise<T[]> {
  const r = await conn.runAndReadAll(sql);
  return r.getRowObjectsJS() as T[];
}

export async function openSource(path: string, fileName: string): Promise<Source> {
  // Two threads: the machines this runs on are shared, and files here are scanned once into a table.
  const instance = await duckdb.DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await instance.connect();
  const close = () => {
    conn.closeSync();
    instance.closeSync();
  };
  try {
    await conn.run(`SET TimeZone='UTC'`);
    // The file is parsed once, straight into the table the scans read (`v`, below). Types, the time
    // column and the first timestamp are decided on a sample of the first rows: a staging copy of the
    // whole file cost a second full table (1.3 GB peak on a 200 MB CSV) and a second pass.
    let reader = readerFor(path, fileName);
    let cols = await sampleRows(conn, reader);
    const flat = await flattenNested(conn, 'raw', cols);
    if (flat) {
      // Nested values (JSON objects and arrays) are read as their leaves, for the sample and the load.
      reader = `(SELECT ${flat.map((f) => `${f.expr} AS ${q(f.name)}`).join(', ')} FROM ${reader})`;
      await conn.run('DROP TABLE raw');
      cols = await sampleRows(conn, reader);
    }

    // Text columns that are mostly numbers (seconds written as strings, a stray 'ERR' defeating type
    // sniffing, a decimal comma) are numbers, for the time column and the channels alike.
    const decimalComma = new Set<string>();
    for (const c of cols.filter((c) => /^VARCHAR/i.test(c.type))) {
      const [r] = await rowsOf<{ ok: number; comma: number }>(
        conn,
        `SELECT avg(CASE WHEN try_cast(${q(c.name)} AS DOUBLE) IS NOT NULL THEN 1.0 ELSE 0 END) AS ok,
                avg(CASE WHEN regexp_full_match(${q(c.name)}, '${DECIMAL_COMMA_CELL}')
                          AND ${commaNumber(c.name)} IS NOT NULL THEN 1.0 ELSE 0 END) AS comma
         FROM raw WHERE trim(${q(c.name)}) <> ''`,
      );
      // Blank cells (`, ,` in a file written with a space after each comma) are empty, not text.
      if ((r?.ok ?? 0) > 0.95) c.type = 'DOUBLE';
      else if ((r?.comma ?? 0) > 0.95) {
        c.type = 'DOUBLE';
        decimalComma.add(c.name);
      }
    }
    const numberOf = (name: string): string =>
      decimalComma.has(name) ? commaNumber(name) : `try_cast(${q(name)} AS DOUBLE)`;
    const isoShare = new Map<string, boolean>();
    for (const c of cols.filter((c) => /^VARCHAR/i.test(c.type))) {
      const [r] = await rowsOf<{ ok: number }>(
        conn,
        `SELECT avg(CASE WHEN try_cast(${q(c.name)} AS TIMESTAMPTZ) IS NOT NULL THEN 1.0 ELSE 0 END) AS ok
         FROM (SELECT ${q(c.name)} FROM raw WHERE ${q(c.name)} IS NOT NULL LIMIT 200)`,
      );
      isoShare.set(c.name, (r?.ok ?? 0) > 0.9);
    }
    const localFormats = new Map<string, string>();
    for (const c of cols.filter((c) => /^VARCHAR/i.test(c.type) && !isoShare.get(c.name))) {
      const [r] = await rowsOf<LocalTimeAnswer>(conn, localTimeQuery('raw', c.name));
      const formats = localTimeFormats(r);
      if (formats) localFormats.set(c.name, formats);
    }
    let time = pickTimeColumn(cols, (n) => (isoShare.get(n) ?? false) || localFormats.has(n));
    if (time.kind === 'seconds' && !namesTimeUnit(time.column!)) {
      const [r] = await rowsOf<{ v: number | null }>(
        conn,
        `SELECT ${numberOf(time.column!)} AS v FROM raw WHERE ${numberOf(time.column!)} IS NOT NULL ORDER BY __rn LIMIT 1`,
      );
      time.scale = (r?.v != null ? epochCountScale(r.v) : null) ?? time.scale;
    }
    const clockText = async (name: string): Promise<boolean> => {
      const [r] = await rowsOf<{ ok: number }>(
        conn,
        `SELECT avg(CASE WHEN try_cast(${q(name)} AS TIMETZ) IS NOT NULL THEN 1.0 ELSE 0 END) AS ok
         FROM (SELECT ${q(name)} FROM raw WHERE ${q(name)} IS NOT NULL LIMIT 200)`,
      );
      return (r?.ok ?? 0) > 0.9;
    };
    const clockShare = new Map<string, boolean>();
    for (const c of cols.filter(
      (c) => /^VARCHAR/i.test(c.type) && !isoShare.get(c.name) && !localFormats.has(c.name),
    ))
      clockShare.set(c.name, await clockText(c.name));
    const isClock = (n: string) => clockShare.get(n) ?? false;
    const alone = time.kind === 'index' ? clockAlone(cols, isClock) : null;
    if (alone) time = { column: alone, kind: 'iso', scale: 1 };
    const clock = alone ?? (time.kind === 'iso' ? clockBeside(cols, time.column!, isClock) : null);
    // A time of day alone is read on 1 January 1970 (its days counted on by unwrapDays).
    const day = alone ? `'1970-01-01'` : clock ? `CAST(${q(time.column!)} AS VARCHAR)` : '';
    const epochExpr =
      time.kind === 'iso'
        ? clock
          ? // As text, so a time of day with an offset (`17:00:00+01:00`) is read with it.
            `epoch(try_cast(${day} || ' ' || CAST(${q(clock)} AS VARCHAR) AS TIMESTAMPTZ))`
          : localFormats.has(time.column!)
            ? `epoch(${localTimestamp(time.column!, localFormats.get(time.column!)!)})`
            : `epoch(try_cast(${q(time.column!)} AS TIMESTAMPTZ))`
        : time.kind === 'seconds'
          ? time.scale === 1
            ? numberOf(time.column!)
            : `(${numberOf(time.column!)} * ${time.scale})`
          : 'CAST(__rn AS DOUBLE)';
    const [first] = await rowsOf<{ e: number | null }>(
      conn,
      `SELECT ${epochExpr} AS e FROM raw WHERE ${epochExpr} IS NOT NULL ORDER BY __rn LIMIT 1`,
    );
    const firstEpoch = first?.e ?? null;

    const columns: SourceColumn[] = [];
    for (const c of cols.filter((c) => c.name !== time.column && c.name !== clock)) {
      let kind = channelKind(c);
      let value = numberOf(c.name);
      if (!isNumericType(c.type) && !/^BOOL/i.test(c.type)) {
        // A text column is context: its value changes (mode, script state) are used as commands,
        // so any number that differs per distinct text will do.
        value = `CAST(hash(trim(CAST(${q(c.name)} AS VARCHAR))) % 1000003 AS DOUBLE)`;
        kind = kind === 'numeric' ? 'text' : kind;
      }
      columns.push({ ...c, kind, value: `CASE WHEN isfinite(${value}) THEN ${value} END` });
    }
    const selects = columns.map((c, i) => `${c.value} AS c${i}`).join(', ');
    const skip = await leadingRowsWithoutData(conn, time.kind === 'index' ? null : epochExpr, columns);
    await conn.run('DROP TABLE raw');
    // The row number is the table's rowid: DuckDB keeps a file's row order when it loads it
    // (preserve_insertion_order, on by default), so rowid n is the file's data row n. A
    // row_number() window here made the load single-threaded (2.4 s against 1.5 s on 200 MB).
    const t = time.kind === 'index' ? 'CAST(rowid AS DOUBLE)' : 't';
    // The load on one thread: kept in file order, two threads' batches are merged into the table
    // afterwards, and on this 2-core shared host that cost ~0.4 s more CPU on a 200 MB CSV (1.7 s
    // against 2.2-2.7 s, alternated; the scans after it keep two threads). Same rows, same order.
    await conn.run('SET threads = 1');
    await conn.run(
      `CREATE TABLE file_rows AS SELECT
       ${time.kind === 'index' ? 'NULL::DOUBLE' : `(${epochExpr}) - ${firstEpoch ?? 0}`} AS t
       ${selects ? ', ' + selects : ''}
       FROM ${skip > 0 ? `(SELECT * FROM ${reader} OFFSET ${skip})` : reader}`,
    );
    await conn.run('SET threads = 2');
    if (time.kind !== 'index') await fillMissingTimes(conn);
    if (alone) await unwrapDays(conn);
    await conn.run(
      `CREATE VIEW v AS SELECT rowid AS rn, ${t} AS t${columns.map((_, i) => `, c${i}`).join('')} FROM file_rows`,
    );
    const rows = Number((await rowsOf<{ n: bigint }>(conn, 'SELECT count(*) AS n FROM file_rows'))[0]!.n);
    return { conn, close, rows, time: { ...time, firstEpoch, clock }, columns };
  } catch (err) {
    close();
    throw err;
  }
}

/** The file's first rows as table `raw` (with their row number, `__rn`), and its columns' types. */
async function sampleRows(conn: DuckDBConnection, reader: string): Promise<ColumnInfo[]> {
  await conn.run(
    `CREATE TEMP TABLE raw AS SELECT (row_number() OVER ()) - 1 AS __rn, * FROM (SELECT * FROM ${reader} LIMIT ${SAMPLE_ROWS})`,
  );
  const described = await rowsOf<{ column_name: string; column_type: string }>(conn, 'DESCRIBE raw');
  return described
    .filter((d) => d.column_name !== '__rn')
    .map((d) => ({ name: d.column_name, type: d.column_type }));
}

/**
 * Rows under the header that hold no time and no number in any numeric column: a logger's units row
 * (`s, V, degC`) or a description row. They are not data, so they are not rows: read as rows, they
 * were a row without a time that every time lookup then tripped over. At most a few, at the top.
 */
async function leadingRowsWithoutData(
  conn: DuckDBConnection,
  epochExpr: string | null,
  columns: SourceColumn[],
): Promise<number> {
  const has = [
    ...(epochExpr ? [`(${epochExpr}) IS NOT NULL`] : []),
    // Numbers only: a text column's value is a hash, which an empty cell has too.
    ...columns.filter((c) => isNumericType(c.type)).map((c) => `(${c.value}) IS NOT NULL`),
  ];
  if (has.length === 0) return 0;
  const rows = await rowsOf<{ data: boolean }>(
    conn,
    `SELECT ${has.join(' OR ')} AS data FROM raw WHERE __rn < 5 ORDER BY __rn`,
  );
  const skip = rows.findIndex((r) => r.data);
  return skip < 0 ? 0 : skip;
}

/**
 * A row whose time cell is empty or unreadable takes the time between its neighbours (linear in the
 * row number; the nearest one's at either end). Every lookup of a moment is a binary search on the
 * time series, and one NaN in it sent the search the wrong way: a command's change, looked up past
 * that row, no longer explained the steps it commanded. Only paid when such rows exist.
 */
async function fillMissingTimes(conn: DuckDBConnection): Promise<void> {
  const [missing] = await rowsOf<{ n: bigint }>(conn, 'SELECT count(*) AS n FROM file_rows WHERE t IS NULL');
  if (!missing || Number(missing.n) === 0) return;
  const before = 'ORDER BY rowid ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW';
  const after = 'ORDER BY rowid ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING';
  await conn.run(
    `UPDATE file_rows SET t = w.filled FROM (
       SELECT rowid AS r, coalesce(pt + (nt - pt) * (rowid - pr) / (nr - pr), pt, nt) AS filled FROM (
         SELECT rowid, t,
           last_value(CASE WHEN t IS NOT NULL THEN rowid END IGNORE NULLS) OVER (${before}) AS pr,
           last_value(t IGNORE NULLS) OVER (${before}) AS pt,
           first_value(CASE WHEN t IS NOT NULL THEN rowid END IGNORE NULLS) OVER (${after}) AS nr,
           first_value(t IGNORE NULLS) OVER (${after}) AS nt
         FROM file_rows)
       WHERE t IS NULL) w
     WHERE file_rows.rowid = w.r`,
  );
}

/**
 * A time of day alone wraps at midnight: a fall of more than twelve hours from one row to the next is
 * the next day, and every row after it is a day later.
 */
async function unwrapDays(conn: DuckDBConnection): Promise<void> {
  await conn.run(
    `UPDATE file_rows SET t = t + 86400 * w.days FROM (
       SELECT r, sum(CASE WHEN t < before - 43200 THEN 1 ELSE 0 END) OVER (ORDER BY r) AS days FROM (
         SELECT rowid AS r, t, lag(t) OVER (ORDER BY rowid) AS before FROM file_rows)) w
     WHERE file_rows.rowid = w.r AND w.days > 0`,
  );
}
