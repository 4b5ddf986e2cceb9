// /api/v1/issues: one line per handler into the service. Comments, reactions and files have their
// own route files; metrics: metrics.routes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Page, authErrors, bodyErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import {
  CreateIssueBody,
  HistoryEntrySchema,
  IssueParams,
  IssueSchema,
  ListIssuesQuery,
  UpdateIssueBody,
} from './issues.schemas.js';

export const issuesRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const issues = deps.services.issues;
  const tags = ['issues'];

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'File an issue',
        description:
          'Defaults: status `open`, priority `low`, owner `Unassigned`, tags `[]`. `attachment_ids`, ' +
          '`session_ids` and images in `description` must name attachments you can see and sessions of ' +
          'yours; others are refused by field and index. `system_id` must name a live system.',
        body: CreateIssueBody,
        response: { 201: IssueSchema, ...authErrors, ...bodyErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await issues.create(req.actor, req.body)),
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Search and list issues (every signed-in user sees every issue)',
        description:
          'Filters combine with AND; repeatable ones (`status`, `priority`) match any value given, ' +
          '`tags` all of them. `count` is the total matching, not the page size.',
        querystring: ListIssuesQuery,
        response: { 200: Page(IssueSchema), ...authErrors },
      },
    },
    async (req) => issues.list(req.actor, req.query),
  );

  app.get(
    '/:issue_id',
    {
      schema: {
        tags,
        summary: 'An issue',
        params: IssueParams,
        response: { 200: IssueSchema, ...authErrors },
      },
    },
    async (req) => issues.get(req.actor, req.params.issue_id),
  );

  app.patch(
    '/:issue_id',
    {
      schema: {
        tags,
        summary: 'Change an issue',
        description:
          'Only the fields given change; any status may move to any other. `tags` and `description` ' +
          'replace the old ones. Changes of status, priority, owner, title and tags go to the history.',
        params: IssueParams,
        body: UpdateIssueBody,
        response: { 200: IssueSchema, ...authErrors, ...bodyErrors },
      },
    },
    async (req) => issues.update(req.actor, req.params.issue_id, req.body),
  );

  app.delete(
    '/:issue_id',
    {
      schema: {
        tags,
        summary: 'Delete an issue',
        params: IssueParams,
        response: { 204: Type.Null({ description: 'deleted' }), ...authErrors },
      },
    },
    async (req, reply) => {
      await issues.remove(req.actor, req.params.issue_id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:issue_id/history',
    {
      schema: {
        tags,
        summary: 'Who changed what and when, oldest first',
        description:
          'One entry per tracked field (status, priority, owner, title, tags) a change moved; the first ' +
          'entries record the values the issue was filed with (`from: null`).',
        params: IssueParams,
        response: { 200: Type.Array(HistoryEntrySchema), ...authErrors },
      },
    },
    async (req) => issues.history(req.actor, req.params.issue_id),
  );
};
