// Failures as a client sees them: unknown routes are 404 problem+json, and a real server-side failure
// is a 500 problem+json that reveals nothing of the inside (no stack, no SQL, no table) but carries a
// request id that leads an operator to the logged error.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/core/schemas.js';
import type { System } from '../src/modules/systems/systems.schemas.js';
import { ok, testApp, type TestContext, type TestUser } from './helpers.js';
import { expectProblem } from './problems.js';

describe('unknown routes', () => {
  let ctx: TestContext;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await testApp();
    user = await ctx.newUser({ email: 'errors@example.com' });
  });

  it('answer 404 problem+json outside the API without a token', async () => {
    expectProblem(await ctx.app.inject({ method: 'GET', url: '/nope' }), 404);
    expectProblem(await ctx.app.inject({ method: 'POST', url: '/nope/deeper?x=1', payload: {} }), 404);
  });

  it('answer 404 problem+json inside the API with a token', async () => {
    expectProblem(await user.call('GET', '/nope'), 404);
    const otherVersion = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/systems',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expectProblem(otherVersion, 404);
    expectProblem(await user.call('DELETE', '/systems'), 404);
  });
});

describe('a failure inside the service', () => {
  const lines: string[] = [];
  let ctx: TestContext;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await testApp({
      logStream: { write: (msg: string) => void lines.push(msg) },
      env: { LOG_LEVEL: 'info' },
    });
    user = await ctx.newUser({ email: 'errors@example.com' });
  });

  it('answers 500 problem+json revealing nothing but the request id, which the error log carries', async () => {
    ok(await user.call('GET', '/systems'));

    // Authentication reads api_tokens, so it still works; the list query then fails for real.
    await ctx.database.db.execute(sql`ALTER TABLE systems RENAME TO systems_gone`);
    const res = await user.call('GET', '/systems');
    const body = expectProblem(res, 500);
    expect(body.errors).toEqual([]);

    const text = res.res.body;
    expect(text).not.toMatch(/systems/i);
    expect(text).not.toMatch(/\b(select|from|relation|does not exist|query)\b/i);
    expect(text).not.toMatch(/stack|\bat .+:\d+:\d+|\.ts\b|\.js\b|node_modules/i);
    expect(text).not.toMatch(/42P01|drizzle|pglite|postgres/i);

    await new Promise((resolve) => setImmediate(resolve));
    const errors = lines
      .map((line) => JSON.parse(line) as { level: number; reqId?: string; err?: { message?: string } })
      .filter((entry) => entry.level >= 50);
    const logged = errors.find((entry) => entry.reqId === body.request_id);
    expect(logged, `no error logged with request id ${body.request_id}`).toBeDefined();
    // The log, unlike the answer, says what went wrong.
    expect(JSON.stringify(logged)).toMatch(/systems/);
  });
});

describe('a body in a media type the route does not take', () => {
  let ctx: TestContext;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await testApp();
    user = await ctx.newUser({ email: 'errors@example.com' });
  });

  /** POST `raw` to `path` (under /api/v1) with `headers`, as the user. */
  const post = (path: string, headers: Record<string, string>, raw: string) =>
    user.call('POST', path, undefined, { headers, raw });

  it.each([
    [
      'a form, as curl -d sends without -H',
      'application/x-www-form-urlencoded',
      /got "application\/x-www-form-urlencoded"/,
    ],
    ['plain text', 'text/plain; charset=utf-8', /got "text\/plain"/],
  ])('answers 415 to %s, saying to send Content-Type: application/json', async (_what, type, got) => {
    const problem = expectProblem(await post('/systems', { 'content-type': type }, 'system_name=x'), 415);
    expect(problem.detail).toMatch(got);
    expect(problem.detail).toContain('Content-Type: application/json');
    expect(problem.detail).toContain('multipart/form-data');
    const listed = await user.call<Page<System>>('GET', '/systems');
    expect(listed.body.count).toBe(0);
  });

  it('answers 415 to a body with no Content-Type header, saying so', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/systems',
      headers: { authorization: `Bearer ${user.token}`, 'content-length': '13' },
      payload: 'system_name=x',
    });
    const problem = expectProblem(res, 415);
    expect(problem.detail).toContain('no Content-Type header');
    expect(problem.detail).toContain('Content-Type: application/json');
  });

  it('answers 415 to JSON sent to the upload route, saying to send multipart/form-data', async () => {
    const session = await ctx.newSession(user, { title: 'x' });
    const path = `/sessions/${session.session_id}/upload-files`;
    const problem = expectProblem(
      await post(path, { 'content-type': 'application/json' }, '{"files":[]}'),
      415,
    );
    expect(problem.detail).toContain('multipart/form-data');
    expect(problem.detail).toContain('-F files=@');
  });
});
