// Refusals made before any route runs, over raw sockets (curl and fetch cannot send these requests):
// each is an application/problem+json answer whose request_id is also its X-Request-Id header, where
// Node or Fastify used to answer plain text or their own JSON without an id. After each, the server
// still serves.
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { heldRoute } from './held-route.js';
import type { Page } from '../src/core/schemas.js';
import type { System } from '../src/modules/systems/systems.schemas.js';
import { testApp, type TestContext, type TestUser } from './helpers.js';
import { expectProblem } from './problems.js';
import { RawConnection, listen, rawRequest } from './raw-http.js';

const GET = (path: string, headers = '') => `GET ${path} HTTP/1.1\r\nHost: hwa\r\n${headers}\r\n`;

describe('malformed requests', () => {
  const logLines: string[] = [];
  let ctx: TestContext;
  let port: number;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await testApp({
      logStream: { write: (line: string) => void logLines.push(line) },
      env: { LOG_LEVEL: 'info' },
    });
    port = await listen(ctx.app);
    user = await ctx.newUser({ email: 'transport@example.com' });
  });

  async function expectServing() {
    const res = await rawRequest(port, GET('/healthz'));
    expect(res.statusCode, res.body).toBe(200);
  }

  it.each(['/api/v1/systems/%zz', '/%', '/api/v1/systems/%C3%'])(
    'a path with a broken percent-encoding, %s, is a 400 problem',
    async (path) => {
      const res = await rawRequest(port, GET(path, `Authorization: Bearer ${user.token}\r\n`));
      const problem = expectProblem(res, 400);
      expect(problem.type).toBe('urn:hwa:problem:validation');
      expect(problem.detail).toMatch(/%-encoding/);
      await expectServing();
    },
  );

  it('a path parameter longer than the router takes is a malformed id: 404 problem', async () => {
    const res = await rawRequest(
      port,
      GET(`/api/v1/systems/${'a'.repeat(101)}`, `Authorization: Bearer ${user.token}\r\n`),
    );
    expectProblem(res, 404);
    await expectServing();
  });

  it('headers of 16 KiB and more are a 431 problem, logged under the same id; just under passes', async () => {
    const under = await rawRequest(port, GET('/healthz', `X-Pad: ${'a'.repeat(15 * 1024)}\r\n`));
    expect(under.statusCode, under.body).toBe(200);

    const res = await rawRequest(port, GET('/healthz', `X-Pad: ${'a'.repeat(16 * 1024)}\r\n`));
    const problem = expectProblem(res, 431);
    expect(problem.type).toBe('urn:hwa:problem:header_too_large');
    expect(res.headers.connection).toBe('close');
    const logged = logLines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
    expect(logged.some((l) => l.reqId === problem.request_id && l.msg === 'client error')).toBe(true);
    await expectServing();
  });

  it('a body shorter than its Content-Length, then the end of the stream, is a 400 problem', async () => {
    const res = await rawRequest(
      port,
      'POST /api/v1/systems HTTP/1.1\r\nHost: hwa\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${user.token}\r\nContent-Length: 100\r\n\r\n{"system_name":`,
      { end: true },
    );
    expect(expectProblem(res, 400).detail).toMatch(/shorter than its Content-Length/);
    await ctx.app.inFlight.idle();
    const systems = await user.call<Page<System>>('GET', '/systems');
    expect(systems.body.count).toBe(0);
    await expectServing();
  });

  it.each([
    ['a Content-Length that is not a number', 'Content-Length: abc\r\n\r\n'],
    ['two different Content-Lengths', 'Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}'],
    ['a Content-Length beside chunked encoding', 'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}'],
  ])('%s is a 400 problem', async (_label, rest) => {
    const res = await rawRequest(
      port,
      `POST /api/v1/systems HTTP/1.1\r\nHost: hwa\r\nContent-Type: application/json\r\n${rest}`,
    );
    expect(expectProblem(res, 400).type).toBe('urn:hwa:problem:validation');
    await expectServing();
  });

  it('a body longer than its Content-Length: the excess, read as the next request, is a 400 problem', async () => {
    const connection = await RawConnection.open(port);
    await connection.write(
      'POST /api/v1/systems HTTP/1.1\r\nHost: hwa\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${user.token}\r\nContent-Length: 2\r\n\r\n{}garbage\r\n\r\n`,
    );
    // The first request may be answered before the excess is parsed, or not at all: Node closes
    // the connection on the parse error. The last answer is the refusal of the excess.
    const answers = [await connection.response()];
    await connection.closed;
    for (;;) {
      const next = await connection.response().catch(() => undefined);
      if (!next) break;
      answers.push(next);
    }
    expect(expectProblem(answers.at(-1)!, 400).detail).toMatch(/not valid HTTP/);
    await expectServing();
  });

  it('bytes that are not HTTP are a 400 problem', async () => {
    expectProblem(await rawRequest(port, 'HELLO\r\n\r\n'), 400);
    await expectServing();
  });
});

describe('requests arriving during shutdown', () => {
  it('get a 503 problem with Connection: close, while the request in flight finishes', async () => {
    const ctx = await testApp();
    const { release } = heldRoute(ctx.app);
    let markClosing!: () => void;
    const closing = new Promise<void>((resolve) => (markClosing = resolve));
    ctx.app.addHook('preClose', async () => markClosing());
    const port = await listen(ctx.app);

    // One keep-alive connection: a request in flight keeps it open after close() begins, and the next
    // request on it arrives while the server is closing.
    const connection = await RawConnection.open(port);
    await connection.write(GET('/slow'));
    for (let i = 0; i < 400 && ctx.app.inFlight.count === 0; i++) await sleep(5);
    expect(ctx.app.inFlight.count).toBe(1);
    const closed = ctx.app.close();
    await closing;
    await connection.write(GET('/healthz'));
    release();

    const first = await connection.response();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ done: true });
    const second = await connection.response();
    expect(expectProblem(second, 503).type).toBe('urn:hwa:problem:unavailable');
    expect(second.headers.connection).toBe('close');
    await closed;
    connection.destroy();
  });
});
