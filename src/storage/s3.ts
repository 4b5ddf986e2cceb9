// S3 storage: one bucket and key prefix from HWA_STORAGE_URL=s3://bucket/prefix; endpoint, region and
// credentials come from the usual AWS variables (AWS_ENDPOINT_URL, AWS_REGION, AWS_ACCESS_KEY_ID, …)
// through the SDK's own provider chain. Uploads stream as multipart parts (lib-storage's Upload), so
// memory stays at a few parts whatever the file size.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { attachmentDisposition } from './content-disposition.js';
import { assertLookupKey, assertSafeKey, type ObjectStorage, type StoragePlace } from './port.js';

export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const parsed = new URL(url);
  return { bucket: parsed.hostname, prefix: parsed.pathname.replace(/^\/+|\/+$/g, '') };
}

const missing = (err: unknown) => err instanceof NoSuchKey || err instanceof NotFound;

export class S3Storage implements ObjectStorage {
  private readonly bucket: string;
  private readonly prefix: string;
  readonly place: StoragePlace;

  constructor(
    url: string,
    private readonly client: S3Client = new S3Client({ forcePathStyle: true }),
  ) {
    ({ bucket: this.bucket, prefix: this.prefix } = parseS3Url(url));
    this.place = { scheme: 's3', bucket: this.bucket, prefix: this.prefix };
  }

  private keyOf(key: string): string {
    assertSafeKey(key);
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  async put(key: string, body: Readable, contentType: string): Promise<{ size: number }> {
    const Key = this.keyOf(key);
    // lib-storage sizes a Body from any `size`, `length` or `path` it carries, and intake's byte counter
    // has `size` = 0 when the put starts: every multipart upload then failed its part count check.
    // A plain PassThrough has none of them. When the source fails (a cut upload, a file over the
    // limit), that is the error to report: the clean-up after it (AbortMultipartUpload) can fail too,
    // e.g. under an IAM policy without s3:AbortMultipartUpload, and would turn a 413 into a 500.
    const source = new PassThrough();
    let sourceError: unknown;
    pipeline(body, source).catch((err: unknown) => (sourceError ??= err));
    // Parts of 8 MiB, 2 in flight: ~16 MiB of buffers per upload, whatever the file size.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: source, ContentType: contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
    });
    try {
      await upload.done();
    } catch (err) {
      source.destroy();
      throw sourceError ?? err;
    }
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
    return { size: head.ContentLength ?? 0 };
  }

  async get(key: string): Promise<Readable | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }),
      );
      return object.Body as Readable;
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      return true;
    } catch (err) {
      if (missing(err)) return false;
      throw err;
    }
  }

  /** A HEAD of a key a client named (objects other tools put in the bucket keep their own names). */
  async stat(key: string): Promise<{ size: number } | undefined> {
    assertLookupKey(key);
    const Key = this.prefix ? `${this.prefix}/${key}` : key;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return { size: head.ContentLength ?? 0 };
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }

  url(key: string): string {
    return `s3://${this.bucket}/${this.keyOf(key)}`;
  }

  async presignedGet(key: string, options: { expiresIn: number; fileName: string; contentType: string }) {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.keyOf(key),
      ResponseContentDisposition: attachmentDisposition(options.fileName),
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresIn });
  }
}
