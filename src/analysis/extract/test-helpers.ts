// Small builders shared by the extractor's unit tests: a document from a few rows or lines, and the
// model's relationships and entities in a form that reads well in an expectation.
import type { ReadDocument } from '../documents/types.js';
import { extractModel } from './extract.js';
import type { ExtractedModel, SourceDocument } from './types.js';

export const doc = (partial: Partial<ReadDocument>): ReadDocument => ({
  kind: 'text',
  text: '',
  blocks: [],
  tables: [],
  ...partial,
});

export const tableDoc = (name: string, rows: string[][]): SourceDocument => ({
  name,
  doc: doc({ tables: [{ rows, location: { table: 0 } }] }),
});

export const proseDoc = (name: string, ...paragraphs: string[]): SourceDocument => ({
  name,
  doc: doc({ blocks: paragraphs.map((text) => ({ kind: 'paragraph' as const, text, location: {} })) }),
});

export const rels = (m: ExtractedModel): string[] =>
  m.relationships.map((r) => `${r.sourceKey} ${r.relationshipType} ${r.targetKey}`).sort();

export const typeOf = (m: ExtractedModel, key: string): string | undefined =>
  m.entities.find((e) => e.key === key)?.entityType;

export const model = (...docs: SourceDocument[]): ExtractedModel => extractModel(docs);
