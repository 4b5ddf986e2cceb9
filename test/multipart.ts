// multipart/form-data bodies built by hand, as a client would send them, for app.inject; an upload
// whose answer a test inspects (ctx.upload when it must succeed); and small sample files.
import { randomBytes } from 'node:crypto';
import type { Attachment } from '../src/modules/attachments/attachments.schemas.js';
import type { Session } from '../src/modules/sessions/sessions.schemas.js';
import type { Answer, TestUser } from './helpers.js';

export interface FilePart {
  /** The file name (even ""), quoted in the part header as curl does. Ignored for a text part. */
  name: string;
  body: string | Buffer;
  /** The part's Content-Type; application/octet-stream for a file unless told, none for a text part. */
  type?: string;
  /** The form field; `files` unless told. */
  field?: string;
  /** A plain text field: no `filename` in its header, so the server sees a field, not a file. */
  text?: boolean;
}

/** A quoted-string as curl writes it: `"` and `\` escaped (browsers send `"` as %22 instead). */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** The header lines of one part, ending with the blank line before its bytes. */
function headOf(boundary: string, part: FilePart): string {
  let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'files'}"`;
  if (!part.text) head += `; filename=${quoted(part.name)}`;
  const type = part.type ?? (part.text ? undefined : 'application/octet-stream');
  if (type !== undefined) head += `\r\nContent-Type: ${type}`;
  return `${head}\r\n\r\n`;
}

/** A whole body with `files`, and the headers to send it with. */
export function multipart(files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----hwa${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(Buffer.from(headOf(boundary, f)));
    chunks.push(Buffer.isBuffer(f.body) ? f.body : Buffer.from(f.body));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A file part in the `files` field. */
export const file = (name: string, body: string | Buffer, type?: string): FilePart =>
  type === undefined ? { name, body } : { name, body, type };

/** A plain (non-file) form field. */
export const field = (name: string, value: string): FilePart => ({
  name: '',
  field: name,
  body: value,
  text: true,
});

/** A minimal PDF (its `%PDF-` signature is what tells the type). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');

/** A 1×1 PNG: the 8-byte signature, then an IHDR chunk (what signature sniffers read). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489' +
    '0000000d49444154789c63f8cfc0f01f0005000201a2ddb2b20000000049454e44ae426082',
  'hex',
);

/** POST /sessions/{id}/upload-files with `parts` as `user`: the answer, whatever it is. */
export function uploadFiles(
  user: TestUser,
  session: Session | string,
  parts: FilePart[],
): Promise<Answer<Attachment[]>> {
  const id = typeof session === 'string' ? session : session.session_id;
  const body = multipart(parts);
  return user.call<Attachment[]>('POST', `/sessions/${id}/upload-files`, undefined, {
    raw: body.payload,
    headers: body.headers,
  });
}

/** The fields of an Attachment in list form (the spec's table), sorted. */
export const ATTACHMENT_KEYS = [
  'attachment_citation',
  'attachment_created_at',
  'attachment_created_by',
  'attachment_description',
  'attachment_id',
  'attachment_name',
  'attachment_source_session_id',
  'attachment_title',
  'attachment_type',
  'is_visible',
];
