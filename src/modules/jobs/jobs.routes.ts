// /api/v1/jobs: one line per handler into the service. Runs of a job: job-runs.routes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Page, authErrors, problem } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import {
  CreateJobBody,
  JobParams,
  JobRunSchema,
  JobSchema,
  JobSchemaEntry,
  ListJobsQuery,
  UpdateJobBody,
} from './jobs.schemas.js';

const invalidConfig = problem(
  'invalid request; an unregistered `job_type`, a `config.job_type` unlike the top-level one (rule 7) ' +
    'or a config the type’s schema refuses, every bad field named in `errors`',
);

export const jobsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const jobs = deps.services.jobs;
  const tags = ['jobs'];

  app.get(
    '/schemas',
    {
      schema: {
        tags,
        summary: 'The registered job types, with the JSON Schema of each one’s config',
        response: { 200: Type.Array(JobSchemaEntry), ...authErrors },
      },
    },
    async () => jobs.schemas(),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a job',
        description:
          '`config`, when given, must contain `job_type` equal to the top-level one; without it the ' +
          'config is `{job_type}`. It is validated against the type’s schema (GET /jobs/schemas).',
        body: CreateJobBody,
        response: { 201: JobSchema, ...authErrors, 400: invalidConfig },
      },
    },
    async (req, reply) => reply.code(201).send(await jobs.create(req.actor, req.body)),
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Jobs, oldest first',
        description: 'Repeat `job_types`, `created_by_users` or `source_session_ids` to give several values.',
        querystring: ListJobsQuery,
        response: { 200: Page(JobSchema), ...authErrors },
      },
    },
    async (req) => jobs.list(req.query),
  );

  app.get(
    '/:job_id',
    { schema: { tags, summary: 'A job', params: JobParams, response: { 200: JobSchema, ...authErrors } } },
    async (req) => jobs.get(req.params.job_id),
  );

  app.get(
    '/:job_id/latest-run',
    {
      schema: {
        tags,
        summary: 'The job’s most recent run',
        params: JobParams,
        response: {
          200: JobRunSchema,
          204: Type.Null({ description: 'the job has no runs' }),
          ...authErrors,
        },
      },
    },
    async (req, reply) => {
      const run = await jobs.latestRun(req.params.job_id);
      return run ? run : reply.code(204).send(null);
    },
  );

  app.patch(
    '/:job_id',
    {
      schema: {
        tags,
        summary: 'Change a job’s config or description',
        description: 'A new `config` replaces the old one and is validated the same way as on create.',
        params: JobParams,
        body: UpdateJobBody,
        response: {
          200: JobSchema,
          ...authErrors,
          400: invalidConfig,
          409: problem('`state_conflict`: the job’s type is no longer registered'),
        },
      },
    },
    async (req) => jobs.update(req.params.job_id, req.body),
  );

  app.delete(
    '/:job_id',
    {
      schema: {
        tags,
        summary: 'Soft-delete a job',
        description: 'The job and its runs then read as absent; its runs not yet final are cancelled.',
        params: JobParams,
        response: { 200: Type.Object({ message: Type.String() }), ...authErrors },
      },
    },
    async (req) => jobs.remove(req.params.job_id),
  );
};
