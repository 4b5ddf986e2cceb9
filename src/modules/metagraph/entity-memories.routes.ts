// /api/v1/systems/{system_id}/entities/{entity_id}/memories: versioned notes on an entity.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import {
  EntityMemorySchema,
  MemoryVersionSchema,
  PutEntityMemoryBody,
  RestoreBody,
} from '../memories/memories.schemas.js';
import { EntityParams } from './metagraph.schemas.js';

export const entityMemoriesRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const memories = deps.services.entityMemories;
  const tags = ['memories'];

  app.get(
    '/:system_id/entities/:entity_id/memories',
    {
      schema: {
        tags,
        summary: 'An entity\'s current memory ("", null and [] before the first write)',
        params: EntityParams,
        response: { 200: EntityMemorySchema, ...authErrors },
      },
    },
    async (req) => memories.get(req.params.system_id, req.params.entity_id),
  );

  app.put(
    '/:system_id/entities/:entity_id/memories',
    {
      schema: {
        tags,
        summary: "Replace an entity's memory (a new version)",
        params: EntityParams,
        body: PutEntityMemoryBody,
        response: { 200: EntityMemorySchema, ...authErrors },
      },
    },
    async (req) => memories.put(req.actor, req.params.system_id, req.params.entity_id, req.body.content),
  );

  app.get(
    '/:system_id/entities/:entity_id/memories/history',
    {
      schema: {
        tags,
        summary: "Every version of an entity's memory, oldest first",
        params: EntityParams,
        response: { 200: Type.Array(MemoryVersionSchema), ...authErrors },
      },
    },
    async (req) => memories.history(req.params.system_id, req.params.entity_id),
  );

  app.post(
    '/:system_id/entities/:entity_id/memories/restore',
    {
      schema: {
        tags,
        summary: 'Restore an earlier version (recorded as a new version)',
        params: EntityParams,
        body: RestoreBody,
        response: { 200: EntityMemorySchema, ...authErrors },
      },
    },
    async (req) => memories.restore(req.actor, req.params.system_id, req.params.entity_id, req.body.version),
  );
};
