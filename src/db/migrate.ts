// Migrations are the SQL files drizzle-kit generated, committed under ./migrations, applied forward
// only by drizzle's migrator (all pending ones in one transaction). On PostgreSQL several processes
// may start at once: an advisory lock makes the second wait and then find nothing left to apply.
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { queryRows, type Database, type Db } from './client.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant works; this one spells "hwa migrate" closely enough to be recognised in pg_locks. */
const MIGRATION_LOCK_KEY = 0x4857_4d49;

export async function migrateDatabase(database: Database & { pool?: pg.Pool }): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.dialect === 'pglite') {
    // One process owns the embedded directory (lock file), so no further locking is needed.
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  if (!database.pool) throw new Error('PostgreSQL database without a pool');
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), config);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** True when every committed migration has been applied (readiness). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const last = files.at(-1);
  if (!last) return true;
  try {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations WHERE created_at >= ${last.folderMillis}`,
    );
    return (rows[0]?.n ?? 0) > 0;
  } catch {
    return false; // the bookkeeping table does not exist yet
  }
}
