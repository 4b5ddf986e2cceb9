// /api/v1/tokens: a signed-in user manages their own tokens while the server runs (the CLI cannot
// open the embedded database then). An admin may create a token for any e-mail.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Page, authErrors, problem } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import {
  CreateTokenBody,
  CreatedTokenSchema,
  ListTokensQuery,
  TokenParams,
  TokenSchema,
} from './tokens.schemas.js';

export const tokensRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const tokens = deps.services.tokens;
  const tags = ['tokens'];

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a personal access token',
        body: CreateTokenBody,
        response: {
          201: CreatedTokenSchema,
          ...authErrors,
          403: problem('only an admin may create tokens for others or grant admin'),
        },
      },
    },
    async (req, reply) => {
      const { token, view } = await tokens.create(
        { email: req.body.email, name: req.body.name, isAdmin: req.body.is_admin },
        req.actor,
      );
      return reply.code(201).send({ ...view, token });
    },
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'List your tokens, oldest first',
        querystring: ListTokensQuery,
        response: { 200: Page(TokenSchema), ...authErrors },
      },
    },
    async (req) => tokens.list(req.actor, req.query),
  );

  app.delete(
    '/:token_id',
    {
      schema: {
        tags,
        summary: 'Revoke one of your tokens',
        params: TokenParams,
        response: { 204: Type.Null(), ...authErrors },
      },
    },
    async (req, reply) => {
      await tokens.revoke(req.params.token_id, req.actor);
      return reply.code(204).send(null);
    },
  );
};
