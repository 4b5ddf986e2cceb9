// Authentication across the whole API: every route under /api/v1 (walked from the route table, so a
// route added later is covered without editing this file) refuses a missing, malformed, unknown or
// revoked token with 401 problem+json, and checks the token before it looks at the body or the id.
// Also: the token never reaches the logs.
import { randomBytes, randomUUID } from 'node:crypto';
import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/core/schemas.js';
import type { Token } from '../src/modules/tokens/tokens.schemas.js';
import { ok, testApp, type TestContext } from './helpers.js';
import { expectProblem } from './problems.js';

let ctx: TestContext;
let valid: string;
let revoked: string;

beforeAll(async () => {
  ctx = await testApp();
  // Two tokens of one user; the second is revoked.
  const user = await ctx.newUser({ email: 'auth@example.com' });
  valid = user.token;
  revoked = (await ctx.newUser({ email: 'auth@example.com' })).token;
  const listing = ok(await user.call<Page<Token>>('GET', '/tokens'));
  const toRevoke = listing.items.find((t) => revoked.startsWith(t.prefix))!;
  ok(await user.call('DELETE', `/tokens/${toRevoke.id}`), 204);
});

/** Plausible bodies for the routes that take one; any other POST/PUT gets an empty object. */
const PLAUSIBLE: Record<string, object> = {
  'POST /api/v1/systems': { system_name: 'Plausible system' },
  'PUT /api/v1/systems/:system_id': { description: 'plausible' },
  'POST /api/v1/tokens': { name: 'plausible' },
};

interface Endpoint {
  method: HTTPMethods;
  url: string;
  key: string;
  hasParams: boolean;
  takesBody: boolean;
}

function endpoints(): Endpoint[] {
  const out: Endpoint[] = [];
  for (const route of ctx.app.routeTable) {
    // The API description is the one public document under /api/v1 (tested below).
    if (!route.url.startsWith('/api/v1') || route.url === '/api/v1/openapi.json') continue;
    for (const method of ([] as HTTPMethods[]).concat(route.method)) {
      out.push({
        method,
        url: route.url,
        key: `${method} ${route.url}`,
        hasParams: route.url.includes(':'),
        takesBody: method === 'POST' || method === 'PUT' || method === 'PATCH',
      });
    }
  }
  return out;
}

const fill = (url: string, id: string) => url.replace(/:[A-Za-z0-9_]+/g, id);

function request(
  e: Endpoint,
  options: { id?: string; body?: object; headers?: Record<string, string> } = {},
) {
  const req: InjectOptions = {
    method: e.method,
    url: fill(e.url, options.id ?? randomUUID()),
    headers: options.headers ?? {},
  };
  if (e.takesBody) req.payload = options.body ?? PLAUSIBLE[e.key] ?? {};
  return ctx.app.inject(req);
}

/** 401 problem+json; HEAD answers carry the status and type but no body. */
function expect401(e: Endpoint, res: LightMyRequestResponse, label: string) {
  if (e.method === 'HEAD') {
    expect(res.statusCode, `${label}: ${e.key}`).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json\b/);
    return;
  }
  expect(res.statusCode, `${label}: ${e.key} answered ${res.body}`).toBe(401);
  const body = expectProblem(res, 401);
  expect(body.errors).toEqual([]);
}

const unknownToken = () => `hwa_${randomBytes(32).toString('base64url')}`;

describe('the API description', () => {
  it('is public at /api/v1/openapi.json and /docs/json alike, and is the only public /api/v1 route', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const docs = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(api.statusCode).toBe(200);
    expect(docs.statusCode).toBe(200);
    expect(api.json().paths).toEqual(docs.json().paths);
    const open = ctx.app.routeTable.filter(
      (r) => r.url.startsWith('/api/v1') && (r.schema as { security?: unknown[] })?.security?.length === 0,
    );
    expect([...new Set(open.map((r) => r.url))]).toEqual(['/api/v1/openapi.json']);
  });
});

