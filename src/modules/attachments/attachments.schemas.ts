// Attachment (list and detail forms) and its requests (spec: Attachment; Attachments endpoints).
import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.js';
import { pageQuery } from '../../core/pagination.js';

export const AttachmentSchema = Type.Object({
  attachment_id: Uuid,
  attachment_name: Type.String({ description: 'the original file name, sanitised' }),
  attachment_type: Type.String({ description: 'file type from name and content: pdf, csv, png, … or bin' }),
  attachment_title: Type.Union([Type.String(), Type.Null()]),
  attachment_description: Type.Union([Type.String(), Type.Null()]),
  attachment_citation: Type.Union([Type.String(), Type.Null()]),
  attachment_source_session_id: Type.Union([Uuid, Type.Null()]),
  attachment_created_by: Type.String({ description: 'an e-mail, or "assistant" for files hwa made' }),
  attachment_created_at: Timestamp,
  is_visible: Type.Boolean(),
});
export type Attachment = Static<typeof AttachmentSchema>;

export const AttachmentDetailSchema = Type.Object({
  ...AttachmentSchema.properties,
  attachment_content: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], {
    description:
      'CSV/JSON preview: {format, columns, rows, complete} (or {format, keys, complete}); null otherwise. ' +
      '`rows` are the first 20 (of the first MiB); `complete` is true only when they are all the rows of the file.',
  }),
  storage_url: Type.Union([Type.String(), Type.Null()], { description: 'file:///… or s3://bucket/…' }),
});
export type AttachmentDetail = Static<typeof AttachmentDetailSchema>;

export const ListAttachmentsQuery = Type.Object(
  {
    session_id: Type.Optional(Uuid),
    attachment_type: Type.Optional(Type.String({ maxLength: 20 })),
    created_after: Type.Optional(Timestamp),
    created_before: Type.Optional(Timestamp),
    ...pageQuery(),
  },
  { additionalProperties: false },
);
export type ListAttachmentsQuery = Static<typeof ListAttachmentsQuery>;

const Text = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Null()]);
export const PatchAttachmentBody = Type.Object(
  {
    attachment_title: Type.Optional(Text(500)),
    attachment_description: Type.Optional(Text(10_000)),
    attachment_citation: Type.Optional(Text(2_000)),
    is_visible: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PatchAttachmentBody = Static<typeof PatchAttachmentBody>;

export const AttachmentParams = Type.Object({ attachment_uuid: Uuid });
export const ExportResult = Type.Object({
  presigned_url: Type.Union([Type.String(), Type.Null()], { description: 'time-limited download link' }),
});
export type ExportResult = Static<typeof ExportResult>;
