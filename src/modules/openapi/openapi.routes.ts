// GET /api/v1/openapi.json: the OpenAPI 3.1 document generated from the route schemas (never written
// by hand). Like every /api/v1 route it needs a token; the /docs page serves the same document openly.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors } from '../../core/schemas.js';

export const openapiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['meta'],
        summary: 'This API described as OpenAPI 3.1',
        response: { 200: Type.Object({}, { additionalProperties: true }), ...authErrors },
      },
    },
    () => app.swagger(),
  );
};
