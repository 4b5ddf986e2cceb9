// Personal access tokens over the API: who may create a token for whom, what a listing shows (never
// the secret), revocation, and that the database only ever holds the token's SHA-256.
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import type { Page } from '../../core/schemas.js';
import { apiTokens, users } from '../../db/schema.js';
import type { System } from '../systems/systems.schemas.js';
import type { CreatedToken, Token } from './tokens.schemas.js';

const BASE = '/tokens';
const TOKEN = /^hwa_[A-Za-z0-9_-]{43}$/;
const TOKEN_KEYS = ['created_at', 'email', 'id', 'last_used_at', 'name', 'prefix', 'revoked_at'];

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await testApp();
  admin = await ctx.newUser({ email: 'root@example.com', admin: true });
});

const createAs = (user: TestUser, body: object = {}) => user.call<CreatedToken>('POST', BASE, body);
const listAs = (user: TestUser, query: Record<string, string> = {}) =>
  user.call<Page<Token>>('GET', BASE, undefined, { query });
const revokeAs = (user: TestUser, id: string) => user.call('DELETE', `${BASE}/${id}`);
/** A call only a signed-in user can make: 200 means the token works. */
const whoCanList = (user: TestUser) => user.call('GET', '/systems');

const created = async (user: TestUser, body: object = {}) => ok(await createAs(user, body), 201);

const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

describe('POST /api/v1/tokens', () => {
  it('lets a user create a token for themself; the new token works and names its owner', async () => {
    const me = email('ann');
    const mine = await ctx.newUser({ email: me });
    const body = ok(await createAs(mine, { name: 'laptop' }), 201);
    expect(Object.keys(body).sort()).toEqual([...TOKEN_KEYS, 'token'].sort());
    expect(body.token).toMatch(TOKEN);
    expect(body.token.startsWith('hwa_')).toBe(true);
    expect(body.token).not.toBe(mine.token);
    expect(body).toMatchObject({ name: 'laptop', email: me, revoked_at: null });
    expect(body.token.startsWith(body.prefix)).toBe(true);
    expect(body.prefix.length).toBeLessThan(body.token.length);

    const laptop = ctx.signIn(body);
    expect((await whoCanList(laptop)).status).toBe(200);
    const system = ok(await laptop.call<System>('POST', '/systems', { system_name: me }), 201);
    expect(system.created_by).toBe(me);
  });

  it('creates for the caller when no e-mail is given, and for the caller by their own e-mail', async () => {
    const me = email('cal');
    const mine = await ctx.newUser({ email: me });
    expect((await created(mine)).email).toBe(me);
    expect((await created(mine, { email: me })).email).toBe(me);
  });

  it('refuses a non-admin creating a token for another e-mail or granting admin (403), creating no user', async () => {
    const mine = await ctx.newUser({ email: email('eve') });
    const victim = email('victim');
    expectProblem(await createAs(mine, { email: victim }), 403);
    expectProblem(await createAs(mine, { is_admin: true }), 403);
    expectProblem(await createAs(mine, { email: victim, is_admin: true }), 403);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, victim))).toEqual([]);
  });

  it('lets an admin create a token for any e-mail, creating the user; the token acts as that user', async () => {
    const newcomer = email('newcomer');
    const body = await created(admin, { email: newcomer, name: 'for the newcomer' });
    expect(body.email).toBe(newcomer);
    expect(body.token).toMatch(TOKEN);
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, newcomer));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.isAdmin).toBe(false);

    const theirs = ctx.signIn(body);
    const listing = ok(await listAs(theirs));
    expect(listing.items.map((t) => t.email)).toEqual([newcomer]);
    // Not an admin: may not create for others.
    expectProblem(await createAs(theirs, { email: email('other') }), 403);
  });

  it('lets an admin grant admin; the new admin may then create tokens for others', async () => {
    const boss = email('boss');
    const body = await created(admin, { email: boss, is_admin: true });
    const third = email('third');
    const forThird = await created(ctx.signIn(body), { email: third });
    expect(forThird.email).toBe(third);
    expect((await whoCanList(ctx.signIn(forThird))).status).toBe(200);
  });

  it('refuses unknown fields, wrong types and bad values, naming each', async () => {
    expectProblem(await createAs(admin, { scopes: ['all'] }), 400, ['body.scopes']);
    expectProblem(await createAs(admin, { email: 'not an e-mail' }), 400, ['body.email']);
    expectProblem(await createAs(admin, { name: '' }), 400, ['body.name']);
    expectProblem(await createAs(admin, { name: 'n'.repeat(101) }), 400, ['body.name']);
    expectProblem(await createAs(admin, { is_admin: 'true', name: 5 }), 400, ['body.is_admin', 'body.name']);
  });
});

