// Review of proposals (not in the spec; design.md: "people approve or reject them; approval is a
// batch save"): the pending items grouped by the run that proposed them, and approve/reject bodies.
import { Type, type Static } from 'typebox';
import { pageQuery } from '../../core/pagination.js';
import { Timestamp, Uuid } from '../../core/schemas.js';
import { EntityTypeSchema, RelationshipTypeSchema } from './metagraph.schemas.js';
import { LocationSchema } from '../documents/documents.schemas.js';

const Attribute = Type.Object({ key: Type.String(), value: Type.String() });

export const ProvenanceSchema = Type.Object({
  document_id: Type.Union([Uuid, Type.Null()]),
  document_name: Type.String(),
  location: LocationSchema,
  extractor: Type.String({ description: 'bom_table, icd_table, n2_matrix, netlist, json_model, prose, llm' }),
  source_deleted: Type.Optional(
    Type.Boolean({ description: 'true once the document was deleted: the item stays, its source is gone' }),
  ),
  source_deleted_at: Type.Optional(Timestamp),
});
export type ProvenanceItem = Static<typeof ProvenanceSchema>;

export const EntityProposalSchema = Type.Object({
  uuid: Uuid,
  entity_type: EntityTypeSchema,
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  external_id: Type.Union([Type.String(), Type.Null()]),
  attributes: Type.Array(Attribute, { description: 'the proposed properties (provenance keys included)' }),
  updates_entity_id: Type.Union([Uuid, Type.Null()], {
    description:
      'set when this proposes changed properties of an approved entity: approving patches that entity',
  }),
  parent_ids: Type.Array(Uuid, { description: 'parents of its pending CONTAINS proposals' }),
  provenance: Type.Array(ProvenanceSchema),
  created_at: Timestamp,
});
export type EntityProposal = Static<typeof EntityProposalSchema>;

export const RelationshipProposalSchema = Type.Object({
  uuid: Uuid,
  relationship_type: RelationshipTypeSchema,
  name: Type.String(),
  source_entity_id: Uuid,
  target_entity_id: Uuid,
  attributes: Type.Array(Attribute),
  provenance: Type.Array(ProvenanceSchema),
  created_at: Timestamp,
});
export type RelationshipProposal = Static<typeof RelationshipProposalSchema>;

export const ProposalGroupSchema = Type.Object({
  job_run_id: Type.Union([Uuid, Type.Null()], { description: 'the run that proposed them' }),
  entities: Type.Array(EntityProposalSchema),
  relationships: Type.Array(RelationshipProposalSchema),
});

export const ProposalsSchema = Type.Object({
  system_id: Uuid,
  count: Type.Integer({ description: 'pending items (entities and relationships) that match, all pages' }),
  entity_count: Type.Integer({ description: 'pending entities that match, all pages' }),
  relationship_count: Type.Integer({ description: 'pending relationships that match, all pages' }),
  rejected_count: Type.Integer({
    description:
      'rejections this system remembers (names, external ids, relationships, updates): later runs do not propose them again',
  }),
  runs: Type.Array(ProposalGroupSchema, {
    description:
      'this page, one group per run, oldest run first; within a run its entities, then its relationships',
  }),
});
export type Proposals = Static<typeof ProposalsSchema>;

export const ProposalsQuery = Type.Object(
  { job_run_id: Type.Optional(Uuid), ...pageQuery() },
  { additionalProperties: false },
);
export type ProposalsQuery = Static<typeof ProposalsQuery>;

export const ReviewBody = Type.Object(
  {
    ids: Type.Optional(
      Type.Array(Uuid, {
        minItems: 1,
        maxItems: 100_000,
        description: 'pending entity and relationship ids',
      }),
    ),
    job_run_id: Type.Optional(Uuid),
  },
  { additionalProperties: false, description: 'exactly one of ids and job_run_id' },
);
export type ReviewBody = Static<typeof ReviewBody>;

export const ApproveResult = Type.Object({
  version: Type.Integer({ description: 'the metagraph version the approval made' }),
  entities_approved: Type.Array(Uuid),
  entities_updated: Type.Array(Uuid, { description: 'approved entities patched by update proposals' }),
  relationships_approved: Type.Array(Uuid),
});
export type ApproveResult = Static<typeof ApproveResult>;

export const RejectResult = Type.Object({
  entities_rejected: Type.Array(Uuid),
  relationships_rejected: Type.Array(Uuid),
});
export type RejectResult = Static<typeof RejectResult>;
