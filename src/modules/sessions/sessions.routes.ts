// /api/v1/sessions: one line per handler into the service; multipart parsing only here.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HwaError } from '../../core/errors.js';
import { Page, authErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { AttachmentSchema } from '../attachments/attachments.schemas.js';
import {
  CreateSessionBody,
  ListSessionsQuery,
  MAX_FILES_PER_UPLOAD,
  SessionAttachmentParams,
  SessionListItemSchema,
  SessionParams,
  SessionSchema,
  UpdateSessionBody,
} from './sessions.schemas.js';
import { largestUpload, uploadParts } from './upload-parts.js';

export const sessionsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const sessions = deps.services.sessions;
  const tags = ['sessions'];
  const limit = deps.config.uploadLimit;
  // Files stream through busboy to storage: never buffered, cut at the limit (then 413). One small text
  // field is let through so the service can refuse it by name (400 `body.<name>`) rather than busboy
  // answering a bare 413 "reach fields limit".
  await app.register(multipart, {
    limits: {
      fileSize: limit,
      files: MAX_FILES_PER_UPLOAD,
      fields: 1,
      fieldSize: 1024,
      parts: MAX_FILES_PER_UPLOAD,
    },
    throwFileSizeLimit: true,
  });

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Start a session',
        body: CreateSessionBody,
        response: { 201: SessionSchema, ...authErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await sessions.create(req.actor, req.body)),
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Your sessions (without attachments)',
        querystring: ListSessionsQuery,
        response: { 200: Page(SessionListItemSchema), ...authErrors },
      },
    },
    async (req) => sessions.list(req.actor, req.query),
  );

  app.get(
    '/:session_id',
    {
      schema: {
        tags,
        summary: 'A session',
        params: SessionParams,
        response: { 200: SessionSchema, ...authErrors },
      },
    },
    async (req) => sessions.get(req.actor, req.params.session_id),
  );

  app.put(
    '/:session_id',
    {
      schema: {
        tags,
        summary: 'Rename, describe, star or unstar a session',
        params: SessionParams,
        body: UpdateSessionBody,
        response: { 200: SessionSchema, ...authErrors },
      },
    },
    async (req) => sessions.update(req.actor, req.params.session_id, req.body),
  );

  app.delete(
    '/:session_id',
    {
      schema: {
        tags,
        summary: 'Delete a session',
        params: SessionParams,
        response: { 204: Type.Null(), ...authErrors },
      },
    },
    async (req, reply) => {
      await sessions.remove(req.actor, req.params.session_id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:session_id/upload-files',
    {
      // A request larger than every file at the limit is refused from its Content-Length, unread.
      preValidation: async (req) => {
        const length = Number(req.headers['content-length'] ?? 0);
        if (length > largestUpload(limit)) {
          throw new HwaError(
            'payload_too_large',
            `The upload exceeds ${MAX_FILES_PER_UPLOAD} files of ${limit} bytes.`,
          );
        }
        if (!req.isMultipart()) {
          throw new HwaError(
            'unsupported_media_type',
            'Send the files as multipart/form-data, one `files` field per file (curl -F files=@datasheet.pdf).',
          );
        }
      },
      schema: {
        tags,
        summary: 'Upload files into a session (multipart/form-data, field `files`, repeated)',
        description: `Each file becomes an attachment of the session. Up to ${MAX_FILES_PER_UPLOAD} files per request, each up to HWA_UPLOAD_LIMIT bytes (413 beyond).`,
        consumes: ['multipart/form-data'],
        'x-multipart-body': Type.Object(
          {
            files: Type.Array(Type.String({ format: 'binary' }), {
              minItems: 1,
              maxItems: MAX_FILES_PER_UPLOAD,
              description: 'repeat the field for each file',
            }),
          },
          { additionalProperties: false },
        ),
        params: SessionParams,
        response: { 201: Type.Array(AttachmentSchema), ...authErrors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await sessions.upload(req.actor, req.params.session_id, uploadParts(req))),
  );

  app.delete(
    '/:session_id/attachments/:attachment_id',
    {
      schema: {
        tags,
        summary: 'Detach an attachment from a session',
        params: SessionAttachmentParams,
        response: { 204: Type.Null(), ...authErrors },
      },
    },
    async (req, reply) => {
      await sessions.detach(req.actor, req.params.session_id, req.params.attachment_id);
      return reply.code(204).send(null);
    },
  );
};
