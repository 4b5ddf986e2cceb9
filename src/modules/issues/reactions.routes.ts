// /api/v1/issues/{issue_id}/comments/{comment_id}/reactions/{emoji}: the caller's own reaction, put
// and taken back. Both are idempotent, so a client may retry or toggle without reading first.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { CommentSchema, REACTION_EMOJI, ReactionParams } from './comments.schemas.js';

const emojiList = REACTION_EMOJI.map((e) => `\`${e}\``).join(', ');

export const reactionsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const comments = deps.services.issueComments;
  const tags = ['issues'];

  app.put(
    '/:issue_id/comments/:comment_id/reactions/:emoji',
    {
      schema: {
        tags,
        summary: 'React to a comment',
        description: `\`emoji\` is one of ${emojiList} (400 otherwise). Reacting again with the same emoji changes nothing.`,
        params: ReactionParams,
        response: { 200: CommentSchema, ...authErrors },
      },
    },
    async (req) => comments.react(req.actor, req.params.issue_id, req.params.comment_id, req.params.emoji),
  );

  app.delete(
    '/:issue_id/comments/:comment_id/reactions/:emoji',
    {
      schema: {
        tags,
        summary: 'Take back your reaction',
        description: 'Answers 204 whether or not you had reacted with that emoji.',
        params: ReactionParams,
        response: { 204: Type.Null({ description: 'your reaction is gone' }), ...authErrors },
      },
    },
    async (req, reply) => {
      await comments.unreact(req.actor, req.params.issue_id, req.params.comment_id, req.params.emoji);
      return reply.code(204).send(null);
    },
  );
};
