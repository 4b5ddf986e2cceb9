// /api/v1/memories: the signed-in user's own memory. Nobody else can read or change it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { MemoryVersionSchema, PutUserMemoryBody, RestoreBody, UserMemorySchema } from './memories.schemas.js';

export const memoriesRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const memories = deps.services.userMemories;
  const tags = ['memories'];

  app.get(
    '',
    { schema: { tags, summary: 'Your memory', response: { 200: UserMemorySchema, ...authErrors } } },
    async (req) => memories.get(req.actor),
  );

  app.put(
    '',
    {
      schema: {
        tags,
        summary: 'Replace your memory (a new version)',
        body: PutUserMemoryBody,
        response: { 200: UserMemorySchema, ...authErrors },
      },
    },
    async (req) => memories.put(req.actor, req.body.content),
  );

  app.get(
    '/history',
    {
      schema: {
        tags,
        summary: 'Every version of your memory, oldest first',
        response: { 200: Type.Array(MemoryVersionSchema), ...authErrors },
      },
    },
    async (req) => memories.history(req.actor),
  );

  app.post(
    '/restore',
    {
      schema: {
        tags,
        summary: 'Restore an earlier version (recorded as a new version)',
        body: RestoreBody,
        response: { 200: UserMemorySchema, ...authErrors },
      },
    },
    async (req) => memories.restore(req.actor, req.body.version),
  );
};
