// Rolling several `hwa serve` processes onto one database is safe only if an older build refuses a
// database a newer one has migrated. Here, through the built CLI as an operator runs it: serve,
// migrate and token create each exit non-zero with one line naming both sides, and change nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, expect, it } from 'vitest';
import { openPglite, queryRows, type Database } from '../src/db/client.js';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../src/db/migrate.js';
import { knownMigrations } from '../src/db/migration-drift.js';
import { cleanEnv, killChildren, runHwa } from './cli-process.js';
import { dbKind, freshDatabase } from './helpers.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hwa-drift-'));
afterEach(killChildren);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const newest = knownMigrations(MIGRATIONS_FOLDER).at(-1)!;
const theirs = newest.when + 86_400_000;

/** The site's database: the embedded one in the data directory, or a fresh PostgreSQL database. */
async function openSite(): Promise<{ database: Database; databaseUrl?: string }> {
  if (dbKind() === 'postgres') {
    const database = await freshDatabase();
    return { database, databaseUrl: database.url };
  }
  const database = await openPglite(path.join(dataDir, 'pglite'));
  await migrateDatabase(database);
  return { database };
}

/** An hwa command on this site's database, as an operator runs it. */
const hwa = (args: string[], databaseUrl: string | undefined) =>
  runHwa(args, cleanEnv({ HWA_DATA_DIR: dataDir, PORT: '0', DATABASE_URL: databaseUrl }));

it(
  `serve, migrate and token create refuse a database a newer hwa migrated (${dbKind()})`,
  { timeout: 240_000 },
  async () => {
    const { database, databaseUrl } = await openSite();
    await database.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-hwa', ${theirs})`,
    );
    const countUsers = async () =>
      (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM users`))[0]?.n;
    const usersBefore = await countUsers();
    // The embedded directory belongs to one process at a time: let the CLI have it.
    if (!databaseUrl) await database.close();

    for (const args of [['serve'], ['migrate'], ['token', 'create', '--email', 'ann@example.com']]) {
      const result = await hwa(args, databaseUrl);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stdout).toBe('');
      const said = result.stderr.split('\n').filter((l) => l.startsWith('hwa: ') && !l.includes('building'));
      // Every command first names its database (the CLI's `hwa: database: …`); then the refusal, one line.
      expect(said[0], result.stderr).toMatch(
        databaseUrl ? /^hwa: database: PostgreSQL database "hwa_t_/ : /^hwa: database: embedded PGlite/,
      );
      expect(said[0]).not.toContain('new: created now');
      const lines = said.slice(1);
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toContain('migrated by a newer hwa');
      expect(lines[0]).toContain(newest.tag);
      expect(lines[0]).toContain(new Date(theirs).toISOString());
      expect(result.stderr).not.toMatch(/^\s+at /m);
    }

    const after = databaseUrl ? database : await openPglite(path.join(dataDir, 'pglite'));
    const usersAfter = (
      await queryRows<{ n: number }>(after.db, sql`SELECT count(*)::int AS n FROM users`)
    )[0]?.n;
    expect(usersAfter).toBe(usersBefore); // token create added no user
    if (!databaseUrl) await after.close();
  },
);
