// POST /api/v1/systems/metagraphs/{system_id}/batch-save: the one way to change a metagraph.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, problem } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { BatchSaveBody, BatchSaveResult } from './batch-save.schemas.js';
import { SystemParams } from './metagraph.schemas.js';

export const batchSaveRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/:system_id/batch-save',
    {
      // A whole model arrives in one request: 100k entities with properties is tens of MiB.
      bodyLimit: deps.config.batchSaveBodyLimit,
      schema: {
        tags: ['metagraph'],
        summary: 'Create, update and delete entities and relationships in one transaction',
        description:
          'All or nothing. Every refusal names its item (`body.creates[3].parent_ids[0]`). A stale ' +
          '`base_version` gets 409 with `current_version` in the problem body. A pending entity (a ' +
          'proposal waiting for review) named in `parent_ids` or as a relationship end gets 409 ' +
          '`pending_entity` naming each field: approve the proposal first.',
        params: SystemParams,
        body: BatchSaveBody,
        response: {
          200: BatchSaveResult,
          ...authErrors,
          409: problem(
            'base_version is not the current version (the body gives current_version), or a pending entity is named as a parent or a relationship end (pending_entity)',
          ),
        },
      },
    },
    async (req) => deps.services.batchSave.save(req.actor, req.params.system_id, req.body),
  );
};
