// End to end through the built CLI over real HTTP: `node bin/hwa.js ...` as a user runs it, on a fresh
// data directory (and, in the PostgreSQL project, a fresh database passed as DATABASE_URL). Each test
// waits for readiness by polling GET /readyz, never by sleeping, and kills its children afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  cleanEnv,
  COMMAND_WITHIN_MS,
  freePort,
  killChildren,
  runHwa,
  startServer as startHwa,
  until,
  within,
  type Server,
} from './cli-process.js';
import { dbKind, freshDatabase } from './helpers.js';

const TOKEN = /^hwa_[A-Za-z0-9_-]{43}$/;
const ANY_TOKEN = /hwa_[A-Za-z0-9_-]{43}/;
const EVERY_TOKEN = /hwa_[A-Za-z0-9_-]{43}/g;
const SLOW_TEST = { timeout: 240_000 };
/** One command that ends by itself: as long as runHwa gives it, so a stall fails there, with its output. */
const ONE_COMMAND = { timeout: COMMAND_WITHIN_MS + 10_000 };

const onPostgres = dbKind() === 'postgres';

/** PostgreSQL: one fresh migrated database per "installation" a test needs, made at collection time. */
const databaseUrls: string[] = [];
if (onPostgres) {
  for (let i = 0; i < 7; i++) databaseUrls.push((await freshDatabase()).url!);
}

/** One installation of hwa: a data directory, plus its own database on PostgreSQL. */
interface Site {
  dataDir: string;
  databaseUrl: string | undefined;
}

const tempDirs: string[] = [];
function newSite(): Site {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hwa-e2e-'));
  tempDirs.push(dataDir);
  const databaseUrl = onPostgres ? databaseUrls.pop() : undefined;
  if (onPostgres && !databaseUrl) throw new Error('test bug: create more databases at the top of the file');
  return { dataDir, databaseUrl };
}

/** A data directory only: for runs that name their own DATABASE_URL. */
function newSiteWithoutDatabase(): Site {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hwa-e2e-'));
  tempDirs.push(dataDir);
  return { dataDir, databaseUrl: undefined };
}

/** A clean environment for `site` (hwa logging at info, PORT 0 unless `extra` says), then `extra`. */
function envFor(site: Site, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return cleanEnv({
    HWA_DATA_DIR: site.dataDir,
    PORT: '0',
    LOG_LEVEL: 'info',
    DATABASE_URL: site.databaseUrl,
    ...extra,
  });
}

/** `hwa token create`: exits 0 and prints the token alone, one line on stdout, for scripts to capture. */
async function createToken(site: Site, email: string): Promise<string> {
  const result = await runHwa(['token', 'create', '--email', email], envFor(site));
  expect(result.code, result.stderr).toBe(0);
  const lines = result.stdout.split('\n').filter((line) => line !== '');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(TOKEN);
  expect(result.stdout).toBe(`${lines[0]}\n`);
  return lines[0]!;
}

/** `hwa serve` for `site` on a free port, once GET /readyz answers 200. */
const startServer = (site: Site, extraEnv: Record<string, string> = {}): Promise<Server> =>
  startHwa(envFor(site, extraEnv));

/** Parsed JSON, as untyped as Fastify's `res.json()`: the assertions are what check its shape. */
type Json = ReturnType<typeof JSON.parse>;

interface Answer {
  status: number;
  contentType: string | null;
  body: Json;
}

async function call(
  server: Server,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Json = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text, the assertions on status and type say what was wrong
  }
  return { status: res.status, contentType: res.headers.get('content-type'), body: parsed };
}

/** The log lines (JSON, one per line) of a server's stdout. */
function logLines(stdout: string): Record<string, Json>[] {
  return stdout.split('\n').flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return typeof parsed === 'object' && parsed !== null ? [parsed as Record<string, Json>] : [];
    } catch {
      return [];
    }
  });
}

