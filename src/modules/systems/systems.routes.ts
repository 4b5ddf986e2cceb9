// /api/v1/systems: one line per handler into the service.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageResponse, Page, authErrors, problem } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import {
  CreateSystemBody,
  ListSystemsQuery,
  SystemParams,
  SystemSchema,
  UpdateSystemBody,
} from './systems.schemas.js';

export const systemsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const systems = deps.services.systems;
  const tags = ['systems'];

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a system',
        body: CreateSystemBody,
        response: { 201: SystemSchema, ...authErrors, 409: problem('a live system already has that name') },
      },
    },
    async (req, reply) => reply.code(201).send(await systems.create(req.actor, req.body)),
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'List systems',
        querystring: ListSystemsQuery,
        response: { 200: Page(SystemSchema), ...authErrors },
      },
    },
    async (req) => systems.list(req.query),
  );

  app.get(
    '/:system_id',
    {
      schema: {
        tags,
        summary: 'Get a system',
        params: SystemParams,
        response: { 200: SystemSchema, ...authErrors },
      },
    },
    async (req) => systems.get(req.params.system_id),
  );

  app.put(
    '/:system_id',
    {
      schema: {
        tags,
        summary: 'Update a system (only the fields given change)',
        params: SystemParams,
        body: UpdateSystemBody,
        response: { 200: SystemSchema, ...authErrors, 409: problem('a live system already has that name') },
      },
    },
    async (req) => systems.update(req.params.system_id, req.body),
  );

  app.delete(
    '/:system_id',
    {
      schema: {
        tags,
        summary: 'Soft-delete a system',
        params: SystemParams,
        response: { 200: MessageResponse, ...authErrors },
      },
    },
    async (req) => systems.remove(req.params.system_id),
  );
};
