// Turns every failure into RFC 9457 application/problem+json. Messages below 500 are shown (they are
// ours and name the field); anything else is logged with the request id and answered with a generic
// detail, so no stack trace, SQL or driver text ever reaches a client.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CATALOGUE, Errors, HwaError, problemType, type ErrorCode, type FieldError } from './errors.js';

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

const PART_NAMES: Record<string, string> = {
  querystring: 'query',
  body: 'body',
  params: 'params',
  headers: 'headers',
};

/** `/creates/3/type` under body -> `body.creates[3].type`. */
function fieldPath(part: string, instancePath: string, child?: unknown): string {
  const segments = instancePath.split('/').slice(1);
  if (typeof child === 'string') segments.push(child);
  return segments.reduce(
    (acc, seg) =>
      /^\d+$/.test(seg) ? `${acc}[${seg}]` : `${acc}.${seg.replace(/~1/g, '/').replace(/~0/g, '~')}`,
    part,
  );
}

export function fieldErrors(part: string, issues: readonly AjvIssue[]): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    // anyOf/oneOf repeat the branch errors; those say more than "must match a schema in anyOf".
    if (issue.keyword === 'anyOf' || issue.keyword === 'oneOf') continue;
    if (issue.keyword === 'required') {
      out.push({
        path: fieldPath(part, issue.instancePath, issue.params.missingProperty),
        message: 'is required',
      });
    } else if (issue.keyword === 'additionalProperties') {
      out.push({
        path: fieldPath(part, issue.instancePath, issue.params.additionalProperty),
        message: 'is not a known field',
      });
    } else if (issue.keyword === 'discriminator') {
      // A missing tag is already reported by `required`; a wrong one names the tag field.
      if (issue.params.error === 'tag' && issue.params.tagValue === undefined) continue;
      out.push({
        path: fieldPath(part, issue.instancePath, issue.params.tag),
        message: issue.params.error === 'tag' ? 'must be a string' : 'is not a known type',
      });
    } else if (issue.keyword === 'enum') {
      const allowed = (issue.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      out.push({ path: fieldPath(part, issue.instancePath), message: `must be one of ${allowed}` });
    } else {
      out.push({ path: fieldPath(part, issue.instancePath), message: issue.message ?? 'is invalid' });
    }
  }
  // A nullable field failing both branches says the same thing twice; keep each message once.
  return out.filter((e, i) => out.findIndex((o) => o.path === e.path && o.message === e.message) === i);
}

/** Fastify's own 4xx errors (body parsing, media type, size) mapped into the catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation',
};

/** Status -> code for Fastify's own 4xx errors; where codes share a status, the first listed wins. */
const STATUS_CODES = new Map<number, ErrorCode>(
  Object.entries(CATALOGUE)
    .reverse()
    .map(([code, entry]) => [entry.status, code as ErrorCode]),
);

/** SQLSTATE of a driver error, looking through drizzle's wrapper (DrizzleQueryError.cause). */
function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Fastify says only "Unsupported Media Type"; a newcomer's curl -d sends a form without knowing it. */
export function unsupportedMediaType(contentType: string | undefined): HwaError {
  const got = contentType ? `got "${contentType.split(';')[0]}"` : 'no Content-Type header';
  return new HwaError(
    'unsupported_media_type',
    `Unsupported media type (${got}): send the body as JSON with the header ` +
      '"Content-Type: application/json", or files as multipart/form-data (curl -F files=@name).',
  );
}

export function toHwaError(error: FastifyError, contentType?: string): HwaError | undefined {
  if (error instanceof HwaError) return error;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedMediaType(contentType);
  if (error.validation) {
    const part = error.validationContext ?? 'body';
    // A malformed id names no resource: 404, as for an unknown one (ids do not leak through 400s).
    if (part === 'params') {
      const param = (error.validation[0]?.instancePath ?? '').slice(1); // `/system_id` -> `system_id`
      return Errors.notFound(param.replace(/_id$/, '').replace(/_/g, ' ') || 'resource');
    }
    return Errors.validation(fieldErrors(PART_NAMES[part] ?? part, error.validation));
  }
  const fastifyCode = FASTIFY_CODES[error.code];
  if (fastifyCode) return new HwaError(fastifyCode, error.message);
  const state = sqlState(error);
  if (state === '23505') return Errors.alreadyExists('A record with the same unique value already exists.');
  // PostgreSQL text and jsonb cannot hold U+0000: 22021 (text) and 22P05 (jsonb) are the client's input.
  if (state === '22021' || state === '22P05') {
    return Errors.invalidField('body', 'text may not contain the NUL character (\\u0000)');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new HwaError(STATUS_CODES.get(status) ?? 'validation', error.message);
  }
  return undefined;
}

/** The RFC 9457 body of `error`; also written by hand on raw sockets (transport-errors.ts). */
export function problemBody(error: HwaError, requestId: string) {
  const entry = CATALOGUE[error.code];
  return {
    ...error.extensions,
    type: problemType(error.code),
    title: entry.title,
    status: entry.status,
    detail: error.detail,
    errors: error.errors,
    request_id: requestId,
  };
}

export function sendProblem(reply: FastifyReply, request: FastifyRequest, error: HwaError) {
  return reply.code(error.status).type('application/problem+json').send(problemBody(error, request.id));
}

/** A 500 that says nothing of the inside but the request id, under which the cause is logged. */
export const internalError = (requestId: string) =>
  new HwaError(
    'internal',
    `Something went wrong on our side. Quote request id ${requestId} when reporting it.`,
  );

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toHwaError(error, request.headers['content-type']);
    if (known) return sendProblem(reply, request, known);
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return sendProblem(reply, request, internalError(request.id));
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      request,
      new HwaError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`),
    ),
  );
}
