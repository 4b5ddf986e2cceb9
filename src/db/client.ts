// One database type for the two engines. The embedded PGlite goes through drizzle-orm/pglite (the
// node-postgres adapter over PGlite hangs on parameterised queries); PostgreSQL through a pg Pool.
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { normaliseRows, type Field } from './rows.js';
import { withNamedStatements } from './pglite-statements.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository runs its SQL on: the database itself or a transaction the service opened. */
export type Executor = Db | Tx;

export type Dialect = 'pglite' | 'postgres';

export interface Database {
  readonly db: Db;
  readonly dialect: Dialect;
  /** Idempotent: closing twice is harmless, so shutdown paths need not coordinate. */
  close(): Promise<void>;
}

/** PGlite on a directory (undefined = in memory), or loaded from a dumped data directory (tests). */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  // pgvector ships as its own package for PGlite; loading it costs nothing until CREATE EXTENSION
  // (vector-search.ts), which gives document search an HNSW index instead of a scan in JS.
  const extensions = { vector };
  const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir, extensions } : { extensions });
  let closed = false;
  return {
    db: drizzlePglite(withNamedStatements(client), { schema }) as unknown as Db,
    dialect: 'pglite',
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

export function openPostgres(url: string, poolSize: number): Database & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would kill the process.
  pool.on('error', (err) => process.emitWarning(`PostgreSQL idle client error: ${err.message}`));
  // pool.end() resolves once it has asked its idle connections to end, not once they have: a database
  // dropped WITH (FORCE) just after (every test file on PostgreSQL) terminated them mid-goodbye, and
  // each said so as an idle client error (34 of 90 connections in a create-query-close-drop loop
  // here). close() also waits for each connection's own end, so "closed" means nothing is connected.
  const connections = new Set<Promise<void>>();
  pool.on('connect', (client) => {
    const ended = new Promise<void>((resolve) => client.once('end', resolve));
    connections.add(ended);
    void ended.then(() => connections.delete(ended));
  });
  let closed = false;
  return {
    db: drizzlePg(pool, { schema }),
    dialect: 'postgres',
    pool,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
      await Promise.all(connections);
    },
  };
}

/**
 * Raw SQL rows, with int8 as number and timestamps as Date on both drivers (rows.ts). Both answer
 * `{ rows, fields }`; the Db type cannot say so for both at once.
 */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  const { rows, fields } = result as { rows: Record<string, unknown>[]; fields?: Field[] };
  return normaliseRows<T>(rows, fields);
}
