// A run's data files on the filesystem storage, as a test engineer uses them: registering a log that
// is already in HWA_STORAGE_DIR (for the run, a card or a step), the body's field rules, cards and
// steps only of this run, list and delete, and 404s for runs that are unknown or deleted. Where a
// storage_url may point is in data-storage-url.test.ts, uploads in data-upload.test.ts, S3 in
// data-s3.test.ts.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISO_MS_Z, UUID, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import {
  insertCard,
  insertRun,
  insertStep,
  runActivity,
  softDeleteRun,
} from '../../../test/test-run-rows.js';
import type { TestDataFile } from './test-runs.schemas.js';

const CSV = 'time,temp_c\n0,21.5\n60,59.8\n';
let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
let root: string;
let run: string;
let card: string;
let step: string;
let otherCard: string;
let otherCardStep: string;

/** A file written into the storage root at `rel`; its file:// URL. */
async function stored(rel: string, body: string | Buffer = CSV): Promise<string> {
  const file = path.join(root, rel);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, body);
  return pathToFileURL(file).href;
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-data-root-'));
  ctx = await testApp({ env: { HWA_STORAGE_DIR: root } });
  ann = await ctx.newUser({ email: 'ann@example.com' });
  bob = await ctx.newUser({ email: 'bob@example.com' });
  ({ runId: run } = await insertRun(ctx, ann));
  card = await insertCard(ctx.database, run);
  step = await insertStep(ctx.database, run, card);
  otherCard = await insertCard(ctx.database, run, 'Cold soak');
  otherCardStep = await insertStep(ctx.database, run, otherCard);
});

const url = (runId = run) => `/test-runs/${runId}/data`;
const register = (body: object, user = ann, runId = run) => user.call<TestDataFile>('POST', url(runId), body);
const list = (runId = run, query: Record<string, string> = {}) =>
  ann.call<{ items: TestDataFile[]; count: number }>('GET', url(runId), undefined, { query });

describe('POST /test-runs/{run_id}/data', () => {
  it('registers a file that is in the storage, for the run as a whole, and records run activity', async () => {
    const storage_url = await stored('tvac/run-3.csv');
    const before = await runActivity(ctx.database, run);
    const body = ok(
      await register({ file_name: 'TVAC run 3', storage_url, file_size: CSV.length }, bob),
      201,
    );
    expect(Object.keys(body).sort()).toEqual(
      [
        'associations',
        'content_type',
        'created_at',
        'file_name',
        'file_size',
        'storage_url',
        'uploaded_by',
        'uuid',
      ].sort(),
    );
    expect(body).toMatchObject({
      file_name: 'TVAC run 3',
      storage_url,
      file_size: CSV.length,
      content_type: 'application/octet-stream',
      uploaded_by: 'bob@example.com',
      associations: [],
    });
    expect(body.uuid).toMatch(UUID);
    expect(body.created_at).toMatch(ISO_MS_Z);
    const after = await runActivity(ctx.database, run);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(after.contributors).toContain('bob@example.com');
  });

  it('associates with a card, a step (bringing its card), or both, and keeps the content_type given', async () => {
    const storage_url = await stored('tvac/hot.csv');
    const base = {
      file_name: 'hot.csv',
      storage_url,
      file_size: CSV.length,
      content_type: 'text/csv; charset=utf-8',
    };
    const onCard = ok(await register({ ...base, associate_with: { test_card_id: card } }), 201);
    expect(onCard.associations).toEqual([{ test_card_id: card, test_step_id: null }]);
    expect(onCard.content_type).toBe('text/csv; charset=utf-8');
    const onStep = ok(await register({ ...base, associate_with: { test_step_id: step } }), 201);
    expect(onStep.associations).toEqual([{ test_card_id: card, test_step_id: step }]);
    const onBoth = ok(
      await register({ ...base, associate_with: { test_card_id: card, test_step_id: step } }),
      201,
    );
    expect(onBoth.associations).toEqual([{ test_card_id: card, test_step_id: step }]);
    expect(ok(await register({ ...base, associate_with: {} }), 201).associations).toEqual([]);
  });

  it('refuses missing fields, unknown fields and out-of-bound values, naming each (rules 1 and 6)', async () => {
    expectProblem(await register({}), 400, ['body.file_name', 'body.storage_url', 'body.file_size']);
    const storage_url = await stored('bounds.csv');
    const good = { file_name: 'b.csv', storage_url, file_size: CSV.length };
    expectProblem(await register({ ...good, note: 'x' }), 400, ['body.note']);
    for (const file_name of ['', '   ', 'n'.repeat(256), 'a\u0001b', 7]) {
      expectProblem(await register({ ...good, file_name }), 400, ['body.file_name']);
    }
    expect(
      ok(await register({ ...good, file_name: 'runs/3: hot ✓'.padEnd(255, '.') }), 201).file_name,
    ).toHaveLength(255);
    for (const file_size of [-1, 1.5, '36', Number.MAX_SAFE_INTEGER + 2]) {
      expectProblem(await register({ ...good, file_size }), 400, ['body.file_size']);
    }
    for (const content_type of [
      'csv',
      'text/',
      'text/csv;',
      'text csv',
      'a/b\u0001',
      'x/'.padEnd(300, 'y'),
    ]) {
      expectProblem(await register({ ...good, content_type }), 400, ['body.content_type']);
    }
    expectProblem(await register({ ...good, storage_url: 'x'.repeat(2049) }), 400, ['body.storage_url']);
    expectProblem(await register({ ...good, associate_with: { test_card_id: 'nope' } }), 400, [
      'body.associate_with.test_card_id',
    ]);
    expectProblem(await register({ ...good, associate_with: { run: card } }), 400, [
      'body.associate_with.run',
    ]);
  });

  it('refuses a card or step of another run, and a step of another card, naming the field', async () => {
    const { runId: otherRun } = await insertRun(ctx, ann);
    const foreignCard = await insertCard(ctx.database, otherRun);
    const foreignStep = await insertStep(ctx.database, otherRun, foreignCard);
    const storage_url = await stored('assoc.csv');
    const at = (associate_with: object) =>
      register({ file_name: 'a', storage_url, file_size: CSV.length, associate_with });
    expectProblem(await at({ test_card_id: foreignCard }), 400, ['body.associate_with.test_card_id']);
    expectProblem(await at({ test_step_id: foreignStep }), 400, ['body.associate_with.test_step_id']);
    expectProblem(await at({ test_card_id: randomUUID() }), 400, ['body.associate_with.test_card_id']);
    expectProblem(await at({ test_card_id: card, test_step_id: otherCardStep }), 400, [
      'body.associate_with.test_step_id',
    ]);
    // Every refusal at once: a foreign card and a file that is not there.
    const res = await register({
      file_name: 'a',
      storage_url: `${storage_url}.missing`,
      file_size: 1,
      associate_with: { test_card_id: foreignCard },
    });
    expectProblem(res, 400, ['body.associate_with.test_card_id', 'body.storage_url']);
    expect((await list(otherRun)).body.count).toBe(0);
  });

  it('answers 404 for an unknown, malformed or deleted run', async () => {
    const storage_url = await stored('gone.csv');
    const { runId: doomed } = await insertRun(ctx, ann);
    await softDeleteRun(ctx.database, doomed);
    for (const runId of [randomUUID(), 'TR-0001', doomed]) {
      expectProblem(await register({ file_name: 'g', storage_url, file_size: CSV.length }, ann, runId), 404);
      expectProblem(await list(runId), 404);
      expectProblem(await ann.call('DELETE', `${url(runId)}/${randomUUID()}`), 404);
    }
  });
});

