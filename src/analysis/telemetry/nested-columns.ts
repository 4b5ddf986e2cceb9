// JSON-lines loggers often nest their values (`{"ts": …, "bus": {"voltage_V": 28.1, "current_A": 2}}`)
// or write a sensor array as a list (`"cell_V": [3.71, 3.70, 3.72]`). DuckDB reads these as STRUCT and
// LIST columns, which are neither numbers nor text: the analysis failed on them. Each leaf becomes a
// column of its own, named by its path (`bus.voltage_V`, `cell_V[2]`), so it is a channel like any other.
import type { DuckDBConnection } from '@duckdb/node-api';
import { quoteIdent as q, quoteString } from './columns.js';

/** Elements of a list column read as channels: more than this is a spectrum or a frame, not channels. */
const MAX_LIST_ELEMENTS = 32;
/** Nesting followed: deeper values are kept as text. */
const MAX_DEPTH = 4;

export interface FlatColumn {
  name: string;
  /** SQL reading the leaf from a row of the file. */
  expr: string;
}

type Ask = <T>(sql: string) => Promise<T[]>;

const isStruct = (type: string) => /^STRUCT\(/i.test(type);
const isList = (type: string) => /\[\d*\]$/.test(type);

/**
 * The file's columns with every STRUCT and LIST column replaced by its leaves, or null when none is
 * nested (the file is then read as it is). `table` holds a sample of the file's rows.
 */
export async function flattenNested(
  conn: DuckDBConnection,
  table: string,
  columns: { name: string; type: string }[],
): Promise<FlatColumn[] | null> {
  if (!columns.some((c) => isStruct(c.type) || isList(c.type))) return null;
  const ask: Ask = async <T>(sql: string) => (await conn.runAndReadAll(sql)).getRowObjectsJS() as T[];
  const out: FlatColumn[] = [];
  for (const c of columns) await leaves(ask, table, c.name, q(c.name), c.type, 0, out);
  return out;
}

async function leaves(
  ask: Ask,
  table: string,
  name: string,
  expr: string,
  type: string,
  depth: number,
  out: FlatColumn[],
): Promise<void> {
  if (depth >= MAX_DEPTH && (isStruct(type) || isList(type))) {
    out.push({ name, expr: `CAST(${expr} AS VARCHAR)` });
  } else if (isStruct(type)) {
    const fields = await ask<{ column_name: string; column_type: string }>(
      `DESCRIBE SELECT unnest(${expr}) FROM ${table}`,
    );
    for (const f of fields) {
      const field = `struct_extract(${expr}, ${quoteString(f.column_name)})`;
      await leaves(ask, table, `${name}.${f.column_name}`, field, f.column_type, depth + 1, out);
    }
  } else if (isList(type)) {
    const [r] = await ask<{ n: number | bigint | null }>(`SELECT max(len(${expr})) AS n FROM ${table}`);
    const n = Math.min(Number(r?.n ?? 0), MAX_LIST_ELEMENTS);
    const elementType = type.replace(/\[\d*\]$/, '');
    for (let i = 1; i <= n; i++) {
      await leaves(ask, table, `${name}[${i}]`, `(${expr})[${i}]`, elementType, depth + 1, out);
    }
  } else {
    out.push({ name, expr });
  }
}
