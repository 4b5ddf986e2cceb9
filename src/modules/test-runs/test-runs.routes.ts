// /api/v1/test-runs: the runs themselves, one line per handler into the service. Cards, steps and
// observations: cards.routes.ts and steps.routes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Page, authErrors, bodyErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { CreateRunBody, ListRunsQuery, RunParams, UpdateRunBody } from './test-runs.requests.js';
import { TestRunSchema, TestRunSummarySchema } from './test-runs.schemas.js';

export const testRunsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const runs = deps.services.testRuns;
  const tags = ['test runs'];

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a test run (team-wide)',
        description:
          '`test_run_id` is `TR-` and the next number of the system (TR-0001 first). `system_id` must ' +
          'name a live system (else 404); `asset_ids` live, approved entities of it, `issue_ids` live ' +
          'issues, `template_ids` live card templates, each instantiated as a card in the order given; ' +
          'others are refused by field and index.',
        body: CreateRunBody,
        response: { 201: TestRunSchema, ...authErrors, ...bodyErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await runs.create(req.actor, req.body)),
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'List test runs, newest first, as summaries',
        description: 'Filters combine with AND. `count` is the total matching, not the page size.',
        querystring: ListRunsQuery,
        response: { 200: Page(TestRunSummarySchema), ...authErrors },
      },
    },
    async (req) => runs.list(req.actor, req.query),
  );

  app.get(
    '/:run_id',
    {
      schema: {
        tags,
        summary: 'A test run with its cards, steps, data files and reports',
        params: RunParams,
        response: { 200: TestRunSchema, ...authErrors },
      },
    },
    async (req) => runs.get(req.actor, req.params.run_id),
  );

  app.patch(
    '/:run_id',
    {
      schema: {
        tags,
        summary: 'Change a test run’s title or description',
        params: RunParams,
        body: UpdateRunBody,
        response: { 200: TestRunSchema, ...authErrors, ...bodyErrors },
      },
    },
    async (req) => runs.update(req.actor, req.params.run_id, req.body),
  );

  app.delete(
    '/:run_id',
    {
      schema: {
        tags,
        summary: 'Delete a test run (it and everything below it then answer 404)',
        params: RunParams,
        response: { 204: Type.Null({ description: 'deleted' }), ...authErrors },
      },
    },
    async (req, reply) => {
      await runs.remove(req.actor, req.params.run_id);
      return reply.code(204).send(null);
    },
  );
};
