// Entity, Relationship, full metagraph and change-set resources, as the spec lists their fields.
import { Type, type Static } from 'typebox';
import { pageQuery } from '../../core/pagination.js';
import { Timestamp, Uuid, Int } from '../../core/schemas.js';

// The spec's vocabulary, defined once beside the extractor that proposes in it.
import { ENTITY_TYPES, RELATIONSHIP_TYPES } from '../../analysis/extract/types.js';
export {
  ENTITY_TYPES,
  RELATIONSHIP_TYPES,
  type EntityType,
  type RelationshipType,
} from '../../analysis/extract/types.js';

export const EntityTypeSchema = Type.Enum([...ENTITY_TYPES]);
export const RelationshipTypeSchema = Type.Enum([...RELATIONSHIP_TYPES]);

const Attribute = Type.Object({ key: Type.String(), value: Type.String() });
const Artifact = Type.Object({}, { additionalProperties: true });

/** Fields Entity and Relationship share. */
const bookkeeping = {
  uuid: Uuid,
  system_id: Uuid,
  description: Type.Union([Type.String(), Type.Null()]),
  external_id: Type.Union([Type.String(), Type.Null()]),
  attributes: Type.Array(Attribute, { description: 'the properties, sorted by key' }),
  artifacts: Type.Array(Artifact),
  memories: Type.String({ description: 'the current memory; "" when none' }),
  memories_updated_at: Type.Union([Timestamp, Type.Null()]),
  memories_contributors: Type.Array(Type.String()),
  is_deleted: Type.Boolean(),
  is_pending: Type.Boolean(),
  created_by: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const EntitySchema = Type.Object({
  ...bookkeeping,
  entity_type: EntityTypeSchema,
  name: Type.String(),
});
export type Entity = Static<typeof EntitySchema>;

export const RelationshipSchema = Type.Object({
  ...bookkeeping,
  relationship_type: RelationshipTypeSchema,
  name: Type.String(),
  source_entity_id: Uuid,
  target_entity_id: Uuid,
});
export type Relationship = Static<typeof RelationshipSchema>;

export const FullMetagraphSchema = Type.Object({
  system_id: Uuid,
  system_name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer({ description: 'the metagraph version these entities and relationships are at' }),
  entities: Type.Array(EntitySchema),
  relationships: Type.Array(RelationshipSchema),
});
export type FullMetagraph = Static<typeof FullMetagraphSchema>;

export const SystemParams = Type.Object({ system_id: Uuid });
export const EntityParams = Type.Object({ system_id: Uuid, entity_id: Uuid });
export const RelationshipParams = Type.Object({ system_id: Uuid, relationship_id: Uuid });

export const ListEntitiesQuery = Type.Object(
  {
    entity_type: Type.Optional(EntityTypeSchema),
    include_pending: Type.Boolean({ default: false }),
    external_id: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type ListEntitiesQuery = Static<typeof ListEntitiesQuery>;

export const ListRelationshipsQuery = Type.Object(
  {
    relationship_type: Type.Optional(RelationshipTypeSchema),
    include_pending: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);
export type ListRelationshipsQuery = Static<typeof ListRelationshipsQuery>;

const Ids = Type.Array(Uuid);
const ChangeGroup = Type.Object({ created: Ids, updated: Ids, deleted: Ids });

export const ChangeSetSchema = Type.Object({
  version: Type.Integer(),
  changed_by: Type.String(),
  changed_at: Timestamp,
  entities: ChangeGroup,
  relationships: ChangeGroup,
});
export type ChangeSet = Static<typeof ChangeSetSchema>;

export const ChangesQuery = Type.Object(
  {
    since_version: Int({ default: 0, description: 'changes after this version' }),
    ...pageQuery(),
  },
  { additionalProperties: false },
);
export type ChangesQuery = Static<typeof ChangesQuery>;
