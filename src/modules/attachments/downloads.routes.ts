// GET /downloads/{attachment_id}?expires=…&signature=…: the link `export` hands out for files kept on
// the filesystem. No bearer token: the HMAC signature is the credential (403 when bad or expired).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { Int, problem } from '../../core/schemas.js';
import type { AppDeps } from '../services.js';
import { attachmentDisposition } from '../../storage/content-disposition.js';

export const downloadsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/:attachment_id',
    {
      schema: {
        tags: ['attachments'],
        summary: 'Download an exported attachment (signed link, no token)',
        security: [],
        params: Type.Object({ attachment_id: Type.String({ format: 'uuid' }) }),
        querystring: Type.Object(
          {
            expires: Int({ maximum: Number.MAX_SAFE_INTEGER, description: 'Unix seconds' }),
            signature: Type.String({ maxLength: 100 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            description: 'the file, sent with its stored content type',
            content: { '*/*': { schema: Type.Unsafe<Readable>({ type: 'string', format: 'binary' }) } },
          },
          403: problem('the signature is wrong or the link has expired'),
          404: problem('the attachment no longer exists'),
        },
      },
    },
    async (req, reply) => {
      const file = await deps.services.attachments.download(
        req.params.attachment_id,
        req.query.expires,
        req.query.signature,
      );
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
