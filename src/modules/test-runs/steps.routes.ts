// /api/v1/test-runs/{run_id}/cards/{card_id}/steps and their observations: one line per handler.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors, bodyErrors } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import {
  CardParams,
  CreateObservationBody,
  CreateStepBody,
  StepParams,
  UpdateStepBody,
} from './test-runs.requests.js';
import { ObservationSchema, TestStepSchema } from './test-runs.schemas.js';

const STEPS = '/:run_id/cards/:card_id/steps';

export const testStepsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const steps = deps.services.testSteps;
  const tags = ['test runs'];

  app.post(
    STEPS,
    {
      schema: {
        tags,
        summary: 'Add a step to a test card',
        description: 'Status `todo` unless `measurements` decide it (see PATCH).',
        params: CardParams,
        body: CreateStepBody,
        response: { 201: TestStepSchema, ...authErrors, ...bodyErrors },
      },
    },
    async (req, reply) => {
      const { run_id, card_id } = req.params;
      return reply.code(201).send(await steps.create(req.actor, run_id, card_id, req.body));
    },
  );

  app.patch(
    `${STEPS}/:step_id`,
    {
      schema: {
        tags,
        summary: 'Record or change a step',
        description:
          'Only the fields given change; any status may follow any other. `ended_at` may not precede ' +
          '`started_at` (the stored one counts when only one is given). `measurements` replace the list.',
        params: StepParams,
        body: UpdateStepBody,
        response: { 200: TestStepSchema, ...authErrors, ...bodyErrors },
      },
    },
    async (req) => {
      const { run_id, card_id, step_id } = req.params;
      return steps.update(req.actor, run_id, card_id, step_id, req.body);
    },
  );

  app.delete(
    `${STEPS}/:step_id`,
    {
      schema: {
        tags,
        summary: 'Delete a step',
        params: StepParams,
        response: { 204: Type.Null({ description: 'deleted' }), ...authErrors },
      },
    },
    async (req, reply) => {
      const { run_id, card_id, step_id } = req.params;
      await steps.remove(req.actor, run_id, card_id, step_id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${STEPS}/:step_id/observations`,
    {
      schema: {
        tags,
        summary: 'Note an observation on a step',
        params: StepParams,
        body: CreateObservationBody,
        response: { 201: ObservationSchema, ...authErrors, ...bodyErrors },
      },
    },
    async (req, reply) => {
      const { run_id, card_id, step_id } = req.params;
      return reply.code(201).send(await steps.observe(req.actor, run_id, card_id, step_id, req.body));
    },
  );
};
