// The storage port's contract, run against both adapters: the filesystem on a temporary directory
// and S3 on s3rver (in this process, on loopback). Then what only one adapter does: symlinks in the
// filesystem root, S3 presigned links fetched without credentials, the S3 client from AWS_* variables.
import contentDisposition from 'content-disposition';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, recordingClient, startS3, type RunningS3 } from '../../test/s3rver.js';
import { MiB, generatedStream, hashOf } from '../../test/streams.js';
import { FileStorage } from './fs.js';
import { assertSafeKey, objectKey, type ObjectStorage } from './port.js';
import { S3Storage } from './s3.js';

let s3: RunningS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
});

interface Subject {
  storage: ObjectStorage;
  /** What url(key) must be. */
  urlOf(key: string): string;
  /** Everything the adapter holds: file paths under the root (temporaries too), or bucket keys. */
  contents(): Promise<string[]>;
  /** S3 only: the name of every command the adapter sent. */
  commands?: string[];
  stop(): Promise<void>;
}

async function fileSubject(): Promise<Subject & { root: string }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-fs-storage-'));
  return {
    root,
    storage: new FileStorage(root),
    urlOf: (key) => `file://${path.join(root, key)}`,
    async contents() {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
      return entries
        .filter((e) => !e.isDirectory())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
    },
    stop: () => fs.rm(root, { recursive: true, force: true }),
  };
}

function s3Subject(): Subject {
  const { client, commands } = recordingClient(s3);
  return {
    storage: new S3Storage('s3://hwa-test/some/prefix', client),
    urlOf: (key) => `s3://hwa-test/some/prefix/${key}`,
    contents: () => s3.keys(),
    commands,
    stop: async () => client.destroy(),
  };
}

const adapters: { name: string; start: () => Promise<Subject> | Subject }[] = [
  { name: 'FileStorage', start: fileSubject },
  { name: 'S3Storage', start: s3Subject },
];

