// Failures as a client sees them: unknown routes are 404 problem+json, and a real server-side failure
// is a 500 problem+json that reveals nothing of the inside (no stack, no SQL, no table) but carries a
// request id that leads an operator to the logged error.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from './helpers.js';
import { expectProblem } from './problems.js';

describe('unknown routes', () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await testApp();
    token = await ctx.tokenFor('errors@example.com');
  });

  it('answer 404 problem+json outside the API without a token', async () => {
    expectProblem(await ctx.app.inject({ method: 'GET', url: '/nope' }), 404);
    expectProblem(await ctx.app.inject({ method: 'POST', url: '/nope/deeper?x=1', payload: {} }), 404);
  });

  it('answer 404 problem+json inside the API with a token', async () => {
    expectProblem(await ctx.as(token, { method: 'GET', url: '/api/v1/nope' }), 404);
    expectProblem(await ctx.as(token, { method: 'GET', url: '/api/v2/systems' }), 404);
    expectProblem(await ctx.as(token, { method: 'DELETE', url: '/api/v1/systems' }), 404);
  });
});

describe('a failure inside the service', () => {
  const lines: string[] = [];
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await testApp({
      logStream: { write: (msg: string) => void lines.push(msg) },
      env: { LOG_LEVEL: 'info' },
    });
    token = await ctx.tokenFor('errors@example.com');
  });

  it('answers 500 problem+json revealing nothing but the request id, which the error log carries', async () => {
    const before = await ctx.as(token, { method: 'GET', url: '/api/v1/systems' });
    expect(before.statusCode).toBe(200);

    // Authentication reads api_tokens, so it still works; the list query then fails for real.
    await ctx.database.db.execute(sql`ALTER TABLE systems RENAME TO systems_gone`);
    const res = await ctx.as(token, { method: 'GET', url: '/api/v1/systems' });
    const body = expectProblem(res, 500);
    expect(body.errors).toEqual([]);

    const text = res.body;
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
  let token: string;

  beforeAll(async () => {
    ctx = await testApp();
    token = await ctx.tokenFor('errors@example.com');
  });

  const post = (url: string, headers: Record<string, string>, payload: string) =>
    ctx.as(token, { method: 'POST', url, headers, payload });

  it.each([
    [
      'a form, as curl -d sends without -H',
      'application/x-www-form-urlencoded',
      /got "application\/x-www-form-urlencoded"/,
    ],
    ['plain text', 'text/plain; charset=utf-8', /got "text\/plain"/],
  ])('answers 415 to %s, saying to send Content-Type: application/json', async (_what, type, got) => {
    const problem = expectProblem(
      await post('/api/v1/systems', { 'content-type': type }, 'system_name=x'),
      415,
    );
    expect(problem.detail).toMatch(got);
    expect(problem.detail).toContain('Content-Type: application/json');
    expect(problem.detail).toContain('multipart/form-data');
    const listed = await ctx.as(token, { method: 'GET', url: '/api/v1/systems' });
    expect(listed.json<{ count: number }>().count).toBe(0);
  });

  it('answers 415 to a body with no Content-Type header, saying so', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/systems',
      headers: { authorization: `Bearer ${token}`, 'content-length': '13' },
      payload: 'system_name=x',
    });
    const problem = expectProblem(res, 415);
    expect(problem.detail).toContain('no Content-Type header');
    expect(problem.detail).toContain('Content-Type: application/json');
  });

  it('answers 415 to JSON sent to the upload route, saying to send multipart/form-data', async () => {
    const session = await ctx.as(token, { method: 'POST', url: '/api/v1/sessions', payload: { title: 'x' } });
    expect(session.statusCode, session.body).toBe(201);
    const url = `/api/v1/sessions/${session.json<{ session_id: string }>().session_id}/upload-files`;
    const problem = expectProblem(
      await post(url, { 'content-type': 'application/json' }, '{"files":[]}'),
      415,
    );
    expect(problem.detail).toContain('multipart/form-data');
    expect(problem.detail).toContain('-F files=@');
  });
});
