// The file features end to end with S3 as the storage (s3rver on loopback, in this process): uploads
// land as objects in the bucket, the detail names them by s3:// URL, export hands out an S3 presigned
// URL that downloads without a token, and a file over the limit is refused with 413 leaving no object.
// The filesystem adapter is what the module suites run on; this file is the same path on S3.
import type { S3Client } from '@aws-sdk/client-s3';
import contentDisposition from 'content-disposition';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttachmentDetail, ExportResult } from '../src/modules/attachments/attachments.schemas.js';
import type { Session } from '../src/modules/sessions/sessions.schemas.js';
import { S3Storage } from '../src/storage/s3.js';
import { ok, testApp, type TestContext, type TestUser } from './helpers.js';
import { file, uploadFiles, type FilePart } from './multipart.js';
import { expectProblem } from './problems.js';
import { recordingClient, startS3, type RunningS3 } from './s3rver.js';
import { MiB } from './streams.js';

const LIMIT = 9 * MiB; // above one 8 MiB part: an oversize file is cut mid multipart upload
const TTL = 120;
const PREFIX = 'e2e';
const CSV = 'time,voltage\n0,28.1\n1,27.9\n2,28.0\n';
// A PDF by its signature, with binary bytes inside so any re-encoding on the way would show.
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  randomBytes(300 * 1024),
  Buffer.from('\n%%EOF\n'),
]);

let s3: RunningS3;
let client: S3Client;
let ctx: TestContext;
let ann: TestUser;
let session: Session;
/** Every command the app's S3 client sent, by name. */
let commands: string[];

beforeAll(async () => {
  s3 = await startS3();
  ({ client, commands } = recordingClient(s3));
  ctx = await testApp({
    storage: new S3Storage(`s3://hwa-test/${PREFIX}`, client),
    env: { HWA_UPLOAD_LIMIT: String(LIMIT), HWA_SIGNED_URL_TTL: String(TTL) },
  });
  ann = await ctx.newUser({ email: 'ann@example.com' });
  session = await ctx.newSession(ann);
});

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
});

const upload = (files: FilePart[]) => uploadFiles(ann, session, files);
const detail = async (id: string) => ok(await ann.call<AttachmentDetail>('GET', `/attachments/${id}`));
const exportLink = async (id: string) =>
  ok(await ann.call<ExportResult>('POST', `/attachments/${id}/export`)).presigned_url!;
const sessionAttachmentIds = async () =>
  ok(await ann.call<Session>('GET', `/sessions/${session.session_id}`))
    .attachments.map((a) => a.attachment_id)
    .sort();
/** The key an s3:// storage_url names in the test bucket. */
const keyOf = (storageUrl: string) => {
  expect(storageUrl).toMatch(new RegExp(`^s3://hwa-test/${PREFIX}/attachments/\\d{4}/\\d{2}/[0-9a-f-]{36}$`));
  return storageUrl.slice('s3://hwa-test/'.length);
};

describe('files on S3', () => {
  let csvId: string;
  let pdfId: string;

  it('stores a CSV and a PDF uploaded in one request as objects in the bucket', async () => {
    const before = await s3.keys();
    const [csv, pdf] = ok(await upload([file('telemetry.csv', CSV), file('datasheet.pdf', PDF)]), 201);
    expect([csv!.attachment_type, pdf!.attachment_type]).toEqual(['csv', 'pdf']);
    csvId = csv!.attachment_id;
    pdfId = pdf!.attachment_id;
    expect(await sessionAttachmentIds()).toEqual([csvId, pdfId].sort());

    const csvDetail = await detail(csvId);
    const pdfDetail = await detail(pdfId);
    const added = (await s3.keys()).filter((k) => !before.includes(k)).sort();
    expect(added).toEqual([keyOf(csvDetail.storage_url!), keyOf(pdfDetail.storage_url!)].sort());

    // The CSV preview is built from the stream on its way to S3.
    expect(csvDetail.attachment_content).toEqual({
      format: 'csv',
      columns: ['time', 'voltage'],
      rows: [
        ['0', '28.1'],
        ['1', '27.9'],
        ['2', '28.0'],
      ],
      complete: true,
    });
    expect(pdfDetail.attachment_content).toBeNull();
  });

  it('exports an S3 presigned URL that downloads the exact bytes without a token', async () => {
    const link = new URL(await exportLink(pdfId));
    // Served by S3 itself, not by hwa's /downloads route; lifetime from HWA_SIGNED_URL_TTL.
    expect(link.origin).toBe(s3.endpoint);
    expect(link.pathname).toBe(`/hwa-test/${keyOf((await detail(pdfId)).storage_url!)}`);
    expect(link.searchParams.get('X-Amz-Expires')).toBe(String(TTL));
    expect(link.href).not.toContain('/downloads/');

    const download = await fetch(link); // no Authorization header, no cookie: the URL is the credential
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(contentDisposition('datasheet.pdf'));
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    const csvDownload = await fetch(await exportLink(csvId));
    expect(csvDownload.headers.get('content-type')).toBe('text/csv');
    expect(await csvDownload.text()).toBe(CSV);
  });

  it('stores a file of several 8 MiB parts through the upload route', async () => {
    // Regression: intake's byte counter stream has a `size` property (0 at the start) that
    // lib-storage took for the body's length, so every upload over one part failed with a 500.
    const body = randomBytes(LIMIT - 1024);
    const [capture] = ok(await upload([file('capture.bin', body)]), 201);
    const url = (await detail(capture!.attachment_id)).storage_url!;
    const download = await fetch(await exportLink(capture!.attachment_id));
    expect(Buffer.from(await download.arrayBuffer()).equals(body)).toBe(true);
    expect(await s3.keys()).toContain(keyOf(url));
  });

  it('refuses a file over HWA_UPLOAD_LIMIT with 413 and leaves no object in the bucket', async () => {
    const before = await s3.keys();
    const attachmentsBefore = await sessionAttachmentIds();
    commands.splice(0);

    // A good file first, then one over the limit: the good one's object must go too.
    const res = await upload([
      file('good.csv', 'a,b\n1,2\n'),
      file('huge.bin', randomBytes(LIMIT + 3 * MiB)),
    ]);

    expectProblem(res, 413);
    // The oversize file was streamed to S3 until the limit cut it (a multipart upload of more than
    // one part), not refused up front from the request's length; what was stored is deleted.
    expect(commands).toContain('CreateMultipartUploadCommand');
    expect(commands.filter((c) => c === 'DeleteObjectCommand').length).toBeGreaterThanOrEqual(2);
    expect((await s3.keys()).sort()).toEqual(before.sort());
    expect(await sessionAttachmentIds()).toEqual(attachmentsBefore);
  });
});
