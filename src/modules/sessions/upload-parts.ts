// The multipart side of an upload, kept at the edge: @fastify/multipart's parts become UploadParts for
// the service, and the parser's failures become catalogue errors. A body cut short, a Content-Type
// without a boundary or bytes that are not multipart at all are the client's fault: 400 naming the
// reason, never a 500 (each was one, logged as an internal failure). Errors from storage never pass
// through here, so they stay 500s.
import type { FastifyRequest } from 'fastify';
import { PassThrough, type Readable } from 'node:stream';
import { bodyDeadline } from '../../core/body-deadline.js';
import { HwaError } from '../../core/errors.js';
import { MAX_FILES_PER_UPLOAD } from './sessions.schemas.js';
import type { UploadPart } from './sessions.service.js';

type FilePartStream = Readable & { truncated?: boolean };

/**
 * The parser's error as the client should see it: multipart's own refusals carry their status
 * (413 for its limits) and pass as they are; busboy's plain errors ("Unexpected end of multipart
 * data", "Multipart: Boundary not found") and a request cut off mid-body are a malformed body.
 */
export function malformedBody(err: unknown): Error {
  if (err instanceof HwaError) return err;
  const status = (err as { statusCode?: unknown } | undefined)?.statusCode;
  if (err instanceof Error && typeof status === 'number' && status >= 400 && status < 500) return err;
  const reason = err instanceof Error ? err.message : String(err);
  return new HwaError(
    'validation',
    `The body is not complete, well-formed multipart/form-data (${reason}); nothing was stored.`,
  );
}

/**
 * The part's bytes through a stream of our own, so that what the parser reports on the part reaches
 * the service as the client's error, whenever it happens: before the service reads the part (the part
 * is then already destroyed), or while storage writes it. When our side stops reading (storage
 * failed), the part is destroyed so the parser stops too.
 */
function guarded(file: FilePartStream): PassThrough & FilePartStream {
  const body: PassThrough & FilePartStream = new PassThrough();
  Object.defineProperty(body, 'truncated', { get: () => file.truncated === true });
  const fail = (err: unknown) => body.destroy(malformedBody(err));
  if (file.errored) {
    fail(file.errored);
  } else if (file.destroyed && !file.readableEnded) {
    fail(new Error('the file part ended early'));
  } else {
    file.on('error', fail);
    file.pipe(body);
  }
  body.on('close', () => {
    if (!file.readableEnded && !file.destroyed) file.destroy();
  });
  return body;
}

/**
 * The parts of a multipart request, each file through `guarded`, parser errors as client errors.
 * When the body deadline fires (a client too slow, core/body-deadline.ts), the part being read fails
 * with its 408, or the wait for the next part does.
 */
export async function* uploadParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  const deadline = bodyDeadline(request);
  let current: PassThrough | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    const fail = () => {
      current?.destroy(deadline?.reason as Error);
      reject(deadline?.reason as Error);
    };
    if (deadline?.aborted) fail();
    else deadline?.addEventListener('abort', fail, { once: true });
  });
  timedOut.catch(() => undefined); // seen through the race below, or not at all
  const parts = request.parts()[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = parts.next();
      next.catch(() => undefined); // a part the deadline overtook may still fail: nobody waits for it
      const result = await Promise.race([next, timedOut]);
      if (result.done === true) return;
      const part = result.value;
      if (part.type === 'file') {
        current = guarded(part.file);
        yield { fieldname: part.fieldname, filename: part.filename, file: current, mimetype: part.mimetype };
      } else {
        yield { fieldname: part.fieldname, value: typeof part.value === 'string' ? part.value : undefined };
      }
    }
  } catch (err) {
    throw deadline?.aborted ? deadline.reason : malformedBody(err);
  }
}

/** The largest request body an upload may have: every file at the limit, and room for part headers. */
export const largestUpload = (uploadLimit: number) => uploadLimit * MAX_FILES_PER_UPLOAD + 1024 * 1024;
