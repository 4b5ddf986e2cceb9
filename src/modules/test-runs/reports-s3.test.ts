// A report with S3 as the storage (s3rver on loopback): the data file and its limits sidecar are
// objects another tool put in the bucket, the job streams them out of S3 to analyse them, stores its
// charts in the bucket, and the report's chart links are S3 presigned URLs that download without a token.
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { TEST_BUCKET, recordingClient, startS3, type RunningS3 } from '../../../test/s3rver.js';
import { insertRun } from '../../../test/test-run-rows.js';
import { tvacCsv } from '../../../test/tvac-csv.js';
import { S3Storage } from '../../storage/s3.js';
import type { Report } from './reports.schemas.js';
import type { TestDataFile } from './test-runs.schemas.js';

let s3: RunningS3;
let client: S3Client;
let ctx: TestContext;
let ann: TestUser;

beforeAll(async () => {
  s3 = await startS3();
  ({ client } = recordingClient(s3));
  ctx = await testApp({ storage: new S3Storage(`s3://${TEST_BUCKET}/lab`, client) });
  ann = await ctx.newUser({ email: 'ann@example.com' });
});

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
});

async function registerObject(runId: string, key: string, body: string): Promise<void> {
  await s3.client.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key: key, Body: body }));
  const file_name = key.split('/').pop()!;
  ok(
    await ann.call<TestDataFile>('POST', `/test-runs/${runId}/data`, {
      file_name,
      storage_url: `s3://${TEST_BUCKET}/${key}`,
      file_size: Buffer.byteLength(body),
    }),
    201,
  );
}

describe('a report on S3 storage', () => {
  it('analyses the objects, stores the charts in the bucket and links them presigned', async () => {
    const { runId } = await insertRun(ctx, ann);
    await registerObject(runId, 'lab/tvac/tvac.csv', tvacCsv());
    await registerObject(runId, 'lab/tvac/tvac.csv.limits.json', '{"channels": {"tc_1_degC": {"max": 60}}}');
    const asked = ok(await ann.call<Report>('POST', `/test-runs/${runId}/reports`, { scope: 'run' }), 201);
    const deadline = Date.now() + 60_000;
    let report = asked;
    while (!['completed', 'failed', 'cancelled'].includes(report.status)) {
      if (Date.now() > deadline) throw new Error(`report not final in time: ${JSON.stringify(report)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      report = ok(await ann.call<Report>('GET', `/test-runs/${runId}/reports/${asked.uuid}`));
    }
    expect(report.status, report.error ?? '').toBe('completed');
    expect(report.findings.map((f) => `${f.kind} ${f.channels.join()}`)).toEqual(
      expect.arrayContaining(['limit_breach tc_1_degC', 'stuck tc_3_degC']),
    );
    expect(report.charts.map((c) => c.channel)).toEqual(expect.arrayContaining(['tc_1_degC', 'tc_3_degC']));
    expect((await s3.keys()).filter((k) => k.startsWith('lab/reports/'))).toHaveLength(report.charts.length);
    for (const chart of report.charts) {
      expect(chart.download_url.startsWith(s3.endpoint)).toBe(true);
      expect(report.content).toContain(chart.download_url);
      const download = await fetch(chart.download_url); // no token: the URL is the credential
      expect(download.status).toBe(200);
      expect(await download.text()).toMatch(/^<svg /);
    }
  });
});
