// /api/v1/job-runs: one line per handler into the service; the event stream in job-run-events.service.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { Page, authErrors, problem } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { CancelResponse, CreateRunBody, JobRunSchema, ListRunsQuery, RunParams } from './jobs.schemas.js';

const finalRun = problem('`state_conflict`: the run is final (completed, failed or cancelled)');

export const jobRunsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const runs = deps.services.jobRuns;
  const tags = ['jobs'];

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Start a run of a job (queued as `pending`)',
        description:
          '`config` overrides are merged over the job’s config (top-level keys replaced) and the result ' +
          'is validated against the job type’s schema.',
        body: CreateRunBody,
        response: {
          201: JobRunSchema,
          ...authErrors,
          409: problem('`state_conflict`: the job’s type is no longer registered'),
        },
      },
    },
    async (req, reply) => reply.code(201).send(await runs.start(req.actor, req.body)),
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Job runs, oldest first',
        description: 'Repeat `job_types` or `statuses` to give several values.',
        querystring: ListRunsQuery,
        response: { 200: Page(JobRunSchema), ...authErrors },
      },
    },
    async (req) => runs.list(req.query),
  );

  app.get(
    '/:job_run_id',
    {
      schema: {
        tags,
        summary: 'A job run',
        params: RunParams,
        response: { 200: JobRunSchema, ...authErrors },
      },
    },
    async (req) => runs.get(req.params.job_run_id),
  );

  app.get(
    '/:job_run_id/events',
    {
      schema: {
        tags,
        summary: 'Watch a run: its status and progress changes as Server-Sent Events',
        description:
          'Events `status` and `progress`, each `data` being `{job_run_id, revision, status, progress: ' +
          '{pct, message}}` and each `id` the revision, in the order the changes happened; the first ' +
          'event is the run as it is now. The stream ends after the run becomes final.',
        params: RunParams,
        response: {
          200: {
            description: 'text/event-stream until the run is final',
            content: { 'text/event-stream': { schema: Type.Unsafe<Readable>({ type: 'string' }) } },
          },
          ...authErrors,
        },
      },
    },
    async (req, reply) =>
      reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no') // nginx would otherwise hold events back in its buffer
        .send(await deps.services.jobRunEvents.stream(req.params.job_run_id)),
  );

  app.post(
    '/:job_run_id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a run',
        description:
          'A pending or paused run is cancelled at once; a running one too, and its handler is told ' +
          'to stop. Idempotent: a run already final stays as it is, answered with `cancelled_count: 0`.',
        params: RunParams,
        response: { 200: CancelResponse, ...authErrors },
      },
    },
    async (req) => runs.cancel(req.params.job_run_id),
  );

  app.post(
    '/:job_run_id/pause',
    {
      schema: {
        tags,
        summary: 'Pause a run (beyond the spec)',
        description:
          'A pending run pauses at once; a running one at its handler’s next checkpoint ' +
          '(`pause_requested` until then), after which it holds no worker.',
        params: RunParams,
        response: { 200: JobRunSchema, ...authErrors, 409: finalRun },
      },
    },
    async (req) => runs.pause(req.params.job_run_id),
  );

  app.post(
    '/:job_run_id/resume',
    {
      schema: {
        tags,
        summary: 'Resume a paused run (beyond the spec)',
        description:
          'A paused run is queued again and its handler continues from its last checkpoint; a running ' +
          'run asked to pause no longer is.',
        params: RunParams,
        response: { 200: JobRunSchema, ...authErrors, 409: finalRun },
      },
    },
    async (req) => runs.resume(req.params.job_run_id),
  );
};
