// Migrations are the SQL files drizzle-kit generated, committed under ./migrations, applied forward
// only by drizzle's migrator (all pending ones in one transaction). On PostgreSQL several processes
// may start at once: an advisory lock makes the second wait and then find nothing left to apply.
// Before migrating, a database migrated by a newer hwa is refused (migration-drift.ts).
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { Database, Db } from './client.js';
import { appliedMigrations, knownMigrations, refuseUnknownMigrations } from './migration-drift.js';
import { prepareVectorSearch } from './vector-search.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant works; this one spells "hwa migrate" closely enough to be recognised in pg_locks. */
const MIGRATION_LOCK_KEY = 0x4857_4d49;

/** Whether document search uses pgvector here, and if not, why (db/vector-search.ts). */
export interface MigrationResult {
  vectorSearch: { enabled: boolean; reason?: string };
}

export async function migrateDatabase(database: Database & { pool?: pg.Pool }): Promise<MigrationResult> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.dialect === 'pglite') {
    // One process owns the embedded directory (lock file), so no further locking is needed.
    await refuseUnknownMigrations(database.db, MIGRATIONS_FOLDER);
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return { vectorSearch: await prepareVectorSearch(database.db) };
  }
  if (!database.pool) throw new Error('PostgreSQL database without a pool');
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      // Under the lock: a newer hwa migrating at this moment is either done (refused here) or waits.
      await refuseUnknownMigrations(drizzlePg(client), MIGRATIONS_FOLDER);
      await migratePg(drizzlePg(client), config);
      return { vectorSearch: await prepareVectorSearch(drizzlePg(client) as unknown as Db) };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** True when every committed migration has been applied, and none this build does not know (readiness). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const applied = new Set((await appliedMigrations(db)) ?? []);
  const known = new Set(knownMigrations(MIGRATIONS_FOLDER).map((m) => m.when));
  return [...known].every((when) => applied.has(when)) && [...applied].every((when) => known.has(when));
}
