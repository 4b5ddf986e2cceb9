// Requests of the data-file endpoints (spec: POST data body). The answer is TestDataFileSchema in
// test-runs.schemas.ts. Beyond the spec: bounds on every field, and the multipart upload's form.
import { Type, type Static } from 'typebox';
import { Uuid } from '../../core/schemas.js';
import { pageQuery } from '../../core/pagination.js';

export const FILE_NAME_MAX = 255;
export const STORAGE_URL_MAX = 2048;
export const CONTENT_TYPE_MAX = 255;
/** The largest byte count JSON and the bigint column agree on exactly (2^53 - 1). */
export const FILE_SIZE_MAX = Number.MAX_SAFE_INTEGER;
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * A display name: any text of 1 to 255 characters that is not only white space and holds no control
 * character (it ends up in Content-Disposition headers and logs). Slashes are allowed: it names
 * nothing in storage.
 */
export const FILE_NAME_PATTERN = '^[^\\x00-\\x1f\\x7f]*[^\\s\\x00-\\x1f\\x7f][^\\x00-\\x1f\\x7f]*$';
const fileName = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: FILE_NAME_MAX,
    pattern: FILE_NAME_PATTERN,
    description: `${description}: 1 to ${FILE_NAME_MAX} characters, not only white space, no control characters`,
  });

const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
/** `type/subtype` with optional `; name=value` parameters (RFC 9110 media-type shape). */
export const CONTENT_TYPE_PATTERN = `^${TOKEN}/${TOKEN}(\\s*;\\s*${TOKEN}=(${TOKEN}|"[^"\\\\\\x00-\\x1f\\x7f]*"))*$`;
const contentType = (description: string) =>
  Type.String({
    minLength: 3,
    maxLength: CONTENT_TYPE_MAX,
    pattern: CONTENT_TYPE_PATTERN,
    description: `a MIME type such as \`text/csv\` or \`text/plain; charset=utf-8\`; default: ${description}`,
    examples: ['text/csv'],
  });

export const StorageUrl = Type.String({
  minLength: 1,
  maxLength: STORAGE_URL_MAX,
  description:
    'where the file already is, in the configured storage: `file:///…` inside HWA_STORAGE_DIR, or ' +
    '`s3://<bucket>/<prefix>/…` of HWA_STORAGE_URL. Other URLs (http, https, …) are refused: hwa never fetches them.',
  examples: ['file:///var/lib/hwa/objects/tvac/run-3.csv'],
});

export const AssociateWith = Type.Object(
  {
    test_card_id: Type.Optional(Uuid),
    test_step_id: Type.Optional(Uuid),
  },
  {
    additionalProperties: false,
    description:
      'a card and/or step of this run; a step given alone is associated with its card too; ' +
      'both given: the step must be on that card. `{}` associates with the run as a whole.',
  },
);
export type AssociateWith = Static<typeof AssociateWith>;

export const RegisterDataBody = Type.Object(
  {
    file_name: fileName('display name'),
    storage_url: StorageUrl,
    file_size: Type.Integer({
      minimum: 0,
      maximum: FILE_SIZE_MAX,
      description: 'bytes; must equal the size of the stored object',
    }),
    content_type: Type.Optional(contentType(`\`${DEFAULT_CONTENT_TYPE}\``)),
    associate_with: Type.Optional(AssociateWith),
  },
  { additionalProperties: false },
);
export type RegisterDataBody = Static<typeof RegisterDataBody>;

/** The form of POST …/data/upload, for the OpenAPI document (multipart is parsed by the route). */
export const UploadDataForm = Type.Object(
  {
    file: Type.String({ format: 'binary', description: 'the file (exactly one)' }),
    file_name: Type.Optional(fileName("display name; default: the uploaded file's name")),
    content_type: Type.Optional(
      contentType(
        "the part's Content-Type unless application/octet-stream, else the type read from the content and name",
      ),
    ),
    test_card_id: Type.Optional(Uuid),
    test_step_id: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);

export const ListDataQuery = Type.Object({ ...pageQuery() }, { additionalProperties: false });
export type ListDataQuery = Static<typeof ListDataQuery>;

export const RunParams = Type.Object({ run_id: Uuid });
export const DataFileParams = Type.Object({ run_id: Uuid, file_id: Uuid });
