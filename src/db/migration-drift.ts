// Schema drift between processes: when several hwa processes share one PostgreSQL and a newer hwa has
// migrated it, an older one must not start (its queries were written for a schema that is gone).
// drizzle's migrator would not notice: it applies only migrations newer than the database's newest,
// so an old build finds "nothing to do" and serves against the new schema. We compare the database's
// bookkeeping rows (drizzle.__drizzle_migrations: hash, created_at = the journal's `when`) with the
// migrations this build ships, and refuse when the database holds one this build does not know.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from './client.js';

interface JournalEntry {
  tag: string;
  when: number;
}

/** This build's migrations, oldest first, as drizzle-kit's journal lists them. */
export function knownMigrations(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** This build's version, from the package.json two levels up (src/db or dist/db). */
function buildVersion(): string {
  try {
    const file = new URL('../../package.json', import.meta.url);
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export class SchemaDriftError extends Error {
  override readonly name = 'SchemaDriftError';
}

/** The `created_at` of every applied migration, oldest first; undefined before the first migration. */
export async function appliedMigrations(executor: Executor): Promise<number[] | undefined> {
  const [table] = await queryRows<{ present: boolean }>(
    executor,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!table?.present) return undefined;
  // created_at is bigint: a number on both drivers, as queryRows normalises int8 (rows.ts).
  const rows = await queryRows<{ created_at: number }>(
    executor,
    sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
  );
  return rows.map((row) => row.created_at);
}

/** The `created_at` of every applied migration this build does not ship, oldest first. */
export async function unknownMigrations(executor: Executor, migrationsFolder: string): Promise<number[]> {
  const known = new Set(knownMigrations(migrationsFolder).map((m) => m.when));
  return ((await appliedMigrations(executor)) ?? []).filter((when) => !known.has(when));
}

/** Throws a one-line SchemaDriftError when the database was migrated by a newer (or other) hwa. */
export async function refuseUnknownMigrations(executor: Executor, migrationsFolder: string): Promise<void> {
  const unknown = await unknownMigrations(executor, migrationsFolder);
  if (unknown.length === 0) return;
  const latest = knownMigrations(migrationsFolder).at(-1);
  const ours = latest ? `${latest.tag} (${new Date(latest.when).toISOString()})` : 'none';
  const theirs = new Date(Math.max(...unknown)).toISOString();
  throw new SchemaDriftError(
    `the database was migrated by a newer hwa: it holds ${unknown.length} migration(s) this hwa ${buildVersion()} ` +
      `does not know (the newest from ${theirs}); the newest this hwa knows is ${ours}. ` +
      'Run the hwa version that migrated it (upgrade this one); refusing to start.',
  );
}
