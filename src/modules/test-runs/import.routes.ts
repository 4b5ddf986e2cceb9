// /api/v1/test-runs/import: a JUnit XML report as a new test run. Multipart parsing only here; the
// reading, mapping and creating are the import service's. Its own prefix, so it never meets the
// runs' `/:run_id` routes.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HwaError } from '../../core/errors.js';
import { Uuid, authErrors, problem } from '../../core/schemas.js';
import { uploadParts } from '../sessions/upload-parts.js';
import type { AppDeps } from '../services.js';
import { TestRunSchema } from './test-runs.schemas.js';

/** Room for a title and a UUID beside the report. */
const MAX_FIELD_BYTES = 4096;

export const testRunImportRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const importer = deps.services.testRunImport;
  const limit = importer.maxBytes;
  // The report is cut at the limit and refused (413) by the service; one file and two text fields.
  await app.register(multipart, {
    limits: { fileSize: limit, files: 1, fields: 2, fieldSize: MAX_FIELD_BYTES, parts: 3 },
    throwFileSizeLimit: false,
  });

  app.post(
    '',
    {
      preValidation: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > limit + 1024 * 1024) {
          throw new HwaError('payload_too_large', `The report is larger than the limit of ${limit} bytes.`);
        }
        if (!req.isMultipart()) {
          throw new HwaError(
            'unsupported_media_type',
            'Send multipart/form-data: the report as `file`, and `system_id` (curl -F file=@report.xml -F system_id=…).',
          );
        }
      },
      schema: {
        tags: ['test-runs'],
        summary: 'Import a JUnit XML report (pytest, Google Test, CTest, NUnit) as a new test run',
        description:
          'Each <testsuite> becomes a card and each <testcase> a step: `failed` on <failure>/<error> (the ' +
          'message as `exception`), `todo` with exception "skipped: …" when skipped or not run, else ' +
          '`passed`. Numeric <property> values become measurements, other properties and the captured ' +
          'output observations. A report that is not well-formed XML is refused with its line and column. ' +
          `At most ${limit} bytes.`,
        consumes: ['multipart/form-data'],
        'x-multipart-body': Type.Object(
          {
            file: Type.String({ format: 'binary', description: 'the JUnit XML report, UTF-8' }),
            system_id: Uuid,
            title: Type.Optional(
              Type.String({
                description: "default: the report's <testsuites name>, else its first suite's name",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          201: TestRunSchema,
          ...authErrors,
          413: problem(`the report is larger than ${limit} bytes`),
          415: problem('not multipart/form-data'),
        },
      },
    },
    async (req, reply) => reply.code(201).send(await importer.importJunit(req.actor, uploadParts(req))),
  );
};
