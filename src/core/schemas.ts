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

/** `{items, count}`: count is the total matching the filters, not the page size. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), count: Type.Integer({ minimum: 0 }) });
/** The static type of `Page(item)`: `Page<System>`. */
export type Page<T> = { items: T[]; count: number };

export const MessageResponse = Type.Object({ message: Type.String(), uuid: Uuid });
export type MessageResponse = Static<typeof MessageResponse>;

/** The error answers every authenticated route can give, for the OpenAPI document. */
export const authErrors = { 400: Problem, 401: Problem, 404: Problem } as const;
