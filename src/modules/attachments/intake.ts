// Taking in one uploaded file: stream it to storage under a key we make, counting its bytes and
// keeping only its first MiB (to tell its type and build a preview). Nothing is buffered whole.
import { fileTypeFromBuffer } from 'file-type';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStorage } from '../../storage/port.js';
import { objectKey } from '../../storage/port.js';
import { PREVIEW_BYTES, buildPreview, type Preview } from './preview.js';

export interface TakenFile {
  storageKey: string;
  name: string;
  attachmentType: string;
  contentType: string;
  size: number;
  preview: Preview | null;
  /** True when the stream was cut at the size limit: the caller refuses the file (413). */
  truncated: boolean;
}

/** Types we name from the file name when the content has no signature (text formats). */
const TEXT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  json: 'application/json',
  txt: 'text/plain',
  md: 'text/markdown',
  log: 'text/plain',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
};

/** For display and Content-Disposition: no directories, no control characters, at most 255 chars. */
export function sanitizeFileName(name: string | undefined): string {
  const base = path.posix.basename((name ?? '').replace(/\\/g, '/'));
  const clean = base
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return clean === '' || clean === '.' || clean === '..' ? 'file' : clean;
}

/** Counts bytes and keeps the first `limit` of them, passing everything through. */
class HeadCapture extends Transform {
  size = 0;
  private chunks: Buffer[] = [];
  private kept = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (err?: Error | null, data?: Buffer) => void,
  ) {
    this.size += chunk.length;
    if (this.kept < this.limit) {
      const part = chunk.subarray(0, this.limit - this.kept);
      this.chunks.push(Buffer.from(part));
      this.kept += part.length;
    }
    done(null, chunk);
  }

  head(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

export async function takeFile(
  storage: ObjectStorage,
  file: Readable & { truncated?: boolean },
  fileName: string | undefined,
  /** Where to store it: a fresh attachments key unless the caller scopes it (test-run data files). */
  storageKey = objectKey('attachments'),
): Promise<TakenFile> {
  const name = sanitizeFileName(fileName);
  const extension = path.extname(name).slice(1).toLowerCase();
  const capture = new HeadCapture(PREVIEW_BYTES);
  // pipeline() rather than pipe(): it listens for errors on both streams from this line on, so a
  // part that fails while storage is still preparing its write (a truncated upload) fails the put
  // instead of crashing the process with an unhandled 'error', and a part destroyed before we got it
  // fails at once instead of leaving the put waiting forever (what PostgreSQL's slower session check
  // let happen). The part's own error is the one to report: storage then fails only because of it.
  let partError: Error | undefined;
  file.on('error', (err: Error) => (partError ??= err));
  const received = pipeline(file, capture).then(
    () => undefined,
    (err: unknown) => (err instanceof Error ? err : new Error('the file part failed')),
  );
  try {
    await storage.put(storageKey, capture, TEXT_TYPES[extension] ?? 'application/octet-stream');
  } catch (err) {
    await received;
    throw partError ?? file.errored ?? err;
  }
  const failed = await received;
  if (failed !== undefined) {
    // Stored, yet the part failed: what storage holds may be cut short, so it is not kept.
    await storage.delete(storageKey).catch(() => undefined);
    throw partError ?? failed;
  }

  const head = capture.head();
  const detected = await fileTypeFromBuffer(head.subarray(0, 4100));
  const attachmentType = detected?.ext ?? (/^[a-z0-9]{1,10}$/.test(extension) ? extension : 'bin');
  const contentType = detected?.mime ?? TEXT_TYPES[extension] ?? 'application/octet-stream';
  return {
    storageKey,
    name,
    attachmentType,
    contentType,
    size: capture.size,
    preview: buildPreview(attachmentType, head, capture.size <= head.length),
    truncated: file.truncated === true,
  };
}
