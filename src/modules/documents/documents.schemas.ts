// Documents of a system: the upload answer (spec: POST /systems/upload_document), the document list,
// one document with its text, and search hits.
import { Type, type Static } from 'typebox';
import { DOCUMENT_KINDS } from '../../analysis/documents/types.js';
import { pageQuery } from '../../core/pagination.js';
import { Int, Timestamp, Uuid } from '../../core/schemas.js';

/** Files per upload request, as for session uploads. */
export const MAX_DOCUMENTS_PER_UPLOAD = 20;
/** The `metadata` field: a small JSON object, never a document in itself. */
export const METADATA_MAX_BYTES = 4096;
export const SEARCH_QUERY_MAX = 1000;
export const SEARCH_LIMIT_MAX = 100;

export const UploadQuery = Type.Object(
  {
    system_id: Type.Optional(
      Type.String({ format: 'uuid', description: 'the system to add to; absent: a new system is made' }),
    ),
  },
  { additionalProperties: false },
);
export type UploadQuery = Static<typeof UploadQuery>;

/** The optional `metadata` field, parsed; it applies to the first file. */
export const UploadMetadata = Type.Object(
  {
    file_name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    file_type: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type UploadMetadata = Static<typeof UploadMetadata>;

export const UploadFileResult = Type.Object({
  file_name: Type.String(),
  success: Type.Boolean(),
  dataset_name: Type.Union([Type.String(), Type.Null()], { description: 'the document name' }),
  job_run_id: Type.Union([Uuid, Type.Null()], { description: 'the document_embedding run' }),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type UploadFileResult = Static<typeof UploadFileResult>;

export const UploadResult = Type.Object({
  message: Type.String(),
  system_id: Uuid,
  total_files: Type.Integer({ minimum: 0 }),
  successful: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  results: Type.Array(UploadFileResult),
});
export type UploadResult = Static<typeof UploadResult>;

/** Where a chunk or a proposal's source sits in its document; the readers' `Location`. */
export const LocationSchema = Type.Object(
  {
    page: Type.Optional(Type.Integer()),
    section: Type.Optional(Type.String()),
    sheet: Type.Optional(Type.String()),
    row: Type.Optional(Type.Integer()),
    line: Type.Optional(Type.Integer()),
    table: Type.Optional(Type.Integer()),
  },
  { description: 'where the chunk sits (1-based page, row, line; 0-based table)' },
);

export const DocumentSchema = Type.Object({
  document_id: Uuid,
  system_id: Uuid,
  attachment_id: Uuid,
  name: Type.String(),
  kind: Type.Enum([...DOCUMENT_KINDS]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('embedded'), Type.Literal('failed')]),
  page_count: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  chunk_count: Type.Integer({ minimum: 0 }),
  job_run_id: Type.Union([Uuid, Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  created_by: Type.String(),
  created_at: Timestamp,
});
export type DocumentItem = Static<typeof DocumentSchema>;

export const DocumentDetailSchema = Type.Object({
  ...DocumentSchema.properties,
  text: Type.String({ description: 'the extracted text' }),
});
export type DocumentDetail = Static<typeof DocumentDetailSchema>;

export const SystemParams = Type.Object({ system_id: Uuid });
export const DocumentParams = Type.Object({ system_id: Uuid, document_id: Uuid });

export const ListDocumentsQuery = Type.Object(pageQuery(), { additionalProperties: false });
export type ListDocumentsQuery = Static<typeof ListDocumentsQuery>;

export const SearchQuery = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: SEARCH_QUERY_MAX,
      pattern: '\\S',
      description: 'words to look for',
    }),
    limit: Int({ minimum: 1, maximum: SEARCH_LIMIT_MAX, default: 10 }),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchHitSchema = Type.Object({
  document_id: Uuid,
  document_name: Type.String(),
  chunk_index: Type.Integer({ minimum: 0 }),
  text: Type.String(),
  location: LocationSchema,
  score: Type.Number({ description: 'cosine similarity, -1 to 1; higher is nearer' }),
});
export type SearchHit = Static<typeof SearchHitSchema>;

export const SearchResultSchema = Type.Object({
  items: Type.Array(SearchHitSchema),
  embedding_model: Type.String(),
});
export type SearchResult = Static<typeof SearchResultSchema>;
