// Slow clients over real sockets, with small configured limits (HWA_HEADERS_TIMEOUT=1 s,
// HWA_BODY_TIMEOUT=1 s, HWA_BODY_MIN_RATE=1000 bytes/s): headers or a body trickled in are cut off
// with a 408 problem and change nothing, while a request that keeps up the rate passes however long
// it takes, and an upload slowed down by hwa's own storage is never held against the client. These
// tests wait for the configured limits to fire; none of them measures speed.
import { Transform, type Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FileStorage } from '../src/storage/fs.js';
import type { Page } from '../src/core/schemas.js';
import type { Session } from '../src/modules/sessions/sessions.schemas.js';
import type { System } from '../src/modules/systems/systems.schemas.js';
import { afterFile, testApp, type TestContext, type TestUser } from './helpers.js';
import { expectProblem } from './problems.js';
import { RawConnection, listen } from './raw-http.js';
import { KiB } from './streams.js';

const LIMITS = { HWA_HEADERS_TIMEOUT: '1', HWA_BODY_TIMEOUT: '1', HWA_BODY_MIN_RATE: '1000' };

/** Writes `data` in pieces of `size` bytes every `everyMs`, until done or the server closes. */
async function trickle(connection: RawConnection, data: string | Buffer, size: number, everyMs: number) {
  const bytes = Buffer.from(data);
  for (let i = 0; i < bytes.length && !connection.socket.destroyed; i += size) {
    await connection.write(bytes.subarray(i, i + size)).catch(() => undefined);
    await sleep(everyMs);
  }
}

const post = (url: string, token: string, contentType: string, length: number) =>
  `POST ${url} HTTP/1.1\r\nHost: hwa\r\nAuthorization: Bearer ${token}\r\n` +
  `Content-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`;

/** A new connection with the headers of an upload of `length` bytes into `sessionId` sent. */
async function openUpload(port: number, token: string, sessionId: string, length: number) {
  const connection = await RawConnection.open(port);
  const url = `/api/v1/sessions/${sessionId}/upload-files`;
  await connection.write(post(url, token, 'multipart/form-data; boundary=X', length));
  return connection;
}

const multipartBody = (files: { name: string; body: string }[]) =>
  files
    .map(
      (f) => `--X\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\n\r\n${f.body}\r\n`,
    )
    .join('') + '--X--\r\n';

async function storedFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => path.join(e.parentPath, e.name));
}

