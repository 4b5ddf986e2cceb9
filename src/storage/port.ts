// Where files live. Two adapters: the filesystem under HWA_STORAGE_DIR (default) and S3
// (HWA_STORAGE_URL=s3://bucket/prefix). Objects are streamed in and out, never held whole in memory.
// Keys are made by the service (objectKey below), never taken from a client's file name.
import type { Readable } from 'node:stream';
import { newId } from '../core/ids.js';

export interface StoredObject {
  size: number;
}

/**
 * Where the configured storage keeps its objects, so a `storage_url` a client names can be checked
 * against it (locations.ts) without asking anything outside it.
 */
export type StoragePlace =
  { scheme: 'file'; root: string } | { scheme: 's3'; bucket: string; prefix: string };

export interface ObjectStorage {
  /** Streams `body` to `key`. On failure nothing is left behind under `key`. */
  put(key: string, body: Readable, contentType: string): Promise<StoredObject>;
  /** The object's bytes, or undefined when there is no such object. */
  get(key: string): Promise<Readable | undefined>;
  exists(key: string): Promise<boolean>;
  /**
   * The size of a regular object at `key` (a key a client named, checked by assertLookupKey), or
   * undefined when there is none: no object, a directory, or a symlink that leads out of the storage.
   */
  stat(key: string): Promise<StoredObject | undefined>;
  readonly place: StoragePlace;
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

/**
 * Keys clients name (objects put there by other tools) may hold any printable characters, but no
 * empty, `.` or `..` segment, no backslash and no control character: nothing that could name a place
 * other than the one it spells.
 */
export function assertLookupKey(key: string): void {
  const segments = key.split('/');
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  const bad = (s: string) => s === '' || s === '.' || s === '..' || /[\\\u0000-\u001f\u007f]/.test(s);
  if (key.length > 1024 || segments.some(bad)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}
