// /api/v1/issues/{issue_id}/comments: one line per handler into the service.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Page, authErrors, problem } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import {
  CommentParams,
  CommentSchema,
  CreateCommentBody,
  IssueCommentsParams,
  ListCommentsQuery,
  PatchCommentBody,
} from './comments.schemas.js';

export const commentsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const comments = deps.services.issueComments;
  const tags = ['issues'];
  const authorOnly = problem('only the author of a comment may edit or delete it');

  app.get(
    '/:issue_id/comments',
    {
      schema: {
        tags,
        summary: "An issue's comments, oldest first",
        params: IssueCommentsParams,
        querystring: ListCommentsQuery,
        response: { 200: Page(CommentSchema), ...authErrors },
      },
    },
    async (req) => comments.list(req.actor, req.params.issue_id, req.query),
  );

  app.post(
    '/:issue_id/comments',
    {
      schema: {
        tags,
        summary: 'Comment on an issue',
        description: 'A `content` of 1 to 10,000 characters and up to 10 `attachment_ids` you can see.',
        params: IssueCommentsParams,
        body: CreateCommentBody,
        response: { 201: CommentSchema, ...authErrors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await comments.create(req.actor, req.params.issue_id, req.body)),
  );

  app.patch(
    '/:issue_id/comments/:comment_id',
    {
      schema: {
        tags,
        summary: 'Edit your comment (marks it edited)',
        params: CommentParams,
        body: PatchCommentBody,
        response: { 200: CommentSchema, ...authErrors, 403: authorOnly },
      },
    },
    async (req) => comments.edit(req.actor, req.params.issue_id, req.params.comment_id, req.body.content),
  );

  app.delete(
    '/:issue_id/comments/:comment_id',
    {
      schema: {
        tags,
        summary: 'Delete your comment (it leaves the list; a second delete is 404)',
        params: CommentParams,
        response: { 204: Type.Null({ description: 'deleted' }), ...authErrors, 403: authorOnly },
      },
    },
    async (req, reply) => {
      await comments.remove(req.actor, req.params.issue_id, req.params.comment_id);
      return reply.code(204).send(null);
    },
  );
};
