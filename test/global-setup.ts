// Prepares, once per run and database, a migrated template that every test file clones:
// PGlite: a dumped data directory (loadDataDir); PostgreSQL: a template database (CREATE ... TEMPLATE).
// Also builds dist/ when stale, for the tests that run the real CLI.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { ensureBuilt } from '../scripts/ensure-built.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb:
      { kind: 'pglite'; templatePath: string } | { kind: 'postgres'; serverUrl: string; template: string };
  }
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function setup(project: TestProject) {
  ensureBuilt();
  const kind = project.config.env.HWA_TEST_DB;
  if (kind === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const template = `hwa_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = openPostgres(withDatabase(serverUrl, template), 2);
    await migrateDatabase(database);
    await database.close();
    project.provide('testDb', { kind: 'postgres', serverUrl, template });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-test-'));
  const templatePath = path.join(dir, 'pglite-template.tar');
  const database = await openPglite(undefined);
  await migrateDatabase(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  await fs.writeFile(templatePath, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('testDb', { kind: 'pglite', templatePath });
  return () => fs.rm(dir, { recursive: true, force: true });
}
