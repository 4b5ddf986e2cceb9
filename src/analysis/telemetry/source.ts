// DuckDB side of the analyst: open the file as a table, find the time column, and answer the heavy
// scans (statistics, time gaps, runs of empty cells, runs of equal values, limit breaches) in SQL.
// JS only receives per-channel series, in chunks, and bucketed when the file is long.
import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import {
  channelKind,
  isNumericType,
  pickTimeColumn,
  quoteIdent as q,
  quoteString,
  type ColumnInfo,
} from './columns.js';
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
  time: { column: string | null; kind: TimeKind; scale: number; firstEpoch: number | null };
  columns: SourceColumn[];
}

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
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
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
    const reader = readerFor(path, fileName);
    await conn.run(
      `CREATE TEMP TABLE raw AS SELECT (row_number() OVER ()) - 1 AS __rn, * FROM (SELECT * FROM ${reader} LIMIT ${SAMPLE_ROWS})`,
    );
    const described = await rowsOf<{ column_name: string; column_type: string }>(conn, 'DESCRIBE raw');
    const cols = described
      .filter((d) => d.column_name !== '__rn')
      .map((d) => ({ name: d.column_name, type: d.column_type }));

    // Text columns that are mostly numbers (seconds written as strings, a stray 'ERR' defeating type
    // sniffing, a decimal comma) are numbers, for the time column and the channels alike.
    const decimalComma = new Set<string>();
    for (const c of cols.filter((c) => /^VARCHAR/i.test(c.type))) {
      const [r] = await rowsOf<{ ok: number; comma: number }>(
        conn,
        `SELECT avg(CASE WHEN try_cast(${q(c.name)} AS DOUBLE) IS NOT NULL THEN 1.0 ELSE 0 END) AS ok,
                avg(CASE WHEN regexp_full_match(${q(c.name)}, '${DECIMAL_COMMA_CELL}')
                          AND ${commaNumber(c.name)} IS NOT NULL THEN 1.0 ELSE 0 END) AS comma
         FROM raw WHERE ${q(c.name)} IS NOT NULL`,
      );
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
    const time = pickTimeColumn(cols, (n) => isoShare.get(n) ?? false);
    const epochExpr =
      time.kind === 'iso'
        ? `epoch(try_cast(${q(time.column!)} AS TIMESTAMPTZ))`
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
    for (const c of cols.filter((c) => c.name !== time.column)) {
      let kind = channelKind(c);
      let value = numberOf(c.name);
      if (!isNumericType(c.type) && !/^BOOL/i.test(c.type)) {
        // A text column is context: its value changes (mode, script state) are used as commands,
        // so any number that differs per distinct text will do.
        value = `CAST(hash(${q(c.name)}) % 1000003 AS DOUBLE)`;
        kind = kind === 'numeric' ? 'text' : kind;
      }
      columns.push({ ...c, kind, value: `CASE WHEN isfinite(${value}) THEN ${value} END` });
    }
    const selects = columns.map((c, i) => `${c.value} AS c${i}`).join(', ');
    await conn.run('DROP TABLE raw');
    // The row number is the table's rowid: DuckDB keeps a file's row order when it loads it
    // (preserve_insertion_order, on by default), so rowid n is the file's data row n. A
    // row_number() window here made the load single-threaded (2.4 s against 1.5 s on 200 MB).
    const t = time.kind === 'index' ? 'CAST(rowid AS DOUBLE)' : 't';
    await conn.run(
      `CREATE TABLE file_rows AS SELECT
       ${time.kind === 'index' ? 'NULL::DOUBLE' : `(${epochExpr}) - ${firstEpoch ?? 0}`} AS t
       ${selects ? ', ' + selects : ''}
       FROM ${reader}`,
    );
    await conn.run(
      `CREATE VIEW v AS SELECT rowid AS rn, ${t} AS t${columns.map((_, i) => `, c${i}`).join('')} FROM file_rows`,
    );
    const rows = Number((await rowsOf<{ n: bigint }>(conn, 'SELECT count(*) AS n FROM file_rows'))[0]!.n);
    return { conn, close, rows, time: { ...time, firstEpoch }, columns };
  } catch (err) {
    close();
    throw err;
  }
}