describe.each(adapters)('$name: the storage contract', ({ start }) => {
  let subject: Subject;
  let storage: ObjectStorage;
  beforeAll(async () => {
    subject = await start();
    storage = subject.storage;
  });
  afterAll(() => subject?.stop());

  it('streams a put from a generated Readable, returns its size, and get gives back the same bytes', async () => {
    // 9 MiB and a bit: more than one 8 MiB part, so S3 goes through a multipart upload.
    const size = 9 * MiB + 123;
    const source = generatedStream(size, { seed: 'contract' });
    const key = objectKey('attachments');

    expect(await storage.put(key, source.stream, 'application/octet-stream')).toEqual({ size });
    expect(await storage.exists(key)).toBe(true);
    const body = await storage.get(key);
    expect(body).toBeDefined();
    expect(await hashOf(body!)).toEqual({ sha256: source.sha256(), size });
  });

  it('takes any Readable, whatever properties it carries', async () => {
    // intake.ts hands over its byte counter, a Transform with a `size` that is 0 when the put starts;
    // an uploader that sizes a body from such properties would expect an empty object.
    const size = 9 * MiB;
    const source = generatedStream(size, { seed: 'counter' });
    const counter = Object.assign(source.stream.pipe(new PassThrough()), { size: 0 });
    const key = objectKey('attachments');

    expect(await storage.put(key, counter, 'application/octet-stream')).toEqual({ size });
    expect(await hashOf((await storage.get(key))!)).toEqual({ sha256: source.sha256(), size });
  });

  it('answers undefined and false for a key that names nothing', async () => {
    const key = objectKey('attachments');
    expect(await storage.get(key)).toBeUndefined();
    expect(await storage.exists(key)).toBe(false);
  });

  it('deletes an object, and deleting a missing one is not an error', async () => {
    const key = objectKey('attachments');
    await storage.put(key, Readable.from([Buffer.from('short-lived')]), 'text/plain');
    expect(await storage.exists(key)).toBe(true);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('names where an object is with url()', () => {
    const key = 'attachments/2026/01/some-object';
    expect(storage.url(key)).toBe(subject.urlOf(key));
  });

  it('rejects a put whose source fails midway and leaves nothing behind', async () => {
    // Fails after 10 MiB: on S3, after the first part of a multipart upload has gone out.
    const source = generatedStream(20 * MiB, { seed: 'cut', failAfter: 10 * MiB });
    const key = objectKey('attachments');
    const before = await subject.contents();
    subject.commands?.splice(0);

    // The source's own error, not one from cleaning up after it (s3rver refuses AbortMultipartUpload).
    await expect(storage.put(key, source.stream, 'application/octet-stream')).rejects.toThrow(
      'source failed',
    );

    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();
    // Filesystem: no `.part` temporary left; S3: no object under any key.
    expect((await subject.contents()).sort()).toEqual(before.sort());
    if (subject.commands) {
      // The parts already sent are abandoned explicitly, not left to a bucket lifecycle rule.
      expect(subject.commands).toContain('CreateMultipartUploadCommand');
      expect(subject.commands).toContain('AbortMultipartUploadCommand');
      expect(subject.commands).not.toContain('CompleteMultipartUploadCommand');
    }
  });

  it('rejects a put whose source fails before the adapter reads it, with no uncaught error', async () => {
    // A truncated upload fails while the adapter is still preparing (the filesystem makes its
    // directory first): an 'error' nobody listens for yet would stop the process.
    const source = new PassThrough();
    const key = objectKey('attachments');
    const before = await subject.contents();
    const put = storage.put(key, source, 'text/plain');
    source.destroy(new Error('source failed early'));

    await expect(put).rejects.toThrow('source failed early');
    expect(await storage.exists(key)).toBe(false);
    expect((await subject.contents()).sort()).toEqual(before.sort());
  });

  it('refuses a source that reports an error and then ends, rather than storing it cut short', async () => {
    // busboy does this with a part cut off by the end of the body: 'error', then end of stream.
    const source = new PassThrough();
    const key = objectKey('attachments');
    const before = await subject.contents();
    const put = storage.put(key, source, 'text/plain');
    source.write('the first half');
    source.emit('error', new Error('part terminated early'));
    source.end();

    await expect(put).rejects.toThrow('part terminated early');
    expect(await storage.exists(key)).toBe(false);
    expect((await subject.contents()).sort()).toEqual(before.sort());
  });

  it.each(['../x', '/abs', 'a/../b', 'a//b', '', '.', 'a/./b', 'a/', 'a\\b', '.hidden', 'a b'])(
    'refuses the unsafe key %j in every operation',
    async (key) => {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]), 'text/plain')).rejects.toThrow(
        /unsafe storage key/,
      );
      await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.exists(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe storage key/);
      expect(() => storage.url(key)).toThrow(/unsafe storage key/);
      // Never a link for it (the filesystem adapter hands out no links at all).
      const link = await storage
        .presignedGet(key, { expiresIn: 60, fileName: 'x', contentType: 'text/plain' })
        .catch((err: Error) => err.message);
      expect(link === undefined || /unsafe storage key/.test(link)).toBe(true);
    },
  );
});

