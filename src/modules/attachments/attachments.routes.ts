// /api/v1/attachments: the caller's files (and the service's files in their sessions).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Page, authErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { AnnotationSchema } from '../annotations/annotations.schemas.js';
import {
  AttachmentDetailSchema,
  AttachmentParams,
  AttachmentSchema,
  ExportResult,
  ListAttachmentsQuery,
  PatchAttachmentBody,
} from './attachments.schemas.js';

export const attachmentsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const attachments = deps.services.attachments;
  const tags = ['attachments'];

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Your attachments and the service’s attachments in your sessions',
        querystring: ListAttachmentsQuery,
        response: { 200: Page(AttachmentSchema), ...authErrors },
      },
    },
    async (req) => attachments.list(req.actor, req.query),
  );

  app.get(
    '/:attachment_uuid',
    {
      schema: {
        tags,
        summary: 'An attachment with its preview and storage URL',
        params: AttachmentParams,
        response: { 200: AttachmentDetailSchema, ...authErrors },
      },
    },
    async (req) => attachments.get(req.actor, req.params.attachment_uuid),
  );

  app.patch(
    '/:attachment_uuid',
    {
      schema: {
        tags,
        summary: 'Edit title, description, citation or visibility',
        params: AttachmentParams,
        body: PatchAttachmentBody,
        response: { 200: AttachmentSchema, ...authErrors },
      },
    },
    async (req) => attachments.patch(req.actor, req.params.attachment_uuid, req.body),
  );

  app.post(
    '/:attachment_uuid/export',
    {
      schema: {
        tags,
        summary: 'A time-limited download link (HWA_SIGNED_URL_TTL, default 15 minutes)',
        params: AttachmentParams,
        response: { 200: ExportResult, ...authErrors },
      },
    },
    async (req) => attachments.export(req.actor, req.params.attachment_uuid),
  );

  app.get(
    '/:attachment_uuid/annotations',
    {
      schema: {
        tags: ['annotations'],
        summary: 'The annotations on an attachment',
        params: AttachmentParams,
        response: { 200: Type.Array(AnnotationSchema), ...authErrors },
      },
    },
    async (req) => deps.services.annotations.listOfAttachment(req.actor, req.params.attachment_uuid),
  );
};