afterEach(killChildren);

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`hwa CLI end to end (${dbKind()})`, () => {
  it(
    '`hwa token create` refuses a bad or missing e-mail on stderr and exits non-zero',
    ONE_COMMAND,
    async () => {
      const site = newSite();
      const bad = await runHwa(['token', 'create', '--email', 'not-an-email'], envFor(site));
      expect(bad.code).not.toBe(0);
      expect(bad.stdout).toBe('');
      expect(bad.stderr).toContain('--email');
      expect(bad.stderr).toContain('not-an-email');

      const missing = await runHwa(['token', 'create'], envFor(site));
      expect(missing.code).not.toBe(0);
      expect(missing.stdout).toBe('');
      expect(missing.stderr).toContain('--email');
    },
  );

  it(
    '`hwa token create` prints a token alone that `hwa serve` accepts for create, list, search, update and ' +
      'delete; `hwa token list` hides the secret; `hwa token revoke` locks it out',
    SLOW_TEST,
    async () => {
      const site = newSite();
      const ann = await createToken(site, 'ann@example.com');
      const bob = await createToken(site, 'bob@example.com');
      let server = await startServer(site);

      const anonymous = await call(server, 'GET', '/api/v1/systems');
      expect(anonymous.status).toBe(401);
      expect(anonymous.contentType).toMatch(/^application\/problem\+json/);
      expect((await call(server, 'POST', '/api/v1/systems', undefined, { system_name: 'X' })).status).toBe(
        401,
      );

      const rover = await call(server, 'POST', '/api/v1/systems', ann, {
        system_name: 'Rover Mk2',
        description: 'six-wheeled test rover',
      });
      expect(rover.status).toBe(201);
      expect(rover.body).toMatchObject({
        system_name: 'Rover Mk2',
        description: 'six-wheeled test rover',
        created_by: 'ann@example.com',
        has_blueprints: false,
        is_deleted: false,
      });
      const roverId: string = rover.body.system_id;
      const lander = await call(server, 'POST', '/api/v1/systems', bob, { system_name: 'Lander' });
      expect(lander.status).toBe(201);
      expect(lander.body.created_by).toBe('bob@example.com');

      const all = await call(server, 'GET', '/api/v1/systems', ann);
      expect(all.status).toBe(200);
      expect(all.body.count).toBe(2);
      expect(all.body.items.map((s: { system_name: string }) => s.system_name)).toEqual([
        'Rover Mk2',
        'Lander',
      ]);

      const found = await call(server, 'GET', '/api/v1/systems?search=ROVER', ann);
      expect(found.status).toBe(200);
      expect(found.body.count).toBe(1);
      expect(found.body.items[0].system_id).toBe(roverId);

      const updated = await call(server, 'PUT', `/api/v1/systems/${roverId}`, ann, {
        description: 'now with lidar',
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ system_name: 'Rover Mk2', description: 'now with lidar' });
      expect((await call(server, 'GET', `/api/v1/systems/${roverId}`, bob)).body.description).toBe(
        'now with lidar',
      );

      const deleted = await call(server, 'DELETE', `/api/v1/systems/${roverId}`, ann);
      expect(deleted.status).toBe(200);
      expect(deleted.body.uuid).toBe(roverId);
      expect(deleted.body.message).toEqual(expect.any(String));
      expect((await call(server, 'GET', `/api/v1/systems/${roverId}`, ann)).status).toBe(404);
      expect((await call(server, 'GET', '/api/v1/systems', ann)).body.count).toBe(1);
      expect((await call(server, 'GET', '/api/v1/systems?is_deleted=true', ann)).body.count).toBe(2);

      const annTokens = await call(server, 'GET', '/api/v1/tokens', ann);
      expect(annTokens.body.count).toBe(1);
      const annTokenId: string = annTokens.body.items[0].id;

      // The embedded database belongs to the server while it runs: the CLI needs it stopped.
      // On PostgreSQL the CLI works beside a running server, and revocation bites at once.
      if (!onPostgres) expect(await server.stop()).toBe(0);

      const listed = await runHwa(['token', 'list'], envFor(site));
      expect(listed.code).toBe(0);
      const annLines = listed.stdout.split('\n').filter((line) => line.includes('ann@example.com'));
      expect(annLines).toHaveLength(1);
      expect(annLines[0]).toContain(annTokenId);
      expect(annLines[0]).toContain(ann.slice(0, 12));
      expect(listed.stdout).toContain('bob@example.com');
      for (const token of [ann, bob]) {
        expect(listed.stdout).not.toContain(token);
        expect(listed.stdout).not.toContain(token.slice(12));
      }

      const revoked = await runHwa(['token', 'revoke', annTokenId], envFor(site));
      expect(revoked.code).toBe(0);

      if (!onPostgres) server = await startServer(site);
      const refused = await call(server, 'GET', '/api/v1/systems', ann);
      expect(refused.status).toBe(401);
      expect(refused.contentType).toMatch(/^application\/problem\+json/);
      const stillThere = await call(server, 'GET', '/api/v1/systems', bob);
      expect(stillThere.status).toBe(200);
      expect(stillThere.body.items.map((s: { system_name: string }) => s.system_name)).toEqual(['Lander']);
      expect(await server.stop()).toBe(0);
    },
  );

  it.runIf(onPostgres)(
    'a token revoked through one server is refused on the next request by another server that had it cached',
    SLOW_TEST,
    async () => {
      const site = newSite();
      const admin = await createToken(site, 'ann@example.com');
      // An hour: the second server's cache can only lose an entry through the NOTIFY, never by expiry.
      const cached = { HWA_TOKEN_CACHE_TTL: '3600' };
      const [first, second] = await Promise.all([startServer(site, cached), startServer(site, cached)]);
      const db = new pg.Client({ connectionString: site.databaseUrl });
      await db.connect();
      try {
        for (let round = 1; round <= 3; round++) {
          const spare = await call(first, 'POST', '/api/v1/tokens', admin, { name: `spare ${round}` });
          const witness = await call(first, 'POST', '/api/v1/tokens', admin, { name: `witness ${round}` });
          expect([spare.status, witness.status]).toEqual([201, 201]);
          expect((await call(second, 'GET', '/api/v1/systems', spare.body.token)).status).toBe(200);
          expect((await call(second, 'GET', '/api/v1/systems', witness.body.token)).status).toBe(200);
          // The witness is revoked in the table only, with no NOTIFY: the second server still accepts
          // it, so it answers from its cache (the refusal below is the NOTIFY's doing, not a lookup's).
          await db.query('UPDATE api_tokens SET revoked_at = now() WHERE id = $1', [witness.body.id]);
          expect((await call(second, 'GET', '/api/v1/systems', witness.body.token)).status).toBe(200);

          expect((await call(first, 'DELETE', `/api/v1/tokens/${spare.body.id}`, admin)).status).toBe(204);
          const refused = await call(second, 'GET', '/api/v1/systems', spare.body.token);
          expect(refused.status, `round ${round}`).toBe(401);
          expect(refused.contentType).toMatch(/^application\/problem\+json/);
        }
      } finally {
        await db.end();
      }
      expect(await first.stop()).toBe(0);
      expect(await second.stop()).toBe(0);
    },
  );

  it('prints an admin token with a curl example on the first start only', SLOW_TEST, async () => {
    const site = newSite();
    const first = await startServer(site);
    await until(() => ANY_TOKEN.test(first.stdout()), 'the first-run banner on stdout', first);
    const printed = [...new Set(first.stdout().match(EVERY_TOKEN))];
    expect(printed).toHaveLength(1);
    const token = printed[0]!;
    const curlLines = first
      .stdout()
      .split('\n')
      .filter((line) => line.includes('curl') && line.includes(token));
    expect(curlLines).toHaveLength(1);
    expect(curlLines[0]).toContain(`${first.base}/api/v1/systems`);
    expect(first.stderr()).not.toContain(token);

    // The printed token works, as an admin: it may create a token for someone else.
    expect((await call(first, 'GET', '/api/v1/systems', token)).status).toBe(200);
    const forCarl = await call(first, 'POST', '/api/v1/tokens', token, { email: 'carl@example.com' });
    expect(forCarl.status).toBe(201);
    expect(forCarl.body.token).toMatch(TOKEN);
    expect(await first.stop()).toBe(0);

    const second = await startServer(site);
    expect((await call(second, 'GET', '/api/v1/systems', token)).status).toBe(200);
    // A clean exit means start-up (including the first-run check) ran to its end: the output is complete.
    expect(await second.stop()).toBe(0);
    expect(second.stdout()).not.toMatch(ANY_TOKEN);
    expect(second.stdout()).not.toContain('curl');
    expect(second.stderr()).not.toMatch(ANY_TOKEN);
  });

  it.skipIf(onPostgres)(
    'refuses a second process on the embedded data directory while `hwa serve` holds it',
    SLOW_TEST,
    async () => {
      const site = newSite();
      const token = await createToken(site, 'ann@example.com');
      const server = await startServer(site);
      const before = await call(server, 'POST', '/api/v1/systems', token, { system_name: 'Before' });
      expect(before.status).toBe(201);

      const create = await runHwa(['token', 'create', '--email', 'eve@example.com'], envFor(site));
      expect(create.code).not.toBe(0);
      expect(create.stdout).toBe('');
      expect(create.stderr).toContain('POST /api/v1/tokens');
      expect(create.stderr).toMatch(/stop/i);

      const secondServe = await runHwa(['serve'], envFor(site, { PORT: String(await freePort()) }));
      expect(secondServe.code).not.toBe(0);
      expect(secondServe.stderr).toContain('POST /api/v1/tokens');
      expect(secondServe.stderr).toMatch(/stop/i);

      // The first server never noticed.
      expect((await call(server, 'GET', '/readyz')).status).toBe(200);
      expect((await call(server, 'GET', `/api/v1/systems/${before.body.system_id}`, token)).status).toBe(200);
      expect((await call(server, 'POST', '/api/v1/systems', token, { system_name: 'After' })).status).toBe(
        201,
      );
      expect(await server.stop()).toBe(0);

      // Stopped, the directory is free again, and the refused command had left nothing behind.
      const listed = await runHwa(['token', 'list'], envFor(site));
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain('ann@example.com');
      expect(listed.stdout).not.toContain('eve@example.com');
    },
  );

  it(
    'on SIGTERM finishes in-flight requests, exits 0, loses nothing and releases the data directory',
    SLOW_TEST,
    async () => {
      const site = newSite();
      const token = await createToken(site, 'ann@example.com');
      const server = await startServer(site);

      const posts = Array.from({ length: 20 }, (_, i) =>
        call(server, 'POST', '/api/v1/systems', token, { system_name: `load-${i}` }),
      );
      // Requests arriving once the stop has begun are logged as incoming, then refused with a 503
      // problem (transport-errors.ts): they were turned away, not taken in.
      const refusedWhileClosing = () =>
        new Set(
          logLines(server.stdout())
            .filter((l) => l.msg === 'request completed' && l.res?.statusCode === 503)
            .map((l) => l.reqId),
        );
      const takenIn = () => {
        const refused = refusedWhileClosing();
        return logLines(server.stdout()).filter(
          (l) =>
            l.msg === 'incoming request' &&
            l.req?.method === 'POST' &&
            l.req?.url === '/api/v1/systems' &&
            !refused.has(l.reqId),
        ).length;
      };
      // Stop as soon as the server has taken in the first of them: the rest are in flight or queued.
      await until(() => takenIn() >= 1, 'the server takes in a POST', server);
      server.child.kill('SIGTERM');
      const results = await Promise.allSettled(posts);
      expect(await within(server.closed, 45_000, 'exit after SIGTERM')).toBe(0);

      // Each request either succeeded, was turned away as the server closed, or never connected;
      // none was cut off half-way (a 500 from a database closed under it).
      const answered = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      for (const answer of answered) expect([201, 503]).toContain(answer.status);
      const created = answered.filter((a) => a.status === 201).map((a) => a.body);
      expect(created.length).toBeGreaterThanOrEqual(1);
      // Every request the server took in was finished and answered; every 503 was a refusal it logged.
      expect(created.length).toBe(takenIn());
      expect(answered.filter((a) => a.status === 503).length).toBe(refusedWhileClosing().size);

      // Restart on the same data at once (the directory lock was released): every 201 is there.
      const again = await startServer(site);
      for (const system of created) {
        const got = await call(again, 'GET', `/api/v1/systems/${system.system_id}`, token);
        expect(got.status).toBe(200);
        expect(got.body.system_name).toBe(system.system_name);
      }
      const listed = await call(again, 'GET', '/api/v1/systems?limit=1000', token);
      expect(listed.body.count).toBe(created.length);
      expect(await again.stop()).toBe(0);
    },
  );

  it(
    'explains an unreachable PostgreSQL in one line, without the password or a stack trace',
    ONE_COMMAND,
    async () => {
      const site = { ...newSiteWithoutDatabase(), databaseUrl: 'postgres://hwa:s3cret-pw@127.0.0.1:1/hwa' };
      for (const args of [['serve'], ['token', 'create', '--email', 'ann@example.com'], ['migrate']]) {
        const result = await runHwa(args, envFor(site));
        expect(result.code, args.join(' ')).toBe(1);
        expect(result.stderr).toMatch(
          /cannot use the PostgreSQL database at postgres:\/\/hwa:\*\*\*@127\.0\.0\.1:1\/hwa/,
        );
        expect(result.stderr).toMatch(/ECONNREFUSED.*Check DATABASE_URL/);
        expect(result.stderr).not.toContain('s3cret-pw');
        expect(result.stderr).not.toMatch(/^\s+at /m);
        expect(result.stdout).toBe('');
      }
    },
  );

  it.each([
    ['PORT', 'abc'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses to start with %s=%s, naming the variable on stderr', ONE_COMMAND, async (name, value) => {
    const site = newSite();
    const result = await runHwa(['serve'], envFor(site, { [name]: value }));
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.stderr).toContain(name);
    expect(result.stderr).toContain(`"${value}"`);
    expect(result.stdout).not.toContain('Server listening');
  });
});
