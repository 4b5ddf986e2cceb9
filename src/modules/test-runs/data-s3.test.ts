// A run's data files with S3 as the storage (s3rver on loopback, bucket `hwa-test`, prefix `lab`):
// registering an object another tool put in the bucket, checked with a HEAD (size to the byte, a
// missing key refused), keys of another bucket or outside the prefix and non-S3 URLs refused, and an
// upload that lands in the bucket under the run, leaves nothing when over the limit, and goes with its
// registration.
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { multipart } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import { TEST_BUCKET, recordingClient, startS3, type RunningS3 } from '../../../test/s3rver.js';
import { insertCard, insertRun } from '../../../test/test-run-rows.js';
import { S3Storage } from '../../storage/s3.js';
import type { TestDataFile } from './test-runs.schemas.js';

const LIMIT = 64 * 1024;
const CSV = 'time,temp_c\n0,21.5\n60,59.8\n';
let s3: RunningS3;
let client: S3Client;
let commands: string[];
let ctx: TestContext;
let ann: TestUser;
let run: string;

beforeAll(async () => {
  s3 = await startS3();
  ({ client, commands } = recordingClient(s3));
  ctx = await testApp({
    storage: new S3Storage(`s3://${TEST_BUCKET}/lab`, client),
    env: { HWA_UPLOAD_LIMIT: String(LIMIT) },
  });
  ann = await ctx.newUser({ email: 'ann@example.com' });
  ({ runId: run } = await insertRun(ctx, ann));
});

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
});

/** An object put in the bucket by another tool; its s3:// URL. */
async function put(key: string, body: string | Buffer = CSV): Promise<string> {
  await s3.client.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key: key, Body: body }));
  return `s3://${TEST_BUCKET}/${key}`;
}

const register = (body: object) => ann.call<TestDataFile>('POST', `/test-runs/${run}/data`, body);
function upload(name: string, body: Buffer) {
  const form = multipart([{ name, body, field: 'file', type: 'text/csv' }]);
  return ann.call<TestDataFile>('POST', `/test-runs/${run}/data/upload`, undefined, {
    raw: form.payload,
    headers: form.headers,
  });
}

describe('data files on S3', () => {
  it('registers an object in the configured bucket and prefix, checked with a HEAD', async () => {
    const storage_url = await put('lab/tvac/run 3.csv');
    const card = await insertCard(ctx.database, run);
    commands.length = 0;
    const body = ok(
      await register({
        file_name: 'run 3',
        storage_url,
        file_size: CSV.length,
        associate_with: { test_card_id: card },
      }),
      201,
    );
    expect(body).toMatchObject({
      storage_url,
      file_size: CSV.length,
      associations: [{ test_card_id: card, test_step_id: null }],
    });
    expect(commands).toEqual(['HeadObjectCommand']);
  });

  it('refuses a size off by one byte, and a key with no object (rule 8), naming the field', async () => {
    const storage_url = await put('lab/size.bin', Buffer.alloc(500, 1));
    for (const file_size of [499, 501]) {
      expectProblem(await register({ file_name: 's', storage_url, file_size }), 400, ['body.file_size']);
    }
    expect(ok(await register({ file_name: 's', storage_url, file_size: 500 }), 201).file_size).toBe(500);
    const missing = `s3://${TEST_BUCKET}/lab/never-put.csv`;
    expectProblem(await register({ file_name: 'm', storage_url: missing, file_size: 1 }), 400, [
      'body.storage_url',
    ]);
  });

  it('refuses other buckets, keys outside the prefix and non-S3 URLs without asking S3', async () => {
    await put('elsewhere/secret.csv');
    commands.length = 0;
    for (const storage_url of [
      's3://another-bucket/lab/tvac.csv',
      `s3://${TEST_BUCKET}/elsewhere/secret.csv`,
      `s3://${TEST_BUCKET}/lab/../elsewhere/secret.csv`,
      `s3://${TEST_BUCKET}/lab/%2e%2e/elsewhere/secret.csv`,
      `${s3.endpoint}/${TEST_BUCKET}/lab/tvac.csv`,
      'https://s3.amazonaws.com/hwa-test/lab/tvac.csv',
      'file:///etc/passwd',
    ]) {
      expectProblem(await register({ file_name: 'x', storage_url, file_size: CSV.length }), 400, [
        'body.storage_url',
      ]);
    }
    expect(commands).toEqual([]);
  });

  it('uploads into the bucket under the run, and the delete removes the object', async () => {
    const bytes = randomBytes(10 * 1024);
    const body = ok(await upload('telemetry.csv', bytes), 201);
    const key = `lab/test-runs/${run}/data/${body.uuid}`;
    expect(body).toMatchObject({
      storage_url: `s3://${TEST_BUCKET}/${key}`,
      file_size: bytes.length,
      content_type: 'text/csv',
    });
    expect(await s3.keys()).toContain(key);
    expect((await ann.call('DELETE', `/test-runs/${run}/data/${body.uuid}`)).status).toBe(204);
    expect(await s3.keys()).not.toContain(key);
  });

  it('refuses an upload over the limit with 413, leaving no object and no registration', async () => {
    const keys = await s3.keys();
    const before = ok(await ann.call<{ count: number }>('GET', `/test-runs/${run}/data`)).count;
    expectProblem(await upload('big.bin', randomBytes(LIMIT + 1)), 413);
    expect(await s3.keys()).toEqual(keys);
    expect(ok(await ann.call<{ count: number }>('GET', `/test-runs/${run}/data`)).count).toBe(before);
  });

  it('keeps an object registered from elsewhere when its registration is deleted', async () => {
    const storage_url = await put('lab/keep.csv');
    const body = ok(await register({ file_name: 'keep', storage_url, file_size: CSV.length }), 201);
    expect((await ann.call('DELETE', `/test-runs/${run}/data/${body.uuid}`)).status).toBe(204);
    expect(await s3.keys()).toContain('lab/keep.csv');
  });
});
