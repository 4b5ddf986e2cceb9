// A system's model: entities, relationships and one change set per batch save.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, deletedAt, attributesColumn, type Properties } from './columns.js';
import { systems } from './systems.js';

export const entities = pgTable(
  'entities',
  {
    id: uuid('id').primaryKey(),
    systemId: uuid('system_id')
      .notNull()
      .references(() => systems.id),
    entityType: text('entity_type').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    externalId: text('external_id'),
    properties: jsonb('properties').$type<Properties>().notNull().default({}),
    attributes: attributesColumn(),
    artifacts: jsonb('artifacts').$type<unknown[]>().notNull().default([]),
    // The current memory is kept on the row (its history in entity_memory_versions) so a full
    // metagraph read of 100k entities needs no per-entity lookup.
    memory: text('memory').notNull().default(''),
    memoryUpdatedAt: timestamp('memory_updated_at', { withTimezone: true, mode: 'date' }),
    memoryContributors: text('memory_contributors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPending: boolean('is_pending').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('entities_system_idx').on(t.systemId, t.createdAt, t.id),
    index('entities_external_idx').on(t.systemId, t.externalId),
    // Full-text search over current entity memories (GET /system-memories).
    index('entities_memory_fts_idx').using('gin', sql`to_tsvector('english', ${t.memory})`),
  ],
);

export const relationships = pgTable(
  'relationships',
  {
    id: uuid('id').primaryKey(),
    systemId: uuid('system_id')
      .notNull()
      .references(() => systems.id),
    relationshipType: text('relationship_type').notNull(),
    name: text('name').notNull().default(''),
    description: text('description'),
    externalId: text('external_id'),
    sourceEntityId: uuid('source_entity_id')
      .notNull()
      .references(() => entities.id),
    targetEntityId: uuid('target_entity_id')
      .notNull()
      .references(() => entities.id),
    properties: jsonb('properties').$type<Properties>().notNull().default({}),
    attributes: attributesColumn(),
    artifacts: jsonb('artifacts').$type<unknown[]>().notNull().default([]),
    isPending: boolean('is_pending').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('relationships_system_idx').on(t.systemId, t.createdAt, t.id),
    // Walking CONTAINS down (descendants, cycle check) and finding the edges that touch an entity.
    index('relationships_source_idx')
      .on(t.sourceEntityId)
      .where(sql`NOT ${t.isDeleted}`),
    index('relationships_target_idx')
      .on(t.targetEntityId)
      .where(sql`NOT ${t.isDeleted}`),
  ],
);

/** One row per batch save: what it created, updated and deleted, for sync and history. */
export const metagraphChanges = pgTable(
  'metagraph_changes',
  {
    id: uuid('id').primaryKey(),
    systemId: uuid('system_id')
      .notNull()
      .references(() => systems.id),
    version: integer('version').notNull(),
    changedBy: text('changed_by').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    entitiesCreated: uuid('entities_created').array().notNull(),
    entitiesUpdated: uuid('entities_updated').array().notNull(),
    entitiesDeleted: uuid('entities_deleted').array().notNull(),
    relationshipsCreated: uuid('relationships_created').array().notNull(),
    relationshipsUpdated: uuid('relationships_updated').array().notNull(),
    relationshipsDeleted: uuid('relationships_deleted').array().notNull(),
  },
  (t) => [uniqueIndex('metagraph_changes_version_uq').on(t.systemId, t.version)],
);
