// /api/v1/test-runs/analytics: first-pass yield and measurement capability over a system's runs.
// Its own prefix, registered before the runs' `/:run_id` routes; Fastify would prefer this static
// path over the parameter either way (analytics.test.ts asks for it with no runs routes involved).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { AnalyticsQuery, AnalyticsSchema } from './analytics.schemas.js';

export const testRunAnalyticsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const analytics = deps.services.testRunAnalytics;
  app.get(
    '',
    {
      schema: {
        tags: ['test-runs'],
        summary: 'First-pass yield of cards and steps, and Cpk of every measurement, over a system',
        description:
          'Over the live runs of `system_id` (404 when the system is unknown or deleted) created in ' +
          '[`created_after`, `created_before`). Each run counts once per card (step) title, by the first ' +
          'one in it: retests do not raise the yield. Measurements are summarised by name with the ' +
          'sample standard deviation and Cpk against the most common limits. Every rule is in the ' +
          'descriptions of the answer fields.',
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsSchema, ...authErrors },
      },
    },
    async (req) => analytics.analytics(req.query),
  );
};
