// /api/v1/systems/{system_id}/metagraph, /entities, /relationships and /metagraph/changes: reads.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { Page, authErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import {
  ChangeSetSchema,
  ChangesQuery,
  EntityParams,
  EntitySchema,
  FullMetagraphSchema,
  ListEntitiesQuery,
  ListRelationshipsQuery,
  RelationshipParams,
  RelationshipSchema,
  SystemParams,
} from './metagraph.schemas.js';

/** Sends JSON text the database built; the response schema documents it (and tests check it). */
const sendJson = (reply: FastifyReply, body: string | string[]) =>
  reply.type('application/json; charset=utf-8').send(typeof body === 'string' ? body : Readable.from(body));

export const metagraphRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const metagraph = deps.services.metagraph;
  const tags = ['metagraph'];

  app.get(
    '/:system_id/metagraph',
    {
      schema: {
        tags,
        summary: 'The full metagraph: every live entity and relationship',
        params: SystemParams,
        response: { 200: FullMetagraphSchema, ...authErrors },
      },
    },
    async (req, reply) => sendJson(reply, await metagraph.full(req.params.system_id)),
  );

  app.get(
    '/:system_id/metagraph/changes',
    {
      schema: {
        tags,
        summary: 'What each batch save changed, after a version (for sync and history)',
        params: SystemParams,
        querystring: ChangesQuery,
        response: { 200: Page(ChangeSetSchema), ...authErrors },
      },
    },
    async (req) => metagraph.changes(req.params.system_id, req.query),
  );

  app.get(
    '/:system_id/entities',
    {
      schema: {
        tags,
        summary: 'List entities',
        params: SystemParams,
        querystring: ListEntitiesQuery,
        response: { 200: Type.Array(EntitySchema), ...authErrors },
      },
    },
    async (req, reply) => sendJson(reply, await metagraph.listEntities(req.params.system_id, req.query)),
  );

  app.get(
    '/:system_id/entities/:entity_id',
    {
      schema: {
        tags,
        summary: 'Get an entity',
        params: EntityParams,
        response: { 200: EntitySchema, ...authErrors },
      },
    },
    async (req, reply) =>
      sendJson(reply, await metagraph.getEntity(req.params.system_id, req.params.entity_id)),
  );

  app.get(
    '/:system_id/relationships',
    {
      schema: {
        tags,
        summary: 'List relationships',
        params: SystemParams,
        querystring: ListRelationshipsQuery,
        response: { 200: Type.Array(RelationshipSchema), ...authErrors },
      },
    },
    async (req, reply) => sendJson(reply, await metagraph.listRelationships(req.params.system_id, req.query)),
  );

  app.get(
    '/:system_id/relationships/:relationship_id',
    {
      schema: {
        tags,
        summary: 'Get a relationship',
        params: RelationshipParams,
        response: { 200: RelationshipSchema, ...authErrors },
      },
    },
    async (req, reply) =>
      sendJson(reply, await metagraph.getRelationship(req.params.system_id, req.params.relationship_id)),
  );
};