describe('with 1 s for headers, 1 s for a body, then 1000 bytes/s', () => {
  let ctx: TestContext;
  let port: number;
  let user: TestUser;
  let storageDir: string;

  beforeAll(async () => {
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-slow-'));
    afterFile(() => fs.rm(storageDir, { recursive: true, force: true }));
    ctx = await testApp({ env: { ...LIMITS, HWA_STORAGE_DIR: storageDir } });
    port = await listen(ctx.app);
    user = await ctx.newUser({ email: 'slow@example.com' });
  });

  const systemCount = async () => (await user.call<Page<System>>('GET', '/systems')).body.count;

  it('headers still arriving after 1 s are cut off with a 408 problem', async () => {
    const connection = await RawConnection.open(port);
    void trickle(
      connection,
      `GET /healthz HTTP/1.1\r\nHost: hwa\r\n${'X-Slow: 1\r\n'.repeat(20)}\r\n`,
      11,
      300,
    );
    const res = await connection.response();
    expect(expectProblem(res, 408).type).toBe('urn:hwa:problem:request_timeout');
    await connection.closed;
  });

  it('headers sent in pieces within 1 s are served', async () => {
    const connection = await RawConnection.open(port);
    await trickle(connection, 'GET /healthz HTTP/1.1\r\nHost: hwa\r\n\r\n', 12, 200);
    expect((await connection.response()).statusCode).toBe(200);
    connection.destroy();
  });

  it('a JSON body trickled a byte every 300 ms is cut off with a 408 problem and creates nothing', async () => {
    const body = JSON.stringify({ system_name: 'trickled' });
    const connection = await RawConnection.open(port);
    await connection.write(post('/api/v1/systems', user.token, 'application/json', body.length));
    void trickle(connection, body, 1, 300);
    const res = await connection.response();
    expect(expectProblem(res, 408).detail).toMatch(/arrived too slowly/);
    expect(res.headers.connection).toBe('close');
    await connection.closed;
    await ctx.app.inFlight.idle();
    expect(await systemCount()).toBe(0);
  });

  it('a JSON body kept above 1000 bytes/s passes, though it takes longer than 1 s', async () => {
    const body = JSON.stringify({ system_name: 'steady', description: 'd'.repeat(4000) });
    const connection = await RawConnection.open(port);
    await connection.write(post('/api/v1/systems', user.token, 'application/json', body.length));
    const started = Date.now();
    await trickle(connection, body, 400, 150); // ~2,700 bytes/s for ~1.5 s
    const res = await connection.response();
    expect(res.statusCode, res.body).toBe(201);
    expect(Date.now() - started).toBeGreaterThan(1000); // the case is the one meant: longer than the base
    connection.destroy();
  });

  it('an upload trickled below the rate is cut off with a 408 problem and stores nothing', async () => {
    const { session_id: sessionId } = await ctx.newSession(user);
    const before = await storedFiles(storageDir);
    // A whole first file (stored before the cut, so it must be removed), then one trickled in.
    const body = multipartBody([
      { name: 'whole.csv', body: 'a,b\n1,2\n' },
      { name: 'slow.csv', body: 'x'.repeat(2000) },
    ]);
    const cut = body.indexOf('x');
    const connection = await openUpload(port, user.token, sessionId, body.length);
    await connection.write(body.slice(0, cut));
    void trickle(connection, body.slice(cut), 1, 300);
    const res = await connection.response();
    expect(expectProblem(res, 408).type).toBe('urn:hwa:problem:request_timeout');
    await connection.closed;
    await ctx.app.inFlight.idle();
    expect(await storedFiles(storageDir)).toEqual(before);
    const session = await user.call<Session>('GET', `/sessions/${sessionId}`);
    expect(session.body.attachments).toEqual([]);
  });

  it('an upload kept above the rate passes, though it takes longer than 1 s', async () => {
    const { session_id: sessionId } = await ctx.newSession(user);
    const body = multipartBody([{ name: 'steady.csv', body: 'y'.repeat(8 * KiB) }]);
    const connection = await openUpload(port, user.token, sessionId, body.length);
    const started = Date.now();
    await trickle(connection, body, 600, 100); // ~6,000 bytes/s for ~1.4 s
    const res = await connection.response();
    expect(res.statusCode, res.body).toBe(201);
    expect(Date.now() - started).toBeGreaterThan(1000);
    connection.destroy();
  });

  it('a client still trickling a body after its refusal is disconnected', async () => {
    const connection = await RawConnection.open(port);
    await connection.write(post('/api/v1/systems', 'hwa_not-a-token', 'application/json', 10_000));
    void trickle(connection, 'x'.repeat(10_000), 1, 300);
    expectProblem(await connection.response(), 401);
    await connection.closed;
  });
});

/** Storage that takes a file in 16 KiB pieces, 120 ms apart: slower than the client sends. */
class SlowStorage extends FileStorage {
  override put(key: string, body: Readable): Promise<{ size: number }> {
    const slow = new Transform({
      writableHighWaterMark: 1024,
      transform(chunk: Buffer, _encoding, done) {
        void (async () => {
          for (let i = 0; i < chunk.length; i += 16 * KiB) {
            await sleep(120);
            this.push(chunk.subarray(i, i + 16 * KiB));
          }
          done();
        })();
      },
    });
    body.on('error', (err) => slow.destroy(err));
    return super.put(key, body.pipe(slow));
  }
}

describe('an upload that hwa itself is slow to store', () => {
  it('is not cut off: only time spent waiting for the client counts', async () => {
    // 1 s and 1 MiB/s allow a 400 KiB body ~1.4 s; storage takes ~3 s to write it.
    const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-slow-storage-'));
    afterFile(() => fs.rm(storageDir, { recursive: true, force: true }));
    const ctx = await testApp({
      storage: new SlowStorage(storageDir),
      env: { ...LIMITS, HWA_BODY_MIN_RATE: String(1024 * KiB), HWA_UPLOAD_LIMIT: String(1024 * KiB) },
    });
    const port = await listen(ctx.app);
    const patient = await ctx.newUser({ email: 'patient@example.com' });
    const { session_id: sessionId } = await ctx.newSession(patient);
    const body = multipartBody([{ name: 'big.bin', body: 'z'.repeat(400 * KiB) }]);

    const started = Date.now();
    const connection = await openUpload(port, patient.token, sessionId, body.length);
    await connection.write(body);
    const res = await connection.response();
    expect(res.statusCode, res.body).toBe(201);
    expect(Date.now() - started).toBeGreaterThan(2000); // storage did hold it up beyond the allowance
    connection.destroy();
  });
});
