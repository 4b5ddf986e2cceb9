// GET /api/v1/openapi.json: the OpenAPI 3.1 document generated from the route schemas (never written
// by hand). Public, like the /docs page that renders the same document: it describes the API and
// holds no data, and code generators and the reference page need it before anyone has a token.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

export const openapiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['meta'],
        summary: 'This API described as OpenAPI 3.1',
        security: [],
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
    },
    () => app.swagger(),
  );
};
