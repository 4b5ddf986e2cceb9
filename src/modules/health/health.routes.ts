// Liveness and readiness for load balancers and orchestrators; no token needed.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { problem } from '../../core/schemas.js';
import { HwaError } from '../../core/errors.js';
import type { AppDeps } from '../services.js';

const Status = Type.Object({ status: Type.String() });

export const healthRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is up', security: [], response: { 200: Status } } },
    () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database is reachable and migrated',
        security: [],
        response: { 200: Status, 503: problem('the database is unreachable or not fully migrated') },
      },
    },
    async () => {
      if (!(await deps.services.health.ready())) {
        throw new HwaError('unavailable', 'The database is unreachable or not fully migrated.');
      }
      return { status: 'ready' };
    },
  );
};
