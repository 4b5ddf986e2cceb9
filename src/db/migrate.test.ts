// Migrations apply on an empty database, are idempotent, and on PostgreSQL two processes starting at
// once (two pools here) do not both migrate: the advisory lock makes the second find nothing to do.
// A database that a newer hwa migrated is refused, and a running process stops being ready.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { HealthService } from '../modules/health/health.service.js';
import { withDatabase } from '../../test/global-setup.js';
import { afterFile, freshDatabase, testApp } from '../../test/helpers.js';
import { openPglite, openPostgres, queryRows, type Database } from './client.js';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate.js';
import { knownMigrations, SchemaDriftError } from './migration-drift.js';

const committed = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;

async function appliedCount(database: Database): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.n);
}

/** An empty database, not cloned from the migrated template. */
async function emptyDatabase(): Promise<{ open: () => Database & { pool?: pg.Pool } }> {
  const testDb = inject('testDb');
  if (testDb.kind === 'pglite') {
    const database = await openPglite(undefined);
    afterFile(() => database.close());
    return { open: () => database };
  }
  const name = `hwa_empty_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const opened: Database[] = [];
  afterFile(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return {
    open: () => {
      const database = openPostgres(withDatabase(testDb.serverUrl, name), 2);
      opened.push(database);
      return database;
    },
  };
}

describe('migrations', () => {
  it('apply every committed migration once; readiness follows them', async () => {
    const { open } = await emptyDatabase();
    const database = open();
    const health = new HealthService(database.db);
    expect(await health.ready()).toBe(false);

    await migrateDatabase(database);
    expect(await appliedCount(database)).toBe(committed);
    expect(await health.ready()).toBe(true);

    await migrateDatabase(database); // a restart applies nothing twice
    expect(await appliedCount(database)).toBe(committed);
  });

  it.runIf(inject('testDb').kind === 'postgres')(
    'two processes starting at once on one PostgreSQL: one migrates, neither fails',
    async () => {
      const { open } = await emptyDatabase();
      const [a, b, c] = [open(), open(), open()];
      await Promise.all([migrateDatabase(a), migrateDatabase(b), migrateDatabase(c)]);
      expect(await appliedCount(a)).toBe(committed);
      const tables = await queryRows<{ n: number }>(
        a.db,
        sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('users', 'api_tokens', 'systems')`,
      );
      expect(Number(tables[0]?.n)).toBe(3);
    },
  );
});

/** What a newer hwa leaves behind: a bookkeeping row for a migration this build does not ship. */
async function recordForeignMigration(database: Database, createdAt: number): Promise<void> {
  await database.db.execute(
    sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-hwa', ${createdAt})`,
  );
}

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const newest = knownMigrations(MIGRATIONS_FOLDER).at(-1)!;
const DAY_MS = 86_400_000;

describe('a database migrated by a newer hwa', () => {
  it("is refused before anything is migrated, in one line naming both sides' newest migration", async () => {
    const database = await freshDatabase();
    const theirs = newest.when + DAY_MS;
    await recordForeignMigration(database, theirs);

    const refusal = await migrateDatabase(database).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(SchemaDriftError);
    const message = (refusal as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain(newest.tag);
    expect(message).toContain(new Date(theirs).toISOString());
    expect(message).toContain(`hwa ${VERSION} `);
    expect(await appliedCount(database)).toBe(committed + 1);
  });

  it("is refused also when the unknown migration is older than this build's newest (another branch)", async () => {
    const database = await freshDatabase();
    await recordForeignMigration(database, newest.when - 1);
    await expect(migrateDatabase(database)).rejects.toThrow(SchemaDriftError);
  });

  it('turns a running process not ready: GET /readyz answers 503', async () => {
    const ctx = await testApp();
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await recordForeignMigration(ctx.database, newest.when + DAY_MS);
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ type: 'urn:hwa:problem:unavailable' });
  });
});