describe('objectKey', () => {
  it('makes distinct, safe keys under kind/yyyy/mm/', () => {
    const month = () => {
      const d = new Date();
      return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    // The month before and after, should the test run across a month's end.
    const months = [month()];
    const keys = Array.from({ length: 1000 }, () => objectKey('attachments'));
    months.push(month());

    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      const match =
        /^attachments\/(\d{4}\/\d{2})\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.exec(
          key,
        );
      expect(match, key).not.toBeNull();
      expect(months).toContain(match![1]);
      expect(() => assertSafeKey(key)).not.toThrow();
    }
    expect(objectKey('reports')).toMatch(/^reports\/\d{4}\/\d{2}\//);
  });
});

describe('FileStorage only', () => {
  let subject: Awaited<ReturnType<typeof fileSubject>>;
  let outside: string;
  beforeAll(async () => {
    subject = await fileSubject();
    outside = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-outside-'));
    await fs.writeFile(path.join(outside, 'secret.txt'), 'not for download');
  });
  afterAll(async () => {
    await subject?.stop();
    await fs.rm(outside, { recursive: true, force: true });
  });

  it('keeps objects as files inside the root, named by file:// URLs', async () => {
    const key = objectKey('attachments');
    await subject.storage.put(key, Readable.from([Buffer.from('on disk')]), 'text/plain');
    const file = fileURLToPath(subject.storage.url(key));
    expect(file.startsWith(subject.root + path.sep)).toBe(true);
    expect(await fs.readFile(file, 'utf8')).toBe('on disk');
  });

  it('does not follow a symlink planted in the root to a file outside it', async () => {
    await fs.mkdir(path.join(subject.root, 'attachments/2026/01'), { recursive: true });
    await fs.symlink(
      path.join(outside, 'secret.txt'),
      path.join(subject.root, 'attachments/2026/01/planted'),
    );
    expect(await subject.storage.get('attachments/2026/01/planted')).toBeUndefined();
    expect(await subject.storage.exists('attachments/2026/01/planted')).toBe(false);
  });

  it('does not follow a symlinked directory in the root out of it', async () => {
    await fs.symlink(outside, path.join(subject.root, 'escape'));
    expect(await subject.storage.get('escape/secret.txt')).toBeUndefined();
    expect(await subject.storage.exists('escape/secret.txt')).toBe(false);
    await expect(subject.storage.delete('escape/secret.txt')).rejects.toThrow(/escapes the root/);
    await expect(
      subject.storage.put('escape/written', Readable.from([Buffer.from('x')]), 'text/plain'),
    ).rejects.toThrow(/escapes the root/);
    expect((await fs.readdir(outside)).sort()).toEqual(['secret.txt']);
    expect(await fs.readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('not for download');
  });

  it('has no presigned links: hwa serves the download itself', async () => {
    const key = objectKey('attachments');
    await subject.storage.put(key, Readable.from([Buffer.from('x')]), 'text/plain');
    expect(
      await subject.storage.presignedGet(key, {
        expiresIn: 60,
        fileName: 'x.txt',
        contentType: 'text/plain',
      }),
    ).toBeUndefined();
  });
});

describe('S3Storage only', () => {
  let storage: S3Storage;
  beforeAll(() => {
    storage = new S3Storage('s3://hwa-test/some/prefix', s3.client);
  });

  it('presigns a link that serves the bytes without credentials, with the requested headers', async () => {
    const key = objectKey('attachments');
    const source = generatedStream(300 * 1024, { seed: 'presign' });
    await storage.put(key, source.stream, 'application/octet-stream');
    const fileName = 'Prüfbericht "rev 3" ✓.csv';

    const url = await storage.presignedGet(key, { expiresIn: 60, fileName, contentType: 'text/csv' });
    expect(new URL(url).origin).toBe(s3.endpoint);
    const res = await fetch(url);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv');
    // ASCII only (stores differ in how they write other header bytes), the exact name in filename*.
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^[\x20-\x7e]+$/);
    expect(contentDisposition.parse(disposition)).toEqual({
      type: 'attachment',
      parameters: { filename: fileName },
    });
    expect(disposition).toContain('filename="Prufbericht \\"rev 3\\" _.csv"');
    expect(await hashOf(Readable.fromWeb(res.body! as never))).toEqual({
      sha256: source.sha256(),
      size: 300 * 1024,
    });
  });

  it('presigns a link that is refused once it has expired', async () => {
    const key = objectKey('attachments');
    await storage.put(key, Readable.from([Buffer.from('soon gone')]), 'text/plain');
    const url = await storage.presignedGet(key, {
      expiresIn: 1,
      fileName: 'a.txt',
      contentType: 'text/plain',
    });

    const fresh = await fetch(url);
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toBe('soon gone');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/expired/i);
  });

  it('without a client, takes endpoint, region and credentials from the AWS_* variables', async () => {
    const names = [
      'AWS_ENDPOINT_URL',
      'AWS_REGION',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'AWS_PROFILE',
    ];
    const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
    try {
      process.env.AWS_ENDPOINT_URL = s3.endpoint;
      process.env.AWS_REGION = 'us-east-1';
      process.env.AWS_ACCESS_KEY_ID = S3RVER_CREDENTIALS.accessKeyId;
      process.env.AWS_SECRET_ACCESS_KEY = S3RVER_CREDENTIALS.secretAccessKey;
      delete process.env.AWS_PROFILE;
      const fromEnv = new S3Storage('s3://hwa-test/from-env');

      expect(await fromEnv.put('k', Readable.from([Buffer.from('via env')]), 'text/plain')).toEqual({
        size: 7,
      });
      expect(await s3.keys()).toContain('from-env/k');
      expect(await hashOf((await fromEnv.get('k'))!)).toEqual(
        await hashOf(Readable.from([Buffer.from('via env')])),
      );
      const url = await fromEnv.presignedGet('k', {
        expiresIn: 60,
        fileName: 'k.txt',
        contentType: 'text/plain',
      });
      expect(new URL(url).origin).toBe(s3.endpoint);
    } finally {
      for (const name of names) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    }
  });
});
