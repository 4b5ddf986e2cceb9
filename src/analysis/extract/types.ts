// What the built-in extractor proposes from documents: entities and relationships keyed locally, each
// with where it came from. The metagraph_update job matches them to the existing metagraph and writes
// what is new or changed as pending items.
import type { Location, ReadDocument } from '../documents/types.js';

/** The spec's Entity types; the API's schemas use these lists too. */
export const ENTITY_TYPES = ['SYSTEM', 'SUBSYSTEM', 'COMPONENT', 'INTERFACE', 'RESOURCE', 'SIGNAL'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export const RELATIONSHIP_TYPES = [
  'CONTAINS',
  'DEPENDS_ON',
  'CONNECTS',
  'PROVIDES',
  'CONSUMES',
  'INFLUENCES',
] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

export interface Provenance {
  /** The document's id in hwa, when it has one (the job sets it). */
  documentId?: string;
  documentName: string;
  location: Location;
  /** Which extractor found it: bom_table, icd_table, n2_matrix, netlist, json_model, prose, llm. */
  extractor: string;
}

export interface ProposedEntity {
  /** Stable local key within one extraction: the normalised name. */
  key: string;
  name: string;
  entityType: EntityType;
  /** Other names seen for it (acronym, full name, refdes, part number). */
  aliases: string[];
  /** A designator or id that identifies it across documents (refdes, part number), when there is one. */
  externalId?: string;
  description?: string;
  properties: Record<string, string>;
  /** Key of the containing entity (CONTAINS), when the documents say. */
  parentKey?: string;
  provenance: Provenance[];
}

export interface ProposedRelationship {
  sourceKey: string;
  targetKey: string;
  relationshipType: RelationshipType;
  name?: string;
  properties: Record<string, string>;
  provenance: Provenance[];
}

export interface ExtractedModel {
  entities: ProposedEntity[];
  relationships: ProposedRelationship[];
}

export interface SourceDocument {
  id?: string;
  name: string;
  doc: ReadDocument;
}

// Entry point (src/analysis/extract/extract.ts):
//   extractModel(documents: SourceDocument[]): ExtractedModel
// Pure and deterministic: the same documents give the same model (entities merged across documents by
// normalised name, aliases and externalId).
