// GET /system-memories: search entity memories across systems (spec: System memory search result).
import { Type, type Static } from 'typebox';
import { pageQuery } from '../../core/pagination.js';
import { Timestamp, Uuid } from '../../core/schemas.js';
import { EntityTypeSchema } from '../metagraph/metagraph.schemas.js';

export const SORTS = ['relevance', 'updated_at', 'entity_name'] as const;

export const SystemMemoriesQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'full-text keywords' })),
    entity_ids: Type.Optional(Type.Array(Uuid, { maxItems: 1000 })),
    root_entity_ids: Type.Optional(
      Type.Array(Uuid, {
        maxItems: 1000,
        description: 'these entities and everything they CONTAIN, at any depth',
      }),
    ),
    contributors: Type.Optional(Type.Array(Type.String({ maxLength: 254 }), { maxItems: 100 })),
    sort_by: Type.Optional(
      Type.Enum([...SORTS], { description: 'default relevance with search, else updated_at (newest first)' }),
    ),
    ...pageQuery(20, 100),
  },
  { additionalProperties: false },
);
export type SystemMemoriesQuery = Static<typeof SystemMemoriesQuery>;

export const SystemMemoryResult = Type.Object({
  item: Type.Object({
    id: Uuid,
    content: Type.String(),
    source: Type.String({ description: '"manual" (written through the API) or "restore"' }),
    contributors: Type.Array(Type.String()),
    created_at: Timestamp,
    tags: Type.Array(Type.String()),
  }),
  system_id: Uuid,
  system_name: Type.String(),
  entity_id: Uuid,
  entity_name: Type.String(),
  entity_type: EntityTypeSchema,
});
export type SystemMemoryResult = Static<typeof SystemMemoryResult>;
