// /api/v1/skills: one line per handler into the service. SKILL.md import and export: skill-md.routes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { Type } from 'typebox';
import { Page, authErrors, problem } from '../../core/schemas.js';
import { validatorCompiler } from '../../core/validation.js';
import type { AppDeps } from '../services.js';
import { explainLeadingSlash } from './skills.rules.js';
import {
  CreateSkillBody,
  ListSkillsQuery,
  ResolveQuery,
  ReviewBody,
  RollbackBody,
  SkillParams,
  SkillSchema,
  SkillVersionSchema,
  UpdateSkillBody,
} from './skills.schemas.js';

/** The house validator, with a message for `/thermal-derating` sent as a power command that says what to do. */
const skillsValidator: FastifySchemaCompiler<object> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  return (data: unknown) =>
    validate(data) === true || { error: explainLeadingSlash(validate.errors ?? [], data) };
};

/** approve and reject take an optional body: none at all reads as `{}`. */
async function emptyBodyIsEmptyObject(req: FastifyRequest): Promise<void> {
  if (req.body === undefined || req.body === null) req.body = {};
}

const commandTaken = problem(
  '`power_command_taken`: the command is held by another skill its owner can invoke (named in `detail`, its id in `skill_id`)',
);
const ownerOrAdmin = problem('you may see the skill but are neither its owner nor an admin');

export const skillsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const skills = deps.services.skills;
  const tags = ['skills'];
  app.setValidatorCompiler(skillsValidator);

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a skill (version 1)',
        description:
          'A personal (`user`) skill, or an admin’s global one, is `approved` at once; a global skill ' +
          'created by anyone else is `pending_approval` until an admin approves it.',
        body: CreateSkillBody,
        response: { 201: SkillSchema, ...authErrors, 409: commandTaken },
      },
    },
    async (req, reply) => reply.code(201).send(await skills.create(req.actor, req.body)),
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'The skills you can see',
        description:
          'Your own, the approved global ones, and for admins every global skill and every skill with a ' +
          'version waiting for review. Oldest first.',
        querystring: ListSkillsQuery,
        response: { 200: Page(SkillSchema), ...authErrors },
      },
    },
    async (req) => skills.list(req.actor, req.query),
  );

  app.get(
    '/resolve',
    {
      schema: {
        tags,
        summary: 'The skill a slash command invokes for you',
        description:
          'Your own skill with that power command first, else the approved global one; only approved ' +
          'versions are invoked. 404 when none answers.',
        querystring: ResolveQuery,
        response: { 200: SkillSchema, ...authErrors },
      },
    },
    async (req) => skills.resolve(req.actor, req.query.command),
  );

  app.get(
    '/:skill_id',
    {
      schema: {
        tags,
        summary: 'A skill',
        params: SkillParams,
        response: { 200: SkillSchema, ...authErrors },
      },
    },
    async (req) => skills.get(req.actor, req.params.skill_id),
  );

  app.patch(
    '/:skill_id',
    {
      schema: {
        tags,
        summary: 'Update a skill (a new version)',
        description:
          'Fields not given are carried over from the current version. On a global skill (or one becoming ' +
          'global) a non-admin’s version waits as `pending_version` for an admin; a version still waiting ' +
          'is then `superseded`.',
        params: SkillParams,
        body: UpdateSkillBody,
        response: { 200: SkillSchema, ...authErrors, 403: ownerOrAdmin, 409: commandTaken },
      },
    },
    async (req) => skills.update(req.actor, req.params.skill_id, req.body),
  );

  app.delete(
    '/:skill_id',
    {
      schema: {
        tags,
        summary: 'Delete a skill',
        params: SkillParams,
        response: { 204: Type.Null({ description: 'deleted' }), ...authErrors, 403: ownerOrAdmin },
      },
    },
    async (req, reply) => {
      await skills.remove(req.actor, req.params.skill_id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:skill_id/versions',
    {
      schema: {
        tags,
        summary: 'Every version of a skill, oldest first',
        params: SkillParams,
        response: { 200: Type.Array(SkillVersionSchema), ...authErrors },
      },
    },
    async (req) => skills.versions(req.actor, req.params.skill_id),
  );

  app.post(
    '/:skill_id/rollback',
    {
      schema: {
        tags,
        summary: 'Make an earlier version current again (as a new version)',
        description:
          'Appends a copy of `version_number` with the change summary "Rolled back to version N."; it ' +
          'waits for an admin where an update would. 404 for a version the skill does not have.',
        params: SkillParams,
        body: RollbackBody,
        response: {
          200: SkillSchema,
          ...authErrors,
          403: ownerOrAdmin,
          409: problem(
            '`state_conflict`: that version is already the current one, or is the one waiting for review; ' +
              'or `power_command_taken`',
          ),
        },
      },
    },
    async (req) => skills.rollback(req.actor, req.params.skill_id, req.body.version_number),
  );

  for (const verdict of ['approve', 'reject'] as const) {
    app.post(
      `/:skill_id/${verdict}`,
      {
        preValidation: emptyBodyIsEmptyObject,
        schema: {
          tags,
          summary:
            verdict === 'approve'
              ? 'Approve the waiting version (admins)'
              : 'Reject the waiting version (admins)',
          description:
            verdict === 'approve'
              ? 'The pending version becomes current; a global one is then everyone’s. The body is optional.'
              : 'The pending version is kept in the history as `rejected`; the current version stays. The body is optional.',
          params: SkillParams,
          body: ReviewBody,
          response: {
            200: SkillSchema,
            ...authErrors,
            403: problem('only admins approve or reject skills'),
            409: problem(
              verdict === 'approve'
                ? '`state_conflict`: no version is waiting; or `power_command_taken`: another skill took the command meanwhile'
                : '`state_conflict`: no version is waiting',
            ),
          },
        },
      },
      async (req) => skills[verdict](req.actor, req.params.skill_id, req.body),
    );
  }
};
