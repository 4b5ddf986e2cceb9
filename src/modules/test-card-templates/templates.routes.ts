// /api/v1/test-card-templates: one line per handler into the service.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Page, authErrors, bodyErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import {
  CreateTemplateBody,
  ListTemplatesQuery,
  TemplateParams,
  TemplateSchema,
  UpdateTemplateBody,
} from './templates.schemas.js';

export const testCardTemplatesRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  const templates = deps.services.testCardTemplates;
  const tags = ['test runs'];

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a card template (team-wide)',
        description:
          'Steps default to `description: ""`, `step_type: passfail`, no measurements. A card made from ' +
          'it (POST /test-runs `template_ids`, POST cards `template_id`) copies its steps.',
        body: CreateTemplateBody,
        response: { 201: TemplateSchema, ...authErrors, ...bodyErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await templates.create(req.actor, req.body)),
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'List card templates, oldest first',
        querystring: ListTemplatesQuery,
        response: { 200: Page(TemplateSchema), ...authErrors },
      },
    },
    async (req) => templates.list(req.actor, req.query),
  );

  app.get(
    '/:template_id',
    {
      schema: {
        tags,
        summary: 'A card template',
        params: TemplateParams,
        response: { 200: TemplateSchema, ...authErrors },
      },
    },
    async (req) => templates.get(req.actor, req.params.template_id),
  );

  app.patch(
    '/:template_id',
    {
      schema: {
        tags,
        summary: 'Change a card template',
        description:
          'Only the fields given change; `steps` replaces them. `version` moves on by one; cards made ' +
          'earlier keep their steps and the version they were made from.',
        params: TemplateParams,
        body: UpdateTemplateBody,
        response: { 200: TemplateSchema, ...authErrors, ...bodyErrors },
      },
    },
    async (req) => templates.update(req.actor, req.params.template_id, req.body),
  );

  app.delete(
    '/:template_id',
    {
      schema: {
        tags,
        summary: 'Delete a card template (cards made from it stay)',
        params: TemplateParams,
        response: { 204: Type.Null({ description: 'deleted' }), ...authErrors },
      },
    },
    async (req, reply) => {
      await templates.remove(req.actor, req.params.template_id);
      return reply.code(204).send(null);
    },
  );
};