describe('GET /api/v1/tokens', () => {
  it("lists only the caller's own tokens and never the secret", async () => {
    const ann = email('ann');
    const bob = email('bob');
    const annFirst = await ctx.newUser({ email: ann });
    const annSecond = await created(annFirst, { name: 'second' });
    const bobFirst = await ctx.newUser({ email: bob });
    const bobSecond = await created(bobFirst, { name: 'bob second' });

    const res = await listAs(annFirst);
    const page = ok(res);
    expect(page.count).toBe(2);
    expect(page.items).toHaveLength(2);
    for (const item of page.items) {
      expect(Object.keys(item).sort()).toEqual(TOKEN_KEYS);
      expect(item).not.toHaveProperty('token');
      expect(item.email).toBe(ann);
    }
    expect(page.items.map((t) => t.id)).toContain(annSecond.id);
    expect(page.items.map((t) => t.id)).not.toContain(bobSecond.id);
    for (const secret of [annFirst.token, annSecond.token, bobFirst.token, bobSecond.token]) {
      expect(res.res.body).not.toContain(secret);
      expect(res.res.body).not.toContain(secret.slice(12));
    }
  });
});

describe('GET /api/v1/tokens paging', () => {
  it('pages oldest first with limit/offset; count is the total; bounds and unknown parameters are refused', async () => {
    const owner = await ctx.newUser({ email: 'pager@example.com' });
    const names = ['first', 'second', 'third'];
    for (const name of names) await created(owner, { name });
    const all = (await listAs(owner)).body;
    expect(all.count).toBe(4); // the factory's token plus three
    expect(all.items.slice(1).map((t) => t.name)).toEqual(names);

    const page = ok(await listAs(owner, { limit: '2', offset: '1' }));
    expect(page.count).toBe(4);
    expect(page.items.map((t) => t.name)).toEqual(['first', 'second']);

    for (const [name, value] of [
      ['limit', '1'],
      ['limit', '1000'],
      ['offset', '0'],
    ] as const) {
      expect((await listAs(owner, { [name]: value })).status).toBe(200);
    }
    for (const [name, value, path] of [
      ['limit', '0', 'query.limit'],
      ['limit', '1001', 'query.limit'],
      ['offset', '-1', 'query.offset'],
      ['colour', 'blue', 'query.colour'],
    ] as const) {
      expectProblem(await listAs(owner, { [name]: value }), 400, [path]);
    }
  });
});

describe('DELETE /api/v1/tokens/:token_id', () => {
  it('revokes an own token: 204 with no body, and the token then gets 401', async () => {
    const owner = await ctx.newUser({ email: email('rev') });
    const spare = await created(owner, { name: 'spare' });
    expect((await whoCanList(ctx.signIn(spare))).status).toBe(200);

    expect(ok(await revokeAs(owner, spare.id), 204)).toBe('');
    expectProblem(await whoCanList(ctx.signIn(spare)), 401);
    // The token that revoked it still works.
    expect((await whoCanList(owner)).status).toBe(200);

    const listing = (await listAs(owner)).body;
    const revoked = listing.items.find((t) => t.id === spare.id);
    expect(revoked?.revoked_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('lets a token revoke itself', async () => {
    const self = await created(await ctx.newUser({ email: email('self') }));
    expect((await revokeAs(ctx.signIn(self), self.id)).status).toBe(204);
    expectProblem(await whoCanList(ctx.signIn(self)), 401);
  });

  it("answers 404 for another user's token and leaves it working", async () => {
    const victim = await created(await ctx.newUser({ email: email('victim') }));
    const attacker = await ctx.newUser({ email: email('attacker') });
    const res = await revokeAs(attacker, victim.id);
    const unknown = await revokeAs(attacker, randomUUID());
    // Foreign and unknown ids read the same: nothing tells them apart.
    expect(expectProblem(res, 404).detail).toBe(expectProblem(unknown, 404).detail);
    expect((await whoCanList(ctx.signIn(victim))).status).toBe(200);
  });

  it('answers 404 for a malformed id and for a token already revoked', async () => {
    const owner = await ctx.newUser({ email: email('twice') });
    expectProblem(await revokeAs(owner, 'not-a-uuid'), 404);
    const spare = await created(owner);
    expect((await revokeAs(owner, spare.id)).status).toBe(204);
    expectProblem(await revokeAs(owner, spare.id), 404);
  });
});

describe('token storage', () => {
  it('keeps only the SHA-256 of a token, never the token itself', async () => {
    const owner = await ctx.newUser({ email: email('hash') });
    const body = await created(owner, { name: 'stored' });
    const rows = await ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, body.id));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.tokenHash).toBe(createHash('sha256').update(body.token).digest('hex'));

    const all = await ctx.database.db.select().from(apiTokens);
    expect(all.length).toBeGreaterThan(1);
    for (const stored of all) {
      for (const value of Object.values(stored)) {
        const text = value instanceof Date ? value.toISOString() : String(value);
        expect(text).not.toContain(body.token);
        expect(text).not.toContain(body.token.slice(12));
      }
    }
  });
});
