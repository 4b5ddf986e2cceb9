// The form of POST /test-runs/{run_id}/data/upload, read part by part: the one `file` part streams
// to storage through the attachments intake (bounded, hardened against cut and garbage bodies), the
// text fields are checked here by the same rules as the JSON body. The association is two flat
// fields, `test_card_id` and `test_step_id` (curl -F test_card_id=…), rather than a JSON string: a
// form field per value is what form clients send, and each refusal then names its own field.
import { isUuid } from '../../core/ids.js';
import { Errors, type FieldError } from '../../core/errors.js';
import type { ObjectStorage } from '../../storage/port.js';
import { takeFile } from '../attachments/intake.js';
import type { UploadPart } from '../sessions/sessions.service.js';
import {
  CONTENT_TYPE_MAX,
  CONTENT_TYPE_PATTERN,
  DEFAULT_CONTENT_TYPE,
  FILE_NAME_MAX,
  FILE_NAME_PATTERN,
  type AssociateWith,
} from './data.schemas.js';

export type { UploadPart };

export interface ReadUpload {
  fileName: string;
  contentType: string;
  size: number;
  /** Cut at the upload limit: the caller refuses it (413). */
  truncated: boolean;
  associateWith: AssociateWith;
  /** Fields whose values break their rules, for one 400 naming them all. */
  errors: FieldError[];
}

const TEXT_FIELDS = ['file_name', 'content_type', 'test_card_id', 'test_step_id'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const isTextField = (name: string): name is TextField => (TEXT_FIELDS as readonly string[]).includes(name);

const fileNamePattern = new RegExp(FILE_NAME_PATTERN, 'u');
const contentTypePattern = new RegExp(CONTENT_TYPE_PATTERN, 'u');

/** Why `value` is not acceptable for `field`, or undefined. */
function fieldProblem(field: TextField, value: string): string | undefined {
  switch (field) {
    case 'file_name': {
      const length = [...value].length;
      if (length < 1 || length > FILE_NAME_MAX) return `must be 1 to ${FILE_NAME_MAX} characters`;
      return fileNamePattern.test(value)
        ? undefined
        : 'must not be only white space or hold control characters';
    }
    case 'content_type':
      return value.length <= CONTENT_TYPE_MAX && contentTypePattern.test(value)
        ? undefined
        : 'must be a MIME type such as text/csv';
    default:
      return isUuid(value) ? undefined : 'must be a UUID';
  }
}

/** Reads every part; throws on a structural refusal (unknown field, no or two files, a cut body). */
export async function readUpload(
  storage: ObjectStorage,
  parts: AsyncIterable<UploadPart>,
  key: string,
): Promise<ReadUpload> {
  const fields: Partial<Record<TextField, string>> = {};
  const errors: FieldError[] = [];
  let taken: Awaited<ReturnType<typeof takeFile>> | undefined;
  let partType: string | undefined;
  for await (const part of parts) {
    if (part.file) {
      if (part.fieldname !== 'file' || taken) {
        part.file.resume();
        throw Errors.invalidField(
          `body.${part.fieldname}`,
          part.fieldname === 'file'
            ? 'must be sent once: one file per upload'
            : 'is not a known field: send the file as `file`',
        );
      }
      taken = await takeFile(storage, part.file, part.filename, key);
      partType = part.mimetype;
      if (taken.truncated) break;
    } else if (isTextField(part.fieldname) && fields[part.fieldname] === undefined) {
      fields[part.fieldname] = part.value ?? '';
    } else {
      const known = isTextField(part.fieldname) || part.fieldname === 'file';
      throw Errors.invalidField(
        `body.${part.fieldname}`,
        known
          ? 'is given twice, or as a text field instead of a file'
          : `is not a known field (${['file', ...TEXT_FIELDS].join(', ')})`,
      );
    }
  }
  if (!taken) throw Errors.invalidField('body.file', 'is required: send the file as a `file` part');
  for (const field of TEXT_FIELDS) {
    const value = fields[field];
    const problem = value === undefined ? undefined : fieldProblem(field, value);
    if (problem) errors.push({ path: `body.${field}`, message: problem });
  }
  // The client's word first, then the part's own type when it says more than "bytes", then the sniffed one.
  const partSays =
    partType && partType !== DEFAULT_CONTENT_TYPE && contentTypePattern.test(partType) ? partType : undefined;
  // A malformed id is refused above; it is not looked up as well.
  const associateWith: AssociateWith = {};
  const usable = (field: TextField) =>
    fields[field] !== undefined && !errors.some((e) => e.path === `body.${field}`);
  if (usable('test_card_id')) associateWith.test_card_id = fields.test_card_id;
  if (usable('test_step_id')) associateWith.test_step_id = fields.test_step_id;
  return {
    fileName: fields.file_name ?? taken.name,
    contentType: fields.content_type ?? partSays ?? taken.contentType,
    size: taken.size,
    truncated: taken.truncated,
    associateWith,
    errors,
  };
}
