// Memory and Memory version (spec: Memory, Memory version; Limits).
import { Type, type Static } from 'typebox';
import { Timestamp, Version } from '../../core/schemas.js';

export const USER_MEMORY_MAX = 10_000;
/** The spec bounds only user memories; entity notes may hold a longer test history. */
export const ENTITY_MEMORY_MAX = 100_000;

export const UserMemorySchema = Type.Object({
  content: Type.String({ description: 'markdown; "" when none yet' }),
  updated_at: Type.Union([Timestamp, Type.Null()]),
});
export type UserMemory = Static<typeof UserMemorySchema>;

export const EntityMemorySchema = Type.Object({
  ...UserMemorySchema.properties,
  contributors: Type.Array(Type.String(), { description: 'e-mails of everyone who wrote a version' }),
});
export type EntityMemory = Static<typeof EntityMemorySchema>;

export const MemoryVersionSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  content: Type.String(),
  updated_at: Timestamp,
  restored_from_version: Type.Union([Type.Integer(), Type.Null()]),
});
export type MemoryVersion = Static<typeof MemoryVersionSchema>;

export const PutUserMemoryBody = Type.Object(
  { content: Type.String({ maxLength: USER_MEMORY_MAX }) },
  { additionalProperties: false },
);
export const PutEntityMemoryBody = Type.Object(
  { content: Type.String({ maxLength: ENTITY_MEMORY_MAX }) },
  { additionalProperties: false },
);
export const RestoreBody = Type.Object({ version: Version() }, { additionalProperties: false });
