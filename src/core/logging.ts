// What request logs may show. A signed download link is a credential until it expires (anyone with
// the URL gets the file), so its signature never reaches a log; the bearer token is redacted too,
// should a debug log ever include headers.
import type { FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';

/** Query parameters whose values are credentials. */
const SECRET_PARAMETERS =
  /([?&](?:signature|X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_PARAMETERS, '$1[redacted]');

export function loggerOptions(level: string, stream?: DestinationStream) {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
    serializers: {
      // Fastify's own request serializer, with the URL's secrets redacted.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
