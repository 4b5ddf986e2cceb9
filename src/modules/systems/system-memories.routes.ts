// GET /api/v1/system-memories: search entity memories across systems.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Page, authErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { SystemMemoriesQuery, SystemMemoryResult } from './system-memories.schemas.js';

export const systemMemoriesRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '',
    {
      schema: {
        tags: ['memories'],
        summary: 'Search entity memories across systems',
        querystring: SystemMemoriesQuery,
        response: { 200: Page(SystemMemoryResult), ...authErrors },
      },
    },
    async (req) => deps.services.systemMemories.search(req.query),
  );
};
