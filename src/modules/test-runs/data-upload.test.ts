// POST /test-runs/{run_id}/data/upload on the filesystem storage: one file stored under the run and
// registered in one call (name and type from the part unless given, card/step as form fields), and
// every refusal leaving nothing behind, neither an object nor a registration: a file over the upload
// limit (413), a body cut before its closing boundary, a card of another run, unknown fields, no file.
// Deleting an uploaded file's registration deletes the object too.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { field, multipart, type FilePart } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import {
  insertCard,
  insertRun,
  insertStep,
  runActivity,
  softDeleteRun,
} from '../../../test/test-run-rows.js';
import type { TestDataFile } from './test-runs.schemas.js';

const LIMIT = 4096;
const CSV = 'time,temp_c\n0,21.5\n60,59.8\n';
let ctx: TestContext;
let ann: TestUser;
let root: string;
let run: string;
let card: string;
let step: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-upload-root-'));
  ctx = await testApp({ env: { HWA_STORAGE_DIR: root, HWA_UPLOAD_LIMIT: String(LIMIT) } });
  ann = await ctx.newUser({ email: 'ann@example.com' });
  ({ runId: run } = await insertRun(ctx, ann));
  card = await insertCard(ctx.database, run);
  step = await insertStep(ctx.database, run, card);
});

/** Every regular file under the storage root (temporaries included). */
async function storedFiles(): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const theFile = (name: string, body: string | Buffer, type?: string): FilePart => ({
  name,
  body,
  field: 'file',
  ...(type === undefined ? {} : { type }),
});

function upload(parts: FilePart[], runId = run) {
  const { payload, headers } = multipart(parts);
  return ann.call<TestDataFile>('POST', `/test-runs/${runId}/data/upload`, undefined, {
    raw: payload,
    headers,
  });
}

const count = async () => ok(await ann.call<{ count: number }>('GET', `/test-runs/${run}/data`)).count;

describe('POST /test-runs/{run_id}/data/upload', () => {
  it('stores the file under the run and registers it, named and typed from the part', async () => {
    const before = await runActivity(ctx.database, run);
    const body = ok(await upload([theFile('tvac-run-3.csv', CSV, 'text/csv')]), 201);
    expect(body).toMatchObject({
      file_name: 'tvac-run-3.csv',
      file_size: CSV.length,
      content_type: 'text/csv',
      uploaded_by: 'ann@example.com',
      associations: [],
    });
    expect(body.storage_url).toBe(`file://${root}/test-runs/${run}/data/${body.uuid}`);
    expect(await fs.readFile(fileURLToPath(body.storage_url), 'utf8')).toBe(CSV);
    expect((await runActivity(ctx.database, run)).updatedAt.getTime()).toBeGreaterThan(
      before.updatedAt.getTime(),
    );
    const listed = ok(await ann.call<{ items: TestDataFile[] }>('GET', `/test-runs/${run}/data`)).items;
    expect(listed.at(-1)).toEqual(body);
  });

  it('takes file_name, content_type and the card/step fields, before or after the file', async () => {
    const body = ok(
      await upload([
        field('file_name', 'Hot soak log'),
        theFile('log.bin', 'x'.repeat(LIMIT)),
        field('content_type', 'text/plain; charset=utf-8'),
        field('test_step_id', step),
      ]),
      201,
    );
    expect(body).toMatchObject({
      file_name: 'Hot soak log',
      content_type: 'text/plain; charset=utf-8',
      file_size: LIMIT,
      associations: [{ test_card_id: card, test_step_id: step }],
    });
    // No type from the client: the content's signature tells it.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expect(ok(await upload([theFile('plot', png)]), 201).content_type).toBe('image/png');
  });

  it('refuses a file over the upload limit with 413, storing and registering nothing', async () => {
    const files = await storedFiles();
    const registered = await count();
    expectProblem(await upload([theFile('big.bin', Buffer.alloc(LIMIT + 1, 1))]), 413);
    // Larger than the limit and the form around it: refused from its Content-Length, unread.
    expectProblem(await upload([theFile('huge.bin', Buffer.alloc(LIMIT + 70 * 1024, 1))]), 413);
    expect(await storedFiles()).toEqual(files);
    expect(await count()).toBe(registered);
  });

  it('refuses a body cut before its closing boundary with 400, storing nothing', async () => {
    const files = await storedFiles();
    const registered = await count();
    const head =
      '--X\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\n' +
      'Content-Type: text/csv\r\n\r\n';
    for (const payload of [`${head}time,temp\n0,`, `${head}${'y'.repeat(3000)}`, 'garbage']) {
      const res = await ann.call('POST', `/test-runs/${run}/data/upload`, undefined, {
        raw: payload,
        headers: { 'content-type': 'multipart/form-data; boundary=X' },
      });
      expectProblem(res, 400);
    }
    expect(await storedFiles()).toEqual(files);
    expect(await count()).toBe(registered);
  });

  it('refuses bad fields, a card of another run, no file or two, storing nothing', async () => {
    const { runId: other } = await insertRun(ctx, ann);
    const foreignCard = await insertCard(ctx.database, other);
    const files = await storedFiles();
    const registered = await count();
    const f = theFile('a.csv', CSV);
    expectProblem(await upload([f, field('test_card_id', foreignCard)]), 400, ['body.test_card_id']);
    expectProblem(await upload([f, field('test_step_id', randomUUID())]), 400, ['body.test_step_id']);
    expectProblem(await upload([f, field('test_card_id', 'nope'), field('content_type', 'csv')]), 400, [
      'body.test_card_id',
      'body.content_type',
    ]);
    expectProblem(await upload([f, field('file_name', '   ')]), 400, ['body.file_name']);
    expectProblem(await upload([field('file_name', 'x')]), 400, ['body.file']);
    expectProblem(await upload([f, f]), 400, ['body.file']);
    expectProblem(await upload([{ ...f, field: 'files' }]), 400, ['body.files']);
    expectProblem(await upload([f, field('note', 'x')]), 400, ['body.note']);
    expect(await storedFiles()).toEqual(files);
    expect(await count()).toBe(registered);
  });

  it('answers 415 for a body that is not multipart and 404 for an unknown or deleted run', async () => {
    expectProblem(await ann.call('POST', `/test-runs/${run}/data/upload`, { file: 'x' }), 415);
    const { runId: doomed } = await insertRun(ctx, ann);
    await softDeleteRun(ctx.database, doomed);
    const files = await storedFiles();
    for (const runId of [doomed, randomUUID()]) {
      expectProblem(await upload([theFile('a.csv', CSV)], runId), 404);
    }
    expect(await storedFiles()).toEqual(files);
  });
});

