// /api/v1/test-runs/{run_id}/reports: ask for an analysis report of the run, a card or a step, list
// them and read one. One line per handler into the service.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Page, authErrors, bodyErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { RunParams } from './data.schemas.js';
import { CreateReportBody, ListReportsQuery, ReportParams, ReportSchema } from './reports.schemas.js';

export const testRunReportsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const reports = deps.services.testRunReports;
  const tags = ['test-runs'];

  app.post(
    '/:run_id/reports',
    {
      schema: {
        tags,
        summary: 'Ask for an analysis report of the run’s data (the run, a card or a step)',
        description:
          'Creates the report `pending` and starts a `test_run_report` job run (`job_run_id`) in the same ' +
          'transaction. Poll GET …/reports/{report_id} until `status` is `completed`, `failed` (see ' +
          '`error`) or `cancelled` (the job run was cancelled). `test_card_id` is required for scope ' +
          '`card` and `step`, `test_step_id` for `step` (400 naming the field); a card or step not of this ' +
          'run, or a step not on that card, is 404. Data files analysed: CSV, TSV, Parquet, JSON lines; limits ' +
          'from the steps’ measurements, a `<file>.limits.json` sidecar registered beside the data ' +
          '(`{"channels": {"name": {"min": …, "max": …}}}`) and limit sentences in `analysis_context`.',
        params: RunParams,
        body: CreateReportBody,
        response: { 201: ReportSchema, ...authErrors, ...bodyErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await reports.create(req.actor, req.params.run_id, req.body)),
  );

  app.get(
    '/:run_id/reports',
    {
      schema: {
        tags,
        summary: 'The run’s analysis reports, oldest first',
        params: RunParams,
        querystring: ListReportsQuery,
        response: { 200: Page(ReportSchema), ...authErrors },
      },
    },
    async (req) => reports.list(req.actor, req.params.run_id, req.query),
  );

  app.get(
    '/:run_id/reports/:report_id',
    {
      schema: {
        tags,
        summary: 'One analysis report: status, markdown content, summary, findings and charts',
        params: ReportParams,
        response: { 200: ReportSchema, ...authErrors },
      },
    },
    async (req) => reports.get(req.actor, req.params.run_id, req.params.report_id),
  );
};
