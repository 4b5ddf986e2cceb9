// Test helpers: a fresh database per test file, an app on it, and small factories so tests read like
// the feature: `const ann = await ctx.newUser()`, `const rover = await ctx.newSystem(ann)`,
// `const { status, body } = await ann.call<System>('GET', `/systems/${rover.system_id}`)`. Response
// types are the `Static<>` types beside the route schemas (`*.schemas.ts`), never retyped here.
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import type { Attachment } from '../src/modules/attachments/attachments.schemas.js';
import type { CreateSessionBody, Session } from '../src/modules/sessions/sessions.schemas.js';
import type { CreateSkillBody, Skill } from '../src/modules/skills/skills.schemas.js';
import type { CreateSystemBody, System } from '../src/modules/systems/systems.schemas.js';
import { TokensService } from '../src/modules/tokens/tokens.service.js';
import { watchContract } from './contract.js';
import { withDatabase } from './global-setup.js';
import { uploadFiles, type FilePart } from './multipart.js';

export const dbKind = (): 'pglite' | 'postgres' => inject('testDb').kind;

/**
 * What this test file opened, closed (and dropped) when the file ends, newest first. Vitest runs an
 * afterAll only if it is registered while the file is collected: one registered inside a beforeAll or
 * a test, where testApp() is called, never runs, and each such database was left behind. Test files
 * share this module (vitest.config.ts: isolate false), so the hook that empties the list is registered
 * for every file by the setup file test/per-file.ts, not here.
 */
const cleanups: (() => Promise<unknown>)[] = [];

/** Closes what the file opened: every cleanup runs even when one fails (a database must still be dropped). */
export async function runFileCleanups(): Promise<void> {
  const failures: unknown[] = [];
  for (const cleanup of cleanups.splice(0).reverse())
    await cleanup().catch((err: unknown) => failures.push(err));
  if (failures.length > 0) throw failures[0];
}

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

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call answered. */
export interface Answer<T> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  /**
   * The JSON body, typed as the caller asked: the route's success type (a problem body when the call
   * was refused, so assert `status` first, or use `ok`). The text when the answer is not JSON.
   */
  body: T;
  /** The raw response, for assertions on bytes and for `expectProblem`. */
  res: LightMyRequestResponse;
}

export interface CallOptions {
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  /** Bytes to send as they are (with your own content-type header) instead of `body` as JSON. */
  raw?: string | Buffer;
}

/** A request under `/api/v1` (`path` = `/systems?search=x`) as one user; `body` is sent as JSON. */
export type Call = <T = unknown>(
  method: Method,
  path: string,
  body?: unknown,
  options?: CallOptions,
) => Promise<Answer<T>>;

/** A signed-in user: their e-mail, a token of theirs and their calls. */
export interface TestUser {
  email: string;
  token: string;
  call: Call;
}

/** The body of a successful answer; fails the test, showing the body, on any other status. */
export function ok<T>(answer: Answer<T>, status = 200): T {
  expect(answer.status, answer.res.body).toBe(status);
  return answer.body;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** A new user (a fresh e-mail unless given) with a token. */
  newUser(options?: { admin?: boolean; email?: string }): Promise<TestUser>;
  /** A system created by `user` through the API (a unique name unless given). */
  newSystem(user: TestUser, fields?: Partial<CreateSystemBody>): Promise<System>;
  /** A session of `user`, created through the API. */
  newSession(user: TestUser, fields?: CreateSessionBody): Promise<Session>;
  /**
   * A skill created by `user` through the API: a unique kebab-case name, used as its power command
   * too, unless given; personal unless `scope` says otherwise.
   */
  newSkill(user: TestUser, fields?: Partial<CreateSkillBody>): Promise<Skill>;
  /** Uploads `files` (see test/multipart.ts) into `session` as `user`; fails the test unless 201. */
  upload(user: TestUser, session: Session | string, files: FilePart[]): Promise<Attachment[]>;
  /** The user a token handed out by the API (POST /tokens) signs in as. */
  signIn(created: { email: string; token: string }): TestUser;
}

/** How the API writes an id (UUID), and a timestamp (ISO 8601 in UTC, to the millisecond). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A name no other test in the run uses, so tests sharing a database do not see each other's rows. */
export const uniqueName = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;

function answer<T>(res: LightMyRequestResponse): Answer<T> {
  const json = /\bjson\b/.test(String(res.headers['content-type'] ?? '')) && res.body !== '';
  return { status: res.statusCode, headers: res.headers, body: (json ? res.json() : res.body) as T, res };
}

function caller(app: FastifyInstance, token: string): Call {
  return async <T>(method: Method, path: string, body?: unknown, options: CallOptions = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    let payload: string | Buffer | undefined = options.raw;
    if (payload === undefined && body !== undefined) {
      // Stringified here: light-my-request would send a string body as it is, not as JSON.
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await app.inject({
      method,
      url: `/api/v1${path}`,
      headers: { ...headers, ...options.headers },
      ...(options.query ? { query: options.query } : {}),
      ...(payload === undefined ? {} : { payload }),
    });
    return answer<T>(res);
  };
}

/**
 * Fails when request work is still running. A test file must end with every request it started
 * answered and finished: a request nobody awaited, or a handler that outlives its response, would run
 * on after the file (and its database) ended and fail somewhere else, or nowhere.
 */
export function expectNoRequestWork(app: FastifyInstance): void {
  const running = app.inFlight.count;
  if (running > 0) {
    throw new Error(
      `${running} request(s) still running when the test file ended: await every request a test ` +
        'starts, and make handlers finish their work before they answer',
    );
  }
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
    // Work in flight is counted before closing (closing waits for it); both kinds of failure are
    // reported after the cleanup, which runs whatever they find.
    const failures: string[] = [];
    try {
      expectNoRequestWork(app);
    } catch (err) {
      failures.push((err as Error).message);
    }
    await app.close();
    await app.inFlight.idle(); // the database closes next: let what still runs finish first
    await fs.rm(config.storageDir, { recursive: true, force: true });
    if (breaches.length > 0) {
      failures.push(
        `answers the OpenAPI document does not declare (test/contract.ts):\n${[...new Set(breaches)].join('\n')}`,
      );
    }
    if (failures.length > 0) throw new Error(failures.join('\n'));
  });
  const tokens = new TokensService(database.db);
  const signIn = ({ email, token }: { email: string; token: string }) => ({
    email,
    token,
    call: caller(app, token),
  });
  return {
    app,
    database,
    async newUser({ admin = false, email = `${uniqueName('user').replace(' ', '-')}@example.com` } = {}) {
      return signIn({ email, token: (await tokens.create({ email, isAdmin: admin })).token });
    },
    async newSystem(user, fields = {}) {
      return ok(
        await user.call<System>('POST', '/systems', { system_name: uniqueName('System'), ...fields }),
        201,
      );
    },
    async newSession(user, fields = {}) {
      return ok(await user.call<Session>('POST', '/sessions', fields), 201);
    },
    async newSkill(user, fields = {}) {
      const name = uniqueName('skill').replace(' ', '-');
      const body = {
        name,
        power_command: name,
        description: 'A test skill',
        instructions: '# Steps\n\n1. Do it.',
        ...fields,
      };
      return ok(await user.call<Skill>('POST', '/skills', body), 201);
    },
    async upload(user, session, files) {
      return ok(await uploadFiles(user, session, files), 201);
    },
    signIn,
  };
}
