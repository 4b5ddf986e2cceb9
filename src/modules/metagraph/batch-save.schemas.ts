// The batch-save request and response (spec: Metagraph, "Batch save").
import { Type, type Static } from 'typebox';
import { Uuid, Int } from '../../core/schemas.js';
import { EntityTypeSchema, RelationshipTypeSchema } from './metagraph.schemas.js';

/** Limits the spec leaves open; generous for names and notes, small enough to keep rows sane. */
export const LIMITS = {
  localId: 200,
  name: 500,
  description: 10_000,
  propertyKey: 200,
  propertyValue: 10_000,
};

const Name = Type.String({ minLength: 1, maxLength: LIMITS.name });
const Description = Type.String({ maxLength: LIMITS.description });
const Ref = Type.String({
  minLength: 1,
  maxLength: LIMITS.localId,
  description: 'an entity UUID or a local_id',
});
const PropertyKey = { propertyNames: { minLength: 1, maxLength: LIMITS.propertyKey } };
const Properties = Type.Record(Type.String(), Type.String({ maxLength: LIMITS.propertyValue }), PropertyKey);
const PropertyPatch = Type.Record(
  Type.String(),
  Type.Union([Type.String({ maxLength: LIMITS.propertyValue }), Type.Null()]),
  { ...PropertyKey, description: 'a null value removes that key' },
);

export const EntityCreate = Type.Object(
  {
    local_id: Type.String({ minLength: 1, maxLength: LIMITS.localId }),
    type: EntityTypeSchema,
    name: Name,
    parent_ids: Type.Optional(Type.Array(Ref)),
    description: Type.Optional(Description),
    properties: Type.Optional(Properties),
  },
  { additionalProperties: false },
);

export const EntityUpdate = Type.Object(
  {
    id: Uuid,
    name: Type.Optional(Name),
    type: Type.Optional(EntityTypeSchema),
    parent_ids: Type.Optional(Type.Array(Ref, { description: 'replaces the parents: moves the entity' })),
    description: Type.Optional(Type.Union([Description, Type.Null()])),
    properties: Type.Optional(PropertyPatch),
  },
  { additionalProperties: false },
);

export const RelationshipCreate = Type.Object(
  {
    edge_type: RelationshipTypeSchema,
    source_id: Ref,
    target_id: Ref,
    name: Type.Optional(Type.String({ maxLength: LIMITS.name })),
    description: Type.Optional(Description),
    properties: Type.Optional(Properties),
  },
  { additionalProperties: false },
);

export const RelationshipUpdate = Type.Object(
  {
    id: Uuid,
    relationship_type: Type.Optional(RelationshipTypeSchema),
    name: Type.Optional(Type.String({ maxLength: LIMITS.name })),
    description: Type.Optional(Type.Union([Description, Type.Null()])),
    properties: Type.Optional(PropertyPatch),
  },
  { additionalProperties: false },
);

export const BatchSaveBody = Type.Object(
  {
    creates: Type.Optional(Type.Array(EntityCreate)),
    updates: Type.Optional(Type.Array(EntityUpdate)),
    deletes: Type.Optional(Type.Array(Uuid)),
    relationship_creates: Type.Optional(Type.Array(RelationshipCreate)),
    relationship_updates: Type.Optional(Type.Array(RelationshipUpdate)),
    relationship_deletes: Type.Optional(Type.Array(Uuid)),
    base_version: Type.Optional(
      Int({ description: 'refused with 409 when the metagraph is at another version' }),
    ),
  },
  { additionalProperties: false },
);
export type BatchSaveBody = Static<typeof BatchSaveBody>;
export type EntityCreate = Static<typeof EntityCreate>;
export type EntityUpdate = Static<typeof EntityUpdate>;
export type RelationshipCreate = Static<typeof RelationshipCreate>;
export type RelationshipUpdate = Static<typeof RelationshipUpdate>;

export const BatchSaveResult = Type.Object({
  version: Type.Integer(),
  entities_created: Type.Integer(),
  entities_updated: Type.Integer(),
  entities_deleted: Type.Integer(),
  relationships_created: Type.Integer(),
  relationships_updated: Type.Integer(),
  relationships_deleted: Type.Integer(),
  entity_ids: Type.Record(Type.String(), Uuid, {
    description:
      'the uuid of each created entity, by its local_id (not in the spec: lets a script chain calls)',
  }),
  relationship_ids: Type.Array(Uuid, {
    description:
      'the uuids of relationship_creates, in request order (not in the spec); generated CONTAINS edges are in the change set',
  }),
});
export type BatchSaveResult = Static<typeof BatchSaveResult>;
