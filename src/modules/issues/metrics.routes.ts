// /api/v1/issues/metrics: chart-ready counts. Registered before issuesRoutes' `/:issue_id`, though
// Fastify prefers the static path either way.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { MetricsQuery, MetricsSchema } from './metrics.schemas.js';

export const issueMetricsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const metrics = deps.services.issueMetrics;
  app.get(
    '',
    {
      schema: {
        tags: ['issues'],
        summary: 'Issue counts as charts: by status, and opened/resolved per week',
        description:
          "Every live issue, or those of `system_id` (a filter, like the list's: zeros for no match). The pie " +
          'chart gives each status a fixed colour; the mixed chart covers the last 12 weeks.',
        querystring: MetricsQuery,
        response: { 200: MetricsSchema, ...authErrors },
      },
    },
    async (req) => metrics.metrics(req.query),
  );
};
