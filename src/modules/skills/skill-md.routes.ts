// GET /api/v1/skills/{id}/export and POST /api/v1/skills/import: a skill as a SKILL.md (skill-md.ts).
// Its own plugin, because the import reads text/markdown: the parser registered here serves only
// these routes, and the rest of the API stays JSON-only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HwaError } from '../../core/errors.js';
import { authErrors, problem } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { ImportQuery, SkillMarkdown, SkillParams, SkillSchema } from './skills.schemas.js';

const MARKDOWN = 'text/markdown';

export const skillMdRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const skills = deps.services.skills;
  const tags = ['skills'];

  // Only text/markdown (RFC 7763) is read here; anything else, JSON included, is a 415 that says what to send.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(MARKDOWN, { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('*', (req, _payload, done) => {
    const got = req.headers['content-type'];
    done(
      new HwaError(
        'unsupported_media_type',
        `Unsupported media type (${got ? `got "${got.split(';')[0]}"` : 'no Content-Type header'}): ` +
          'send the SKILL.md as it is with the header "Content-Type: text/markdown" ' +
          '(curl --data-binary @SKILL.md -H "Content-Type: text/markdown").',
      ),
    );
  });

  app.get(
    '/:skill_id/export',
    {
      schema: {
        tags,
        summary: 'A skill as a SKILL.md (Agent Skills format)',
        description:
          'YAML front matter with `name`, `description` and `metadata.power_command`, a blank line, then ' +
          'the instructions of the current version exactly as stored. POST /skills/import reads it back.',
        params: SkillParams,
        response: {
          200: { description: 'the SKILL.md', content: { [MARKDOWN]: { schema: SkillMarkdown } } },
          ...authErrors,
        },
      },
    },
    async (req, reply) =>
      reply
        .type(`${MARKDOWN}; charset=utf-8`)
        .header('content-disposition', 'attachment; filename="SKILL.md"')
        .send(await skills.exportMd(req.actor, req.params.skill_id)),
  );

  app.post(
    '/import',
    {
      schema: {
        tags,
        summary: 'Create a skill from a SKILL.md (Agent Skills format)',
        description:
          'The body is the file, sent as `text/markdown`. The command is `metadata.power_command`, or ' +
          'the `name` without one; `license`, `compatibility` and `allowed-tools` are accepted and not ' +
          'kept; any other front matter key is refused. Lines may end in CRLF (read as LF); one blank ' +
          'line after the front matter is not part of the instructions. Review rules as for POST /skills.',
        querystring: ImportQuery,
        body: { content: { [MARKDOWN]: { schema: SkillMarkdown } } },
        response: {
          201: SkillSchema,
          ...authErrors,
          409: problem('`power_command_taken`: the command is held by another skill you can invoke'),
          415: problem('the body is not text/markdown'),
        },
      },
    },
    // A request without a body reaches here with none (no parser ran): read as an empty file, refused as one.
    async (req, reply) =>
      reply
        .code(201)
        .send(await skills.importMd(req.actor, typeof req.body === 'string' ? req.body : '', req.query)),
  );
};
