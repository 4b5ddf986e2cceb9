// stat(): the size of an object a client names, on both adapters. On the filesystem it follows a
// symlink only to a regular file whose real path stays inside the root; directories, missing files and
// links out are "no object". On S3 it is one HEAD. Keys with `.`/`..`/empty segments never reach either.
import { PutObjectCommand } from '@aws-sdk/client-s3';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BUCKET, startS3, type RunningS3 } from '../../test/s3rver.js';
import { FileStorage } from './fs.js';
import { S3Storage } from './s3.js';

let root: string;
let outside: string;
let s3: RunningS3;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-stat-root-'));
  outside = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-stat-outside-'));
  s3 = await startS3();
});

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
  await fs.rm(outside, { recursive: true, force: true });
  await s3?.stop();
});

const UNSAFE = ['', 'a//b', 'a/', '/a', '.', '..', 'a/../b', 'a/./b', 'a\\b', 'a\u0000b', 'a\nb'];

describe('FileStorage.stat', () => {
  it('sizes regular files, following symlinks that stay inside the root', async () => {
    const storage = new FileStorage(root);
    expect(storage.place).toEqual({ scheme: 'file', root: path.resolve(root) });
    await fs.mkdir(path.join(root, 'runs 3'), { recursive: true });
    await fs.writeFile(path.join(root, 'runs 3', 'hot soak.csv'), 'x'.repeat(12));
    await fs.writeFile(path.join(root, 'empty'), '');
    await fs.symlink(path.join(root, 'runs 3', 'hot soak.csv'), path.join(root, 'link-in'));
    expect(await storage.stat('runs 3/hot soak.csv')).toEqual({ size: 12 });
    expect(await storage.stat('empty')).toEqual({ size: 0 });
    expect(await storage.stat('link-in')).toEqual({ size: 12 });
  });

  it('answers undefined for missing files, directories and links out of the root', async () => {
    const storage = new FileStorage(root);
    await fs.writeFile(path.join(outside, 'secret'), 'top secret');
    await fs.symlink(path.join(outside, 'secret'), path.join(root, 'link-out'));
    await fs.symlink(outside, path.join(root, 'dir-out'));
    await fs.mkdir(path.join(root, 'a-dir'), { recursive: true });
    for (const key of ['missing.csv', 'a-dir', 'link-out', 'dir-out/secret', 'dir-out']) {
      expect(await storage.stat(key), key).toBeUndefined();
    }
  });

  it.each(UNSAFE)('refuses the key %j before touching the disk', async (key) => {
    await expect(new FileStorage(root).stat(key)).rejects.toThrow(/unsafe storage key/);
  });
});

describe('S3Storage.stat', () => {
  it('sizes an object under the prefix with a HEAD, and answers undefined for none', async () => {
    const storage = new S3Storage(`s3://${TEST_BUCKET}/lab`, s3.client);
    expect(storage.place).toEqual({ scheme: 's3', bucket: TEST_BUCKET, prefix: 'lab' });
    await s3.client.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key: 'lab/run 3.csv', Body: 'abc' }));
    await s3.client.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key: 'other.csv', Body: 'abcd' }));
    expect(await storage.stat('run 3.csv')).toEqual({ size: 3 });
    expect(await storage.stat('other.csv')).toBeUndefined();
    expect(await new S3Storage(`s3://${TEST_BUCKET}`, s3.client).stat('other.csv')).toEqual({ size: 4 });
  });

  it.each(UNSAFE)('refuses the key %j before asking S3', async (key) => {
    await expect(new S3Storage(`s3://${TEST_BUCKET}/lab`, s3.client).stat(key)).rejects.toThrow(
      /unsafe storage key/,
    );
  });
});
