// /api/v1/test-runs/{run_id}/data: a run's data files. One line per handler into the service;
// multipart parsing only here (through the sessions' upload parts, hardened against cut bodies).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HwaError } from '../../core/errors.js';
import { Page, authErrors, bodyErrors, problem } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { uploadParts } from '../sessions/upload-parts.js';
import { TestDataFileSchema } from './test-runs.schemas.js';
import {
  DataFileParams,
  ListDataQuery,
  RegisterDataBody,
  RunParams,
  UploadDataForm,
} from './data.schemas.js';

/** Room for the text fields and part headers around the one file. */
const FORM_OVERHEAD = 64 * 1024;

export const testDataRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const data = deps.services.testData;
  const tags = ['test-runs'];
  const limit = deps.config.uploadLimit;
  // The file streams to storage, cut at the limit (then 413). Two files and one field more than the
  // form has are let through so the service can refuse them by name (400) rather than busboy's 413.
  await app.register(multipart, {
    limits: { fileSize: limit, files: 2, fields: 5, fieldSize: 1024, parts: 7 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/:run_id/data',
    {
      schema: {
        tags,
        summary: 'Register a file that already exists in the configured storage',
        description:
          '`storage_url` must name an existing file of the configured storage (`file://` inside ' +
          'HWA_STORAGE_DIR, or `s3://` in the configured bucket and prefix) and `file_size` must be its ' +
          'size; otherwise 400 naming the field. hwa never fetches other URLs.',
        params: RunParams,
        body: RegisterDataBody,
        response: { 201: TestDataFileSchema, ...authErrors, ...bodyErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await data.register(req.actor, req.params.run_id, req.body)),
  );

  app.post(
    '/:run_id/data/upload',
    {
      // A body larger than the file limit and the form around it is refused from its Content-Length, unread.
      preValidation: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > limit + FORM_OVERHEAD) {
          throw new HwaError(
            'payload_too_large',
            `The file is larger than the upload limit of ${limit} bytes.`,
          );
        }
        if (!req.isMultipart()) {
          throw new HwaError(
            'unsupported_media_type',
            'Send the file as multipart/form-data in the field `file` (curl -F file=@tvac.csv).',
          );
        }
      },
      schema: {
        tags,
        summary: 'Upload a file into the run’s storage and register it (multipart/form-data, field `file`)',
        description:
          'One file, up to HWA_UPLOAD_LIMIT bytes (413 beyond, nothing stored). Optional text fields: ' +
          '`file_name`, `content_type`, `test_card_id`, `test_step_id` (the association, as in ' +
          '`associate_with`). A refused upload leaves nothing stored; deleting the registration later ' +
          'deletes the stored file too.',
        consumes: ['multipart/form-data'],
        'x-multipart-body': UploadDataForm,
        params: RunParams,
        response: {
          201: TestDataFileSchema,
          ...authErrors,
          413: problem('the file is larger than HWA_UPLOAD_LIMIT; nothing was stored'),
          415: problem('not multipart/form-data'),
        },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await data.upload(req.actor, req.params.run_id, uploadParts(req))),
  );

  app.get(
    '/:run_id/data',
    {
      schema: {
        tags,
        summary: 'The run’s data files in registration order',
        params: RunParams,
        querystring: ListDataQuery,
        response: { 200: Page(TestDataFileSchema), ...authErrors },
      },
    },
    async (req) => data.list(req.actor, req.params.run_id, req.query),
  );

  app.delete(
    '/:run_id/data/:file_id',
    {
      schema: {
        tags,
        summary: 'Remove a data file’s registration and associations',
        description:
          'The stored file is deleted too when it was stored by …/data/upload (and no other ' +
          'registration names it); a file registered from elsewhere stays where it is.',
        params: DataFileParams,
        response: { 204: Type.Null({ description: 'removed' }), ...authErrors },
      },
    },
    async (req, reply) => {
      await data.remove(req.actor, req.params.run_id, req.params.file_id);
      return reply.code(204).send(null);
    },
  );
};
