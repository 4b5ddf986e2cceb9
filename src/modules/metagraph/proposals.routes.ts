// /api/v1/systems/{system_id}/metagraph/proposals: review what metagraph_update runs proposed.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors, problem } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { SystemParams } from './metagraph.schemas.js';
import {
  ApproveResult,
  ProposalsQuery,
  ProposalsSchema,
  RejectResult,
  ReviewBody,
} from './proposals.schemas.js';

export const proposalsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const proposals = deps.services.proposals;
  const tags = ['metagraph'];

  app.get(
    '/:system_id/metagraph/proposals',
    {
      schema: {
        tags,
        summary: 'Pending entities and relationships, with where each came from, grouped by run',
        params: SystemParams,
        querystring: ProposalsQuery,
        response: { 200: ProposalsSchema, ...authErrors },
      },
    },
    async (req) => proposals.list(req.params.system_id, req.query),
  );

  app.post(
    '/:system_id/metagraph/proposals/approve',
    {
      schema: {
        tags,
        summary: 'Approve proposals (by ids, or all of a run) as one batch save',
        description:
          'One transaction, version +1, one change set. Approving an entity approves its pending parent ' +
          'chain; approving a relationship approves its pending ends; the answer lists every id approved.',
        params: SystemParams,
        body: ReviewBody,
        response: {
          200: ApproveResult,
          ...authErrors,
          409: problem('nothing of that selection waits, or approving would make a CONTAINS cycle'),
        },
      },
    },
    async (req) => proposals.approve(req.actor, req.params.system_id, req.body),
  );

  app.post(
    '/:system_id/metagraph/proposals/reject',
    {
      schema: {
        tags,
        summary:
          'Reject proposals (by ids, or all of a run): removed, and remembered so later runs skip them',
        params: SystemParams,
        body: ReviewBody,
        response: { 200: RejectResult, ...authErrors, 409: problem('nothing of that selection waits') },
      },
    },
    async (req) => proposals.reject(req.actor, req.params.system_id, req.body),
  );

  app.delete(
    '/:system_id/metagraph/proposals/rejections',
    {
      schema: {
        tags,
        summary: 'Forget every rejection of the system, so later runs may propose those items again',
        params: SystemParams,
        response: { 204: Type.Null(), ...authErrors },
      },
    },
    async (req, reply) => {
      await proposals.forgetRejections(req.params.system_id);
      return reply.code(204).send(null);
    },
  );
};
