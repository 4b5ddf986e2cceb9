// /api/v1/annotations: mark regions on an attachment, correct and remove them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import {
  AnnotationParams,
  AnnotationSchema,
  CreateAnnotationBody,
  CreatedAnnotationSchema,
  PatchAnnotationBody,
} from './annotations.schemas.js';

export const annotationsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const annotations = deps.services.annotations;
  const tags = ['annotations'];

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Annotate an attachment (bbox or path)',
        body: CreateAnnotationBody,
        response: { 201: CreatedAnnotationSchema, ...authErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await annotations.create(req.actor, req.body)),
  );

  app.patch(
    '/:annotation_id',
    {
      schema: {
        tags,
        summary: 'Replace the content of an annotation',
        params: AnnotationParams,
        body: PatchAnnotationBody,
        response: { 200: AnnotationSchema, ...authErrors },
      },
    },
    async (req) => annotations.patch(req.actor, req.params.annotation_id, req.body.annotation_content),
  );

  app.delete(
    '/:annotation_id',
    {
      schema: {
        tags,
        summary: 'Delete an annotation',
        params: AnnotationParams,
        response: { 204: Type.Null(), ...authErrors },
      },
    },
    async (req, reply) => {
      await annotations.remove(req.actor, req.params.annotation_id);
      return reply.code(204).send(null);
    },
  );
};
