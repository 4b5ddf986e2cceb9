// Broken multipart bodies over real HTTP, on both storage adapters: a file part cut off before its
// closing boundary (small, and 300 KB so storage is mid-write when the cut is seen), a good file
// followed by a cut one, no boundary, bytes that are not multipart. Each once killed the process
// (embedded database: an unhandled 'error' event), hung (PostgreSQL) or answered 500. Each must be a
// 400 problem with a request id that stores nothing (no object, no attachment row) and leaves the
// server serving. Requests go over a raw socket with a Content-Length that matches the bytes sent, as
// curl --data-binary sends them: the HTTP body is whole, the multipart inside it is not.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../src/storage/s3.js';
import type { Page } from '../src/core/schemas.js';
import type { Attachment } from '../src/modules/attachments/attachments.schemas.js';
import type { Session } from '../src/modules/sessions/sessions.schemas.js';
import { afterFile, ok, testApp, type TestContext, type TestUser } from './helpers.js';
import { expectProblem } from './problems.js';
import { listen, rawRequest } from './raw-http.js';
import { recordingClient, startS3, type RunningS3 } from './s3rver.js';
import { KiB } from './streams.js';

const partHead = (name: string) =>
  `--X\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
  'Content-Type: application/octet-stream\r\n\r\n';

const CASES: { label: string; contentType: string; body: Buffer }[] = [
  {
    label: 'a file part with no closing boundary',
    contentType: 'multipart/form-data; boundary=X',
    body: Buffer.from(`${partHead('a.txt')}hi`),
  },
  {
    label: 'a 300 KB file part with no closing boundary',
    contentType: 'multipart/form-data; boundary=X',
    body: Buffer.concat([Buffer.from(partHead('big.bin')), randomBytes(300 * KiB)]),
  },
  {
    label: 'a whole file, then a second one cut off',
    contentType: 'multipart/form-data; boundary=X',
    body: Buffer.from(`${partHead('whole.csv')}a,b\n1,2\n\r\n${partHead('cut.csv')}c,d\n3,`),
  },
  {
    label: 'multipart/form-data with no boundary',
    contentType: 'multipart/form-data',
    body: Buffer.from('hello'),
  },
  {
    label: 'bytes that are not multipart',
    contentType: 'multipart/form-data; boundary=X',
    body: Buffer.from('garbage garbage garbage'),
  },
];

interface Adapter {
  name: string;
  start(): Promise<{ ctx: TestContext; stored: () => Promise<string[]> }>;
}

let s3: RunningS3 | undefined;
afterAll(async () => {
  await s3?.stop();
});

const ADAPTERS: Adapter[] = [
  {
    name: 'filesystem',
    async start() {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-broken-'));
      afterFile(() => fs.rm(dir, { recursive: true, force: true }));
      const ctx = await testApp({ env: { HWA_STORAGE_DIR: dir, HWA_UPLOAD_LIMIT: String(1024 * KiB) } });
      const stored = async () =>
        (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((e) => !e.isDirectory())
          .map((e) => path.join(e.parentPath, e.name))
          .sort();
      return { ctx, stored };
    },
  },
  {
    name: 'S3',
    async start() {
      s3 = await startS3();
      const { client } = recordingClient(s3);
      afterFile(async () => client.destroy());
      const ctx = await testApp({
        storage: new S3Storage('s3://hwa-test/broken', client),
        env: { HWA_UPLOAD_LIMIT: String(1024 * KiB) },
      });
      const running = s3;
      return { ctx, stored: async () => (await running.keys()).sort() };
    },
  },
];

describe.each(ADAPTERS)('$name storage: a broken multipart upload', (adapter) => {
  let ctx: TestContext;
  let stored: () => Promise<string[]>;
  let port: number;
  let user: TestUser;

  beforeAll(async () => {
    ({ ctx, stored } = await adapter.start());
    port = await listen(ctx.app);
    user = await ctx.newUser({ email: 'broken@example.com' });
  });

  /** The body with a Content-Length of `declared` (default: its length), half-closed when `end`. */
  const send = (sessionId: string, contentType: string, body: Buffer, declared = body.length, end = false) =>
    rawRequest(
      port,
      Buffer.concat([
        Buffer.from(
          `POST /api/v1/sessions/${sessionId}/upload-files HTTP/1.1\r\nHost: hwa\r\n` +
            `Authorization: Bearer ${user.token}\r\nContent-Type: ${contentType}\r\n` +
            `Content-Length: ${declared}\r\n\r\n`,
        ),
        body,
      ]),
      { end },
    );

  async function attachmentsOf(sessionId: string): Promise<{ total: number; inSession: number }> {
    const all = ok(await user.call<Page<Attachment>>('GET', '/attachments'));
    const session = ok(await user.call<Session>('GET', `/sessions/${sessionId}`));
    return { total: all.count, inSession: session.attachments.length };
  }

  /** A good upload over HTTP (fetch's own multipart) and a health check: the server still serves. */
  async function expectServing(sessionId: string) {
    const origin = `http://127.0.0.1:${port}`;
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    const form = new FormData();
    form.append('files', new Blob(['time,v\n0,1\n']), 'after.csv');
    const res = await fetch(`${origin}/api/v1/sessions/${sessionId}/upload-files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as { attachment_name: string }[]).map((a) => a.attachment_name)).toEqual([
      'after.csv',
    ]);
  }

  it.each(CASES)('$label: 400 problem, nothing stored, still serving', async ({ contentType, body }) => {
    const before = await stored();
    const { session_id: sessionId } = await ctx.newSession(user);
    const { total } = await attachmentsOf(sessionId);

    const problem = expectProblem(await send(sessionId, contentType, body), 400);
    expect(problem.type).toBe('urn:hwa:problem:validation');
    // Clean-up of what was stored before the cut runs before the answer; wait for any stragglers.
    await ctx.app.inFlight.idle();
    expect(await stored()).toEqual(before);
    expect(await attachmentsOf(sessionId)).toEqual({ total, inSession: 0 });

    await expectServing(sessionId);
  });

  it('a body shorter than its Content-Length, then the end of the stream: 400, nothing stored', async () => {
    // The HTTP body itself is cut: Node's parser reports it on the socket, and the upload in
    // progress sees its request close early and removes what it stored.
    const before = await stored();
    const { session_id: sessionId } = await ctx.newSession(user);
    const { total } = await attachmentsOf(sessionId);
    const body = Buffer.concat([Buffer.from(partHead('cut.bin')), randomBytes(300 * KiB)]);

    const res = await send(sessionId, 'multipart/form-data; boundary=X', body, body.length + 1000, true);
    expect(expectProblem(res, 400).detail).toMatch(/shorter than its Content-Length/);
    await ctx.app.inFlight.idle();
    expect(await stored()).toEqual(before);
    expect(await attachmentsOf(sessionId)).toEqual({ total, inSession: 0 });

    await expectServing(sessionId);
  });
});
