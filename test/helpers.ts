// Test helpers: a fresh database per test file, an app on it, and small factories so tests read like
// the feature (`const ann = await ctx.user('ann@example.com')`).
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { TokensService } from '../src/modules/tokens/tokens.service.js';
import { watchContract } from './contract.js';
import { withDatabase } from './global-setup.js';

export const dbKind = (): 'pglite' | 'postgres' => inject('testDb').kind;

/**
 * What this test file opened, closed (and dropped) when the file ends, newest first. Vitest runs an
 * afterAll only if it is registered while the file is collected: one registered inside a beforeAll or
 * a test, where testApp() is called, never runs, and each such database was left behind. This module
 * is evaluated once per test file (vitest isolates files), so this one hook serves each file.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs `cleanup` when this test file ends; unlike afterAll, it may be called from a beforeAll or a test. */
export function afterFile(cleanup: () => Promise<unknown>): void {
  cleanups.push(cleanup);
}

/** A fresh, migrated database for this test file, dropped when the file ends. */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  const testDb = inject('testDb');
  if (testDb.kind === 'pglite') {
    const blob = new Blob([await fs.readFile(testDb.templatePath)]);
    const database = await openPglite(undefined, blob);
    afterFile(() => database.close());
    return database;
  }
  const name = `hwa_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb.serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${testDb.template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(testDb.serverUrl, name);
  const database = openPostgres(url, 5);
  afterFile(async () => {
    await database.close();
    const dropper = new pg.Client({ connectionString: testDb.serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  return { ...database, url };
}

/** Config for an in-process app: no data directory is touched; files go to a fresh temporary dir. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    HWA_DATA_DIR: '/nonexistent/hwa-test',
    HWA_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
    HWA_STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), 'hwa-objects-')),
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** Creates (or reuses) a user and returns a fresh bearer token for them. */
  tokenFor(email: string, options?: { admin?: boolean }): Promise<string>;
  /** app.inject with the token as a Bearer header. */
  as(token: string, request: InjectOptions): Promise<LightMyRequestResponse>;
}

/** An app on a fresh database for the whole test file. */
export async function testApp(
  options: BuildOptions & { env?: Record<string, string> } = {},
): Promise<TestContext> {
  const database = await freshDatabase();
  const config = testConfig(options.env);
  const app = await buildApp(config, database, options);
  const breaches = watchContract(app);
  afterFile(async () => {
    await app.close();
    if (breaches.length > 0) {
      throw new Error(
        `answers the OpenAPI document does not declare (test/contract.ts):\n${[...new Set(breaches)].join('\n')}`,
      );
    }
    await fs.rm(config.storageDir, { recursive: true, force: true });
  });
  const tokens = new TokensService(database.db);
  return {
    app,
    database,
    async tokenFor(email, opts = {}) {
      return (await tokens.create({ email, isAdmin: opts.admin ?? false })).token;
    },
    as(token, request) {
      return app.inject({ ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } });
    },
  };
}
