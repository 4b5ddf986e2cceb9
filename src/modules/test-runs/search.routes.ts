// /api/v1/test-runs/search: full-text and semantic search over runs and everything in them. Its own
// prefix, registered before the runs' `/:run_id` routes so `search` is never read as a run id.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { SearchAnswerSchema, SearchQuery } from './search.schemas.js';

export const testRunSearchRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const search = deps.services.testRunSearch;
  app.get(
    '',
    {
      schema: {
        tags: ['test runs'],
        summary: 'Search test runs by full text and meaning, with where each run matched',
        description:
          'Every word of `q` must occur in the run, in any of: its title and description, a ' +
          'card, a step (title, description, exception), an observation, a report (title, summary, ' +
          'content) or a data file name. Words are stemmed (`soaking` finds `soak`); part numbers and ' +
          'tokens such as `TVAC`, `-40C`, `J3.2`, `TLV75533` are found as typed. Title matches rank ' +
          'above body matches. When semantic search is configured and answers, its nearest components ' +
          'are fused with the full-text ranking by reciprocal rank fusion (k = 60); otherwise the ' +
          'answer is full text alone. Deleted runs never appear. Filters combine with AND.',
        querystring: SearchQuery,
        response: { 200: SearchAnswerSchema, ...authErrors },
      },
    },
    async (req) => search.search(req.actor, req.query),
  );
};