describe('GET and DELETE /test-runs/{run_id}/data', () => {
  it('lists in registration order with count and pages; delete removes the registration only', async () => {
    const { runId: listed } = await insertRun(ctx, ann);
    const c = await insertCard(ctx.database, listed);
    const storage_url = await stored('listed/log.csv');
    const names = ['first', 'second', 'third'];
    const made: TestDataFile[] = [];
    for (const file_name of names) {
      const associate_with = file_name === 'second' ? { test_card_id: c } : undefined;
      made.push(
        ok(
          await register({ file_name, storage_url, file_size: CSV.length, associate_with }, ann, listed),
          201,
        ),
      );
    }
    const all = ok(await list(listed));
    expect(all.count).toBe(3);
    expect(all.items).toEqual(made);
    const page = ok(await list(listed, { limit: '1', offset: '1' }));
    expect(page).toEqual({ items: [made[1]], count: 3 });

    const res = await ann.call('DELETE', `${url(listed)}/${made[1]!.uuid}`);
    expect(res.status).toBe(204);
    expect(res.res.body).toBe('');
    expect(ok(await list(listed)).items.map((f) => f.file_name)).toEqual(['first', 'third']);
    // Registered from elsewhere: the file is not hwa's to delete.
    expect(await fs.readFile(path.join(root, 'listed/log.csv'), 'utf8')).toBe(CSV);
    expectProblem(await ann.call('DELETE', `${url(listed)}/${made[1]!.uuid}`), 404);
  });

  it('answers 404 for a file of another run, an unknown or a malformed file id', async () => {
    const storage_url = await stored('mine.csv');
    const mine = ok(await register({ file_name: 'mine', storage_url, file_size: CSV.length }), 201);
    const { runId: other } = await insertRun(ctx, ann);
    for (const fileId of [mine.uuid, randomUUID(), 'nope']) {
      expectProblem(await ann.call('DELETE', `${url(other)}/${fileId}`), 404);
    }
    expect(ok(await list()).items.some((f) => f.uuid === mine.uuid)).toBe(true);
  });
});
