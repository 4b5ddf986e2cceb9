// A 200 MiB file through the real HTTP stack (a listening server, node:http as the client) on the
// filesystem adapter, up and back down, with the process RSS sampled every 50 ms. Client and server
// share this process, so the bound covers both: the file is generated chunk by chunk and hashed as it
// goes, never held. A memory bound, not a timing one.
//
// What a buffered implementation shows (measured by swapping FileStorage for one that buffers): an
// upload held whole (collect the chunks, then writeFile) grows the RSS by ~430 MiB; a download held
// whole (readFile, then send) by ~225 MiB; both over the 150 MiB bound. Streamed, the upload grows it
// by ~30-60 MiB and the download by ~15 MiB (the numbers are logged). The download is measured after
// the upload, so it is a fair check only when the upload streamed, which the first bound asserts.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  Attachment,
  AttachmentDetail,
  ExportResult,
} from '../src/modules/attachments/attachments.schemas.js';
import { ok, testApp, type TestContext } from './helpers.js';
import { MiB, generatedStream, hashOf } from './streams.js';

const SIZE = 200 * MiB;
const RSS_GROWTH_BOUND = 150 * MiB;

let ctx: TestContext;
let storageDir: string;
let origin: string;

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-large-'));
  ctx = await testApp({ env: { HWA_STORAGE_DIR: storageDir, HWA_UPLOAD_LIMIT: String(256 * MiB) } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  origin = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await ctx?.app.close();
  if (storageDir) await fs.rm(storageDir, { recursive: true, force: true });
});

/** The highest RSS seen from start() to stop(), sampled every 50 ms; growth is over the RSS at start. */
function rssPeak() {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage.rss());
      return { baseline, peak, growth: peak - baseline };
    },
  };
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

/** The response to `request` once its body has gone out from `body`. */
async function send(request: http.ClientRequest, body: Readable): Promise<http.IncomingMessage> {
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  // A refusal may come before the body is all sent; the status tells, not the write error.
  const [answer] = await Promise.all([response, pipeline(body, request).catch(() => undefined)]);
  return answer;
}

async function json(response: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

it('uploads and downloads 200 MiB with the RSS growing by under 150 MiB each way', async () => {
  const user = await ctx.newUser({ email: 'big@example.com' });
  const sessionId = (await ctx.newSession(user)).session_id;

  // Upload: a multipart body whose file part is generated as it is sent, in 64 KiB chunks.
  const boundary = `----hwa${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="capture.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const generated = generatedStream(SIZE, { seed: 'large-upload', chunkSize: 64 * 1024 });
  const body = Readable.from(
    (async function* () {
      yield head;
      yield* generated.stream;
      yield tail;
    })(),
    { objectMode: false },
  );

  const up = rssPeak();
  const uploaded = await send(
    http.request(`${origin}/api/v1/sessions/${sessionId}/upload-files`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + SIZE + tail.length,
      },
    }),
    body,
  );
  const answer = (await json(uploaded)) as Attachment[];
  const upload = up.stop();
  expect(uploaded.statusCode, JSON.stringify(answer)).toBe(201);
  expect(answer).toHaveLength(1);
  expect(answer[0]!.attachment_name).toBe('capture.bin');
  const id = answer[0]!.attachment_id;

  // Stored whole, as a file of exactly 200 MiB inside the storage directory.
  const detail = ok(await user.call<AttachmentDetail>('GET', `/attachments/${id}`));
  const file = fileURLToPath(detail.storage_url!);
  expect(file.startsWith(storageDir + path.sep)).toBe(true);
  expect((await fs.stat(file)).size).toBe(SIZE);

  // Download through the signed link hwa serves itself, hashed as it arrives.
  const exported = ok(await user.call<ExportResult>('POST', `/attachments/${id}/export`));
  const link = new URL(exported.presigned_url!);
  expect(link.pathname).toBe(`/downloads/${id}`);

  const down = rssPeak();
  const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get(`${origin}${link.pathname}${link.search}`, resolve).once('error', reject),
  );
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-length']).toBe(String(SIZE));
  const received = await hashOf(response);
  const download = down.stop();
  expect(received).toEqual({ sha256: generated.sha256(), size: SIZE });

  console.info(
    `200 MiB upload: RSS ${mib(upload.baseline)} -> peak ${mib(upload.peak)} (+${mib(upload.growth)}); ` +
      `download: RSS ${mib(download.baseline)} -> peak ${mib(download.peak)} (+${mib(download.growth)})`,
  );
  expect(upload.growth).toBeLessThan(RSS_GROWTH_BOUND);
  expect(download.growth).toBeLessThan(RSS_GROWTH_BOUND);
}, 120_000);