describe('DELETE of an uploaded file', () => {
  it('deletes the stored object with the registration', async () => {
    const body = ok(await upload([theFile('gone.csv', CSV)]), 201);
    const file = fileURLToPath(body.storage_url);
    expect(await fs.readFile(file, 'utf8')).toBe(CSV);
    expect((await ann.call('DELETE', `/test-runs/${run}/data/${body.uuid}`)).status).toBe(204);
    await expect(fs.stat(file)).rejects.toThrow(/ENOENT/);
  });

  it('keeps the object while another registration still names it', async () => {
    const body = ok(await upload([theFile('shared.csv', CSV)]), 201);
    const again = ok(
      await ann.call<TestDataFile>('POST', `/test-runs/${run}/data`, {
        file_name: 'shared again',
        storage_url: body.storage_url,
        file_size: body.file_size,
      }),
      201,
    );
    expect((await ann.call('DELETE', `/test-runs/${run}/data/${body.uuid}`)).status).toBe(204);
    expect(await fs.readFile(fileURLToPath(again.storage_url), 'utf8')).toBe(CSV);
    // The second registration did not store it, so removing it leaves the object too.
    expect((await ann.call('DELETE', `/test-runs/${run}/data/${again.uuid}`)).status).toBe(204);
    expect(await fs.readFile(fileURLToPath(again.storage_url), 'utf8')).toBe(CSV);
  });
});

describe('OpenAPI', () => {
  it('describes the upload form and every answer of the data routes', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
            responses: Record<string, unknown>;
          }
        >
      >;
    }>();
    const upload = doc.paths['/api/v1/test-runs/{run_id}/data/upload']!.post!;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
    const form = upload.requestBody!.content['multipart/form-data']!.schema.properties;
    expect(form.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(form).sort()).toEqual([
      'content_type',
      'file',
      'file_name',
      'test_card_id',
      'test_step_id',
    ]);
    expect(Object.keys(upload.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '404', '413', '415']),
    );
    const data = doc.paths['/api/v1/test-runs/{run_id}/data']!;
    expect(Object.keys(data.post!.requestBody!.content)).toEqual(['application/json']);
    expect(Object.keys(data.post!.responses)).toEqual(
      expect.arrayContaining(['201', '400', '404', '413', '415']),
    );
    expect(Object.keys(data.get!.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
    const remove = doc.paths['/api/v1/test-runs/{run_id}/data/{file_id}']!.delete!;
    expect(Object.keys(remove.responses)).toEqual(expect.arrayContaining(['204', '401', '404']));
  });
});
