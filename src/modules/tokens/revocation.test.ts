// The token cache against a real database: a verified token is served from memory, and a revocation
// still takes effect on the very next request, whether it was made through this process, through
// another one (NOTIFY), or while the listener's connection was down (the cache is cleared when it
// comes back). last_used_at is written at most once a minute, off the request path.
// The cross-process case with two real servers is in test/cli.e2e.test.ts.
import { sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { dbKind, freshDatabase, ok, testApp, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { queryRows, type Database } from '../../db/client.js';
import { openNotifications, type Notifications } from '../../db/notifications.js';
import { LISTENER_APPLICATION_NAME } from '../../db/pg-listener.js';
import { TOKEN_REVOKED_CHANNEL } from './tokens.repository.js';
import type { CreatedToken } from './tokens.schemas.js';
import { hashToken, TokensService } from './tokens.service.js';

const onPostgres = dbKind() === 'postgres';
/** Long enough that no test could outlive it: what a test sees is the cache, never its expiry. */
const HOUR_MS = 3_600_000;

const warnings: string[] = [];
const log = {
  info: () => undefined,
  warn: (_obj: object, msg: string) => void warnings.push(msg),
};
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  warnings.length = 0;
});

async function listening(database: Database): Promise<Notifications> {
  const notifications = openNotifications(database, log);
  closers.push(() => notifications.close());
  await notifications.start();
  return notifications;
}

/**
 * A service as a server builds it (cache and listener); one as `hwa token revoke` does (a listener of
 * its own, no cache); and one with neither, like the test factories'.
 */
async function services(database: Database) {
  const notifications = await listening(database);
  const cached = new TokensService(database.db, { notifications, cacheTtlMs: HOUR_MS, log });
  closers.push(() => cached.close());
  const revoker = new TokensService(database.db, { notifications: await listening(database), log });
  return { notifications, cached, revoker, cli: new TokensService(database.db, { log }) };
}

async function newToken(tokens: TokensService, label = 'user') {
  const { token, view } = await tokens.create({ email: `${label}-${randomUUID().slice(0, 8)}@example.com` });
  return { token, id: view.id, bearer: `Bearer ${token}` };
}

/** Revokes a token in the table only, with no NOTIFY: what a revoke looks like to a process that missed it. */
const revokeBehindTheBack = (database: Database, token: string) =>
  database.db.execute(sql`UPDATE api_tokens SET revoked_at = now() WHERE token_hash = ${hashToken(token)}`);

/** Resolves when `notifications` has delivered a revocation of `token` (subscribe before revoking). */
function revocationHeard(notifications: Notifications, token: string): Promise<void> {
  return new Promise((resolve) => {
    const off = notifications.subscribe(TOKEN_REVOKED_CHANNEL, (hash) => {
      if (hash !== hashToken(token)) return;
      off();
      resolve();
    });
  });
}

async function run(database: Database, ...statements: SQL[]): Promise<void> {
  for (const statement of statements) await database.db.execute(statement);
}

const lastUsedAt = async (database: Database, id: string) =>
  (
    await queryRows<{ last_used_at: unknown }>(
      database.db,
      sql`SELECT last_used_at FROM api_tokens WHERE id = ${id}`,
    )
  )[0]!.last_used_at;

describe(`the token cache over HTTP (${dbKind()})`, () => {
  /** A call only a signed-in user can make: 200 means the token works. */
  const systems = (user: TestUser) => user.call('GET', '/systems');

  it('serves a verified token from memory: revoked behind its back, it still works until the TTL', async () => {
    const ctx = await testApp({ env: { HWA_TOKEN_CACHE_TTL: '3600' } });
    const user = await ctx.newUser({ email: 'cached@example.com' });
    expect((await systems(user)).status).toBe(200);
    await revokeBehindTheBack(ctx.database, user.token);
    expect((await systems(user)).status).toBe(200);
  });

  it('with HWA_TOKEN_CACHE_TTL=0 asks the database on every request', async () => {
    const ctx = await testApp({ env: { HWA_TOKEN_CACHE_TTL: '0' } });
    const user = await ctx.newUser({ email: 'uncached@example.com' });
    expect((await systems(user)).status).toBe(200);
    await revokeBehindTheBack(ctx.database, user.token);
    expectProblem(await systems(user), 401);
  });

  it("refuses a token revoked through DELETE /tokens/{id} on the very next request; the owner's other token stays cached", async () => {
    const ctx = await testApp({ env: { HWA_TOKEN_CACHE_TTL: '3600' } });
    const owner = await ctx.newUser({ email: 'owner@example.com' });
    const created = ok(await owner.call<CreatedToken>('POST', '/tokens', {}), 201);
    const spare = ctx.signIn(created);
    expect((await systems(spare)).status).toBe(200);
    expect((await systems(owner)).status).toBe(200);

    expect((await owner.call('DELETE', `/tokens/${created.id}`)).status).toBe(204);
    expectProblem(await systems(spare), 401);
    // Only the revoked entry went: the owner's token, revoked behind the back now, is still served.
    await revokeBehindTheBack(ctx.database, owner.token);
    expect((await systems(owner)).status).toBe(200);
  });
});