describe('every /api/v1 route', () => {
  it('is found in the route table (so the walk below covers the API)', () => {
    const keys = endpoints().map((e) => e.key);
    for (const expected of [
      'POST /api/v1/tokens',
      'GET /api/v1/tokens',
      'DELETE /api/v1/tokens/:token_id',
      'POST /api/v1/systems',
      'GET /api/v1/systems',
      'GET /api/v1/systems/:system_id',
      'PUT /api/v1/systems/:system_id',
      'DELETE /api/v1/systems/:system_id',
    ]) {
      expect(keys).toContain(expected);
    }
  });

  it('answers 401 problem+json without an Authorization header', async () => {
    for (const e of endpoints()) expect401(e, await request(e), 'no header');
  });

  it.each([
    ['Bearer garbage', 'Bearer garbage'],
    ['Basic credentials', 'Basic xyz'],
    ['Basic with a real token', 'Basic <valid>'],
    ['an empty Bearer', 'Bearer '],
    ['a token without the scheme', '<valid>'],
    ['an unknown well-formed hwa_ token', 'Bearer <unknown>'],
    ['a revoked token', 'Bearer <revoked>'],
  ])('answers 401 problem+json to %s', async (_label, template) => {
    for (const e of endpoints()) {
      const authorization = template
        .replace('<valid>', valid)
        .replace('<unknown>', unknownToken())
        .replace('<revoked>', revoked);
      expect401(e, await request(e, { headers: { authorization } }), template);
    }
  });

  it('checks the token before the body, the id or the media type', async () => {
    for (const e of endpoints()) {
      if (e.hasParams) {
        expect401(e, await request(e, { id: 'not-a-uuid' }), 'malformed id');
        expect401(e, await request(e, { id: randomUUID() }), 'unknown id');
      }
      if (e.takesBody) {
        expect401(
          e,
          await request(e, { body: { unknown_field: 1, system_name: 5, email: 7 } }),
          'invalid body',
        );
        const send = (contentType: string, payload: string) =>
          ctx.app.inject({
            method: e.method,
            url: fill(e.url, randomUUID()),
            headers: { 'content-type': contentType },
            payload,
          });
        expect401(e, await send('application/json', '{"broken":'), 'malformed JSON');
        expect401(e, await send('application/xml', '<system/>'), 'wrong media type');
      }
    }
  });

  it('lets the same requests through with a valid token (so the 401s above are about the token)', async () => {
    for (const e of endpoints()) {
      const res = await request(e, { headers: { authorization: `Bearer ${valid}` } });
      expect(res.statusCode, `${e.key} answered ${res.body}`).not.toBe(401);
      expect(res.statusCode, `${e.key} answered ${res.body}`).toBeLessThan(500);
    }
    // `bearer` in any case is the same scheme (RFC 7235).
    const lower = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/systems',
      headers: { authorization: `bearer ${valid}` },
    });
    expect(lower.statusCode).toBe(200);
  });
});

describe('health endpoints', () => {
  it.each(['/healthz', '/readyz'])('%s answers 200 without a token', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toEqual(expect.any(String));
  });
});

describe('logs', () => {
  const lines: string[] = [];
  let logged: TestContext;
  let token: string;

  beforeAll(async () => {
    logged = await testApp({
      logStream: { write: (msg: string) => void lines.push(msg) },
      env: { LOG_LEVEL: 'trace' },
    });
    token = (await logged.newUser({ email: 'logs@example.com' })).token;
  });

  it('never contain the Authorization header or the token', async () => {
    const bogus = unknownToken();
    const responses: LightMyRequestResponse[] = [];
    const send = async (req: InjectOptions) => {
      responses.push(await logged.app.inject(req));
      return responses.at(-1)!;
    };
    const auth = { authorization: `Bearer ${token}` };
    await send({ method: 'GET', url: '/api/v1/systems', headers: auth });
    const created = await send({
      method: 'POST',
      url: '/api/v1/systems',
      headers: auth,
      payload: { system_name: 'Logged' },
    });
    expect(created.statusCode).toBe(201);
    const minted = await send({ method: 'POST', url: '/api/v1/tokens', headers: auth, payload: {} });
    const mintedToken: string = minted.json().token;
    await send({ method: 'POST', url: '/api/v1/systems', headers: auth, payload: { system_name: 5 } });
    await send({ method: 'GET', url: `/api/v1/systems/${randomUUID()}`, headers: auth });
    await send({ method: 'GET', url: '/api/v1/systems?limit=0', headers: auth });
    await send({ method: 'GET', url: '/api/v1/nope', headers: auth });
    await send({ method: 'GET', url: '/api/v1/systems' });
    await send({ method: 'GET', url: '/api/v1/systems', headers: { authorization: `Bearer ${bogus}` } });
    await send({ method: 'GET', url: '/api/v1/systems', headers: { authorization: `Basic ${token}` } });
    await send({ method: 'GET', url: '/api/v1/systems', headers: { authorization: token } });
    await new Promise((resolve) => setImmediate(resolve));

    const text = lines.join('');
    // Request logs were written, one "incoming" per request, with its id: the check below means something.
    for (const res of responses) expect(text).toContain(res.headers['x-request-id'] as string);
    expect(lines.filter((l) => l.includes('incoming request')).length).toBeGreaterThanOrEqual(
      responses.length,
    );

    for (const secret of [token, mintedToken, bogus]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(4));
    }
    expect(text).not.toMatch(/Bearer\s+hwa_/i);
  });
});
