// Schemas shared by every module, each beside its static type so contract and code cannot drift.
import { Type, type Static, type TSchema } from 'typebox';
import { problemType } from './errors.js';

export const Uuid = Type.String({ format: 'uuid', description: 'UUID' });
export const Timestamp = Type.String({ format: 'date-time', description: 'UTC ISO 8601 with milliseconds' });
export const Email = Type.String({ format: 'email', maxLength: 254 });

export const FieldErrorSchema = Type.Object({ path: Type.String(), message: Type.String() });

export const Problem = Type.Object(
  {
    type: Type.String({ examples: [problemType('not_found')] }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    errors: Type.Array(FieldErrorSchema),
    request_id: Type.String({ description: 'quote it when reporting a problem' }),
  },
  { additionalProperties: true, description: 'RFC 9457 problem details' },
);
export type Problem = Static<typeof Problem>;

/**
 * The largest integer any parameter or body field takes, unless it names a smaller one: PostgreSQL's
 * `integer` holds up to 2^31-1, and an offset or version beyond it (2^63, `1e21`) reached the database
 * as a 500 before it was a documented 400 here.
 */
export const MAX_INTEGER = 2_147_483_647;

/** A non-negative integer with the shared maximum; `options` may narrow it (minimum, maximum, default). */
export const Int = (
  options: { minimum?: number; maximum?: number; default?: number; description?: string } = {},
) => Type.Integer({ minimum: 0, maximum: MAX_INTEGER, ...options });

/** A metagraph or memory version: 1, 2, … (0 = before the first save, where a version may be 0). */
export const Version = (options: { minimum?: number; default?: number; description?: string } = {}) =>
  Int({ minimum: 1, ...options });

/** `{items, count}`: count is the total matching the filters, not the page size. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), count: Type.Integer({ minimum: 0 }) });
/** The static type of `Page(item)`: `Page<System>`. */
export type Page<T> = { items: T[]; count: number };

export const MessageResponse = Type.Object({ message: Type.String(), uuid: Uuid });
export type MessageResponse = Static<typeof MessageResponse>;

/** An error answer as it is sent: application/problem+json (RFC 9457), for the OpenAPI document. */
export const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: Problem } },
});

/**
 * The error answers any route can give, whatever its own rules: a malformed request line or header
 * (400, 431), a client too slow to send it (408), a fault on our side (500), a request arriving while the server stops (503).
 */
export const transportErrors = {
  400: problem('invalid request: every invalid field is listed in `errors`'),
  408: problem('the request (headers, or a body too slow for HWA_BODY_MIN_RATE) did not arrive in time'),
  431: problem('request headers too large'),
  500: problem('a fault on our side, logged under the request id'),
  503: problem('the server is shutting down or not ready'),
} as const;

/** What every authenticated route can answer beyond its success. */
export const authErrors = {
  ...transportErrors,
  401: problem('no, malformed, unknown or revoked bearer token'),
  404: problem('no live resource with that id (unknown, deleted or malformed)'),
} as const;

/** What a route that reads a request body can answer beyond authErrors. */
export const bodyErrors = {
  413: problem('request body larger than the limit'),
  415: problem('unsupported Content-Type: send application/json'),
} as const;