describe(`the token cache and other processes (${dbKind()})`, () => {
  it('refuses a token on the next request once another process (as `hwa token revoke`) has revoked it', async () => {
    const database = await freshDatabase();
    const { cached, revoker, cli } = await services(database);
    const { id, bearer } = await newToken(cli);
    const witness = await newToken(cli, 'witness');
    await cached.authenticate(bearer);
    await cached.authenticate(witness.bearer);
    await revokeBehindTheBack(database, witness.token); // proves below that the cache is in use

    await revoker.revoke(id); // returns once every listening process has confirmed
    await expect(cached.authenticate(bearer)).rejects.toMatchObject({ status: 401 });
    expect((await cached.authenticate(witness.bearer)).email).toMatch(/^witness-/);
    expect(warnings).toEqual([]);
  });

  it('drops a token revoked by a process without a listener when the NOTIFY arrives', async () => {
    const database = await freshDatabase();
    const { notifications, cached, cli } = await services(database);
    const { token, id, bearer } = await newToken(cli);
    const witness = await newToken(cli, 'witness');
    await cached.authenticate(bearer);
    await cached.authenticate(witness.bearer);
    await revokeBehindTheBack(database, witness.token); // proves below that the cache is in use

    const heard = revocationHeard(notifications, token);
    await cli.revoke(id);
    await heard;
    await expect(cached.authenticate(bearer)).rejects.toMatchObject({ status: 401 });
    expect((await cached.authenticate(witness.bearer)).email).toMatch(/^witness-/);
  });
});

describe.runIf(onPostgres)('the token cache when the LISTEN connection is lost', () => {
  it('is cleared when the listener reconnects, so a revoke sent meanwhile is not missed; then caches again', async () => {
    const database = await freshDatabase();
    const { notifications, cached, cli } = await services(database);
    const missed = await newToken(cli, 'missed');
    await cached.authenticate(missed.bearer);
    await revokeBehindTheBack(database, missed.token); // the revoke whose NOTIFY the dead listener misses
    expect((await cached.authenticate(missed.bearer)).tokenId).toBe(missed.id); // still cached

    const back = new Promise<void>((resolve) => notifications.onReconnect(resolve));
    // Every listener of this test's database (this service's and the revoker's): both come back.
    await database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    await back;

    await expect(cached.authenticate(missed.bearer)).rejects.toMatchObject({ status: 401 });
    // Listening again: tokens are cached and revocations heard as before.
    const later = await newToken(cli, 'later');
    await cached.authenticate(later.bearer);
    await revokeBehindTheBack(database, later.token);
    expect((await cached.authenticate(later.bearer)).tokenId).toBe(later.id);
    const heard = revocationHeard(notifications, later.token);
    await database.db.execute(sql`SELECT pg_notify(${TOKEN_REVOKED_CHANNEL}, ${hashToken(later.token)})`);
    await heard;
    await expect(cached.authenticate(later.bearer)).rejects.toMatchObject({ status: 401 });
  });
});

describe(`last_used_at (${dbKind()})`, () => {
  it('is written once for many requests in a minute, and not by a process that finds it recent', async () => {
    const database = await freshDatabase();
    await run(
      database,
      sql`CREATE TABLE touches (n int NOT NULL)`,
      sql`INSERT INTO touches VALUES (0)`,
      sql`CREATE FUNCTION count_touch() RETURNS trigger LANGUAGE plpgsql AS
            $$ BEGIN UPDATE touches SET n = n + 1; RETURN NEW; END $$`,
      sql`CREATE TRIGGER count_touch AFTER UPDATE OF last_used_at ON api_tokens
            FOR EACH ROW EXECUTE FUNCTION count_touch()`,
    );
    const touches = async () =>
      (await queryRows<{ n: number }>(database.db, sql`SELECT n FROM touches`))[0]!.n;
    const { cached, cli } = await services(database);
    const { id, bearer } = await newToken(cli);
    expect(await lastUsedAt(database, id)).toBeNull();

    await Promise.all(Array.from({ length: 10 }, () => cached.authenticate(bearer)));
    for (let i = 0; i < 5; i++) await cached.authenticate(bearer);
    await cached.close(); // waits for the write under way
    expect(await lastUsedAt(database, id)).not.toBeNull();
    expect(await touches()).toBe(1);

    // Another process (no cache) reads a last use under a minute old and leaves it.
    await cli.authenticate(bearer);
    await cli.close();
    expect(await touches()).toBe(1);
  });

  it('is not written once the service is closed (the database may be closing)', async () => {
    const database = await freshDatabase();
    const { cached, cli } = await services(database);
    const { id, bearer } = await newToken(cli);
    await cached.close();
    expect((await cached.authenticate(bearer)).tokenId).toBe(id);
    await cached.close();
    expect(await lastUsedAt(database, id)).toBeNull();
  });

  it('a failed write is logged and never fails the request', async () => {
    const database = await freshDatabase();
    await run(
      database,
      sql`CREATE FUNCTION refuse_touch() RETURNS trigger LANGUAGE plpgsql AS
            $$ BEGIN RAISE EXCEPTION 'last_used_at is read-only today'; END $$`,
      sql`CREATE TRIGGER refuse_touch BEFORE UPDATE ON api_tokens FOR EACH ROW EXECUTE FUNCTION refuse_touch()`,
    );
    const { cached, cli } = await services(database);
    const { id, bearer } = await newToken(cli);
    expect((await cached.authenticate(bearer)).tokenId).toBe(id);
    await cached.close();
    expect(warnings).toEqual(['could not record the last use of a token']);
    expect(await lastUsedAt(database, id)).toBeNull();
  });

  it.runIf(onPostgres)('is written off the request path: a request does not wait for it', async () => {
    const database = await freshDatabase();
    const { cached, cli } = await services(database);
    const { id, bearer } = await newToken(cli);
    // Another transaction holds the token's row: the write waits for it, the request must not.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM api_tokens WHERE id = ${id} FOR UPDATE`);
      expect((await cached.authenticate(bearer)).tokenId).toBe(id);
    });
    await cached.close();
    expect(await lastUsedAt(database, id)).not.toBeNull();
  });
});
