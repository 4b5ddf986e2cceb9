// /api/v1/test-runs/{run_id}/cards: one line per handler into the service.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors, bodyErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { CardParams, CreateCardBody, RunParams, UpdateCardBody } from './test-runs.requests.js';
import { TestCardSchema } from './test-runs.schemas.js';

export const testCardsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const cards = deps.services.testCards;
  const tags = ['test runs'];

  app.post(
    '/:run_id/cards',
    {
      schema: {
        tags,
        summary: 'Add a test card to a run',
        description:
          'Give `title`, `template_id` or both (neither is refused, naming both). From a template the ' +
          'card copies its steps and, unless given, its title and description, and records ' +
          '`template_id` and `template_version`; a later template change does not alter it.',
        params: RunParams,
        body: CreateCardBody,
        response: { 201: TestCardSchema, ...authErrors, ...bodyErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await cards.create(req.actor, req.params.run_id, req.body)),
  );

  app.patch(
    '/:run_id/cards/:card_id',
    {
      schema: {
        tags,
        summary: 'Change or move a test card',
        description: '`order` moves the card; the others close up (past the end is the end).',
        params: CardParams,
        body: UpdateCardBody,
        response: { 200: TestCardSchema, ...authErrors, ...bodyErrors },
      },
    },
    async (req) => cards.update(req.actor, req.params.run_id, req.params.card_id, req.body),
  );

  app.delete(
    '/:run_id/cards/:card_id',
    {
      schema: {
        tags,
        summary: 'Delete a test card and its steps',
        params: CardParams,
        response: { 204: Type.Null({ description: 'deleted' }), ...authErrors },
      },
    },
    async (req, reply) => {
      await cards.remove(req.actor, req.params.run_id, req.params.card_id);
      return reply.code(204).send(null);
    },
  );
};
