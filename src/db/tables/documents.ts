// Documents of a system (each also an attachment of the user who uploaded it) and their chunks.
// `content` keeps the reader's whole ReadDocument (blocks, tables, netlist, json) so the embedding job
// and the metagraph extractor never read the file again. Vectors are float32 `bytea`: a type that
// migrates on PGlite and on a PostgreSQL without pgvector; nearest-neighbour is an exact scan in
// bounded batches (see db/vector-search.ts and nearestChunks in modules/documents/chunk-vectors.repository.ts).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DocumentKind, Location, ReadDocument } from '../../analysis/documents/types.js';
import { attachments } from './attachments.js';
import { bytea, createdAt, deletedAt, updatedAt } from './columns.js';
import { systems } from './systems.js';

export type DocumentStatus = 'pending' | 'embedded' | 'failed';

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey(),
    systemId: uuid('system_id')
      .notNull()
      .references(() => systems.id),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id),
    name: text('name').notNull(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    status: text('status').$type<DocumentStatus>().notNull().default('pending'),
    /** The whole extracted text (ReadDocument.text). */
    text: text('text').notNull(),
    content: jsonb('content').$type<ReadDocument>().notNull(),
    pageCount: integer('page_count'),
    chunkCount: integer('chunk_count').notNull().default(0),
    /** The document_embedding run that embeds it (the upload answer's job_run_id). */
    jobRunId: uuid('job_run_id'),
    /** The embedding model the vectors came from; a search embeds its query with the same one. */
    embeddingModel: text('embedding_model'),
    error: text('error'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('documents_system_idx')
      .on(t.systemId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const documentChunks = pgTable(
  'document_chunks',
  {
    id: uuid('id').primaryKey(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    text: text('text').notNull(),
    location: jsonb('location').$type<Location>().notNull(),
    /** Unit-length vector (cosine = dot product); null until the embedding job reaches this chunk. */
    embedding: bytea('embedding'),
  },
  (t) => [uniqueIndex('document_chunks_document_idx').on(t.documentId, t.index)],
);
