// /api/v1/issues/{issue_id}/files: one line per handler into the service.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import {
  CreateIssueFileBody,
  IssueFileParams,
  IssueFileSchema,
  IssueFilesParams,
  ListIssueFilesQuery,
} from './files.schemas.js';

export const issueFilesRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const files = deps.services.issueFiles;
  const tags = ['issues'];

  app.get(
    '/:issue_id/files',
    {
      schema: {
        tags,
        summary: "An issue's files, oldest first; `file_type` filters",
        params: IssueFilesParams,
        querystring: ListIssueFilesQuery,
        response: { 200: Type.Array(IssueFileSchema), ...authErrors },
      },
    },
    async (req) => files.list(req.actor, req.params.issue_id, req.query),
  );

  app.post(
    '/:issue_id/files',
    {
      schema: {
        tags,
        summary: 'File an attachment on an issue under a type',
        description: "`file_name` defaults to the attachment's name.",
        params: IssueFilesParams,
        body: CreateIssueFileBody,
        response: { 201: IssueFileSchema, ...authErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await files.create(req.actor, req.params.issue_id, req.body)),
  );

  app.delete(
    '/:issue_id/files/:file_id',
    {
      schema: {
        tags,
        summary: 'Remove a file from an issue (the attachment stays)',
        params: IssueFileParams,
        response: { 204: Type.Null({ description: 'removed' }), ...authErrors },
      },
    },
    async (req, reply) => {
      await files.remove(req.actor, req.params.issue_id, req.params.file_id);
      return reply.code(204).send(null);
    },
  );
};
