// Where files live. Two adapters: the filesystem under HWA_STORAGE_DIR (default) and S3
// (HWA_STORAGE_URL=s3://bucket/prefix). Objects are streamed in and out, never held whole in memory.
// Keys are made by the service (objectKey below), never taken from a client's file name.
import type { Readable } from 'node:stream';
import { newId } from '../core/ids.js';

export interface StoredObject {
  size: number;
}

export interface ObjectStorage {
  /** Streams `body` to `key`. On failure nothing is left behind under `key`. */
  put(key: string, body: Readable, contentType: string): Promise<StoredObject>;
  /** The object's bytes, or undefined when there is no such object. */
  get(key: string): Promise<Readable | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** `file:///…` or `s3://bucket/…`: where the object is, for `storage_url`. */
  url(key: string): string;
  /**
   * A time-limited link the storage itself serves (S3 presign), or undefined when hwa serves the
   * download (filesystem: see signed-urls.ts).
   */
  presignedGet(
    key: string,
    options: { expiresIn: number; fileName: string; contentType: string },
  ): Promise<string | undefined>;
}

/** `attachments/2026/11/<uuid>`: spread by month so no directory grows without bound. */
export function objectKey(kind: string): string {
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${kind}/${now.getUTCFullYear()}/${month}/${newId()}`;
}

/** Keys are ours: letters, digits, `-`, `_`, `.` in `/`-separated segments, no `..`. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(key) || key.includes('..')) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}
