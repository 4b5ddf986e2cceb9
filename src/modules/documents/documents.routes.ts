// /api/v1/systems/upload_document and /api/v1/systems/{id}/documents: one line per handler into the
// service; multipart parsing only here.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HwaError } from '../../core/errors.js';
import { Page, authErrors, problem } from '../../core/schemas.js';
import { largestUpload, uploadParts } from '../sessions/upload-parts.js';
import type { AppDeps } from '../services.js';
import {
  DocumentDetailSchema,
  DocumentParams,
  DocumentSchema,
  ListDocumentsQuery,
  MAX_DOCUMENTS_PER_UPLOAD,
  METADATA_MAX_BYTES,
  SearchQuery,
  SearchResultSchema,
  SystemParams,
  UploadQuery,
  UploadResult,
} from './documents.schemas.js';

export const documentsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const documents = deps.services.documents;
  const tags = ['documents'];
  const limit = deps.config.uploadLimit;
  // Files stream to storage, cut at the limit. A file over it is not a 413 for the whole request: it
  // fails alone in the answer (throwFileSizeLimit off, the part is marked truncated), as the spec's
  // per-file results ask. One `metadata` field of up to 4 KiB is let through.
  await app.register(multipart, {
    limits: {
      fileSize: limit,
      files: MAX_DOCUMENTS_PER_UPLOAD,
      fields: 1,
      fieldSize: METADATA_MAX_BYTES + 1,
      parts: MAX_DOCUMENTS_PER_UPLOAD + 1,
    },
    throwFileSizeLimit: false,
  });

  app.post(
    '/upload_document',
    {
      preValidation: async (req) => {
        const length = Number(req.headers['content-length'] ?? 0);
        if (length > largestUpload(limit)) {
          throw new HwaError(
            'payload_too_large',
            `The upload exceeds ${MAX_DOCUMENTS_PER_UPLOAD} files of ${limit} bytes.`,
          );
        }
        if (!req.isMultipart()) {
          throw new HwaError(
            'unsupported_media_type',
            'Send the files as multipart/form-data, one `file` field per file (curl -F file=@bom.csv).',
          );
        }
      },
      schema: {
        tags,
        summary: 'Upload documents into a system (multipart/form-data, field `file`, repeated)',
        description: `Each readable file becomes a document of the system and an attachment of the caller, and is embedded by a document_embedding run (its \`job_run_id\`). A file that cannot be read (unsupported type, empty, corrupt, encrypted, over HWA_UPLOAD_LIMIT) fails alone. Without \`system_id\` a new system is made, named after the first file. Up to ${MAX_DOCUMENTS_PER_UPLOAD} files per request.`,
        consumes: ['multipart/form-data'],
        'x-multipart-body': Type.Object(
          {
            file: Type.Array(Type.String({ format: 'binary' }), {
              minItems: 1,
              maxItems: MAX_DOCUMENTS_PER_UPLOAD,
              description: 'repeat the field for each file',
            }),
            metadata: Type.Optional(
              Type.String({
                maxLength: METADATA_MAX_BYTES,
                description: 'JSON {file_name?, file_type?}, applied to the first file',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        querystring: UploadQuery,
        response: {
          201: UploadResult,
          ...authErrors,
          413: problem('the request is larger than every file at the limit'),
          415: problem('not multipart/form-data'),
        },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await documents.upload(req.actor, req.query.system_id, uploadParts(req))),
  );

  app.get(
    '/:system_id/documents',
    {
      schema: {
        tags,
        summary: "A system's documents, with embedding status and chunk count",
        params: SystemParams,
        querystring: ListDocumentsQuery,
        response: { 200: Page(DocumentSchema), ...authErrors },
      },
    },
    async (req) => documents.list(req.params.system_id, req.query),
  );

  app.get(
    '/:system_id/documents/search',
    {
      schema: {
        tags,
        summary: "The chunks of a system's documents nearest in meaning to `q`",
        params: SystemParams,
        querystring: SearchQuery,
        response: { 200: SearchResultSchema, ...authErrors },
      },
    },
    async (req) => documents.search(req.params.system_id, req.query),
  );

  app.get(
    '/:system_id/documents/:document_id',
    {
      schema: {
        tags,
        summary: 'A document with its extracted text',
        params: DocumentParams,
        response: { 200: DocumentDetailSchema, ...authErrors },
      },
    },
    async (req) => documents.get(req.params.system_id, req.params.document_id),
  );

  app.delete(
    '/:system_id/documents/:document_id',
    {
      schema: {
        tags,
        summary: 'Delete a document with its chunks and embeddings',
        params: DocumentParams,
        response: { 204: Type.Null(), ...authErrors },
      },
    },
    async (req, reply) => {
      await documents.remove(req.params.system_id, req.params.document_id);
      return reply.code(204).send(null);
    },
  );
};
