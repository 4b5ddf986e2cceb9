// One Drizzle schema for both databases (PGlite speaks the same PostgreSQL dialect).
// Ids are UUIDv7 made by the service: time-ordered, so inserts append to the primary-key B-tree.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  /** Identity is the e-mail, stored lower-cased so `Ann@x` and `ann@x` are one person. */
  email: text('email').notNull().unique(),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: createdAt(),
});

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** SHA-256 of the whole token, hex. The token itself is shown once and never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** First characters of the token, so a user can tell their tokens apart in a list. */
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId, t.createdAt)],
);

export const systems = pgTable(
  'systems',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    hasBlueprints: boolean('has_blueprints').notNull().default(false),
    /** Incremented by every metagraph batch save; `base_version` is checked against it. */
    metagraphVersion: integer('metagraph_version').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // Jobs address a system by id or by name, so a name must name one live system.
    uniqueIndex('systems_live_name_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`NOT ${t.isDeleted}`),
    index('systems_list_idx').on(t.createdAt, t.id),
  ],
);

const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'date' });

/** Key/value properties as the batch save sends them; exposed as sorted `attributes`. */
type Properties = Record<string, string>;

/**
 * `properties` as the `[{key, value}]` answers show them, kept in step by every write (see
 * attributesOf in entities.repository.ts). Stored as json, not jsonb, so reads copy the text as is:
 * building it per row on read was 1.3 s of the 1.9 s PostgreSQL spent on 100k entities' JSON.
 */
const attributesColumn = () =>
  json('attributes')
    .$type<{ key: string; value: string }[]>()
    .notNull()
    .default(sql`'[]'::json`);

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

export const entityMemoryVersions = pgTable(
  'entity_memory_versions',
  {
    id: uuid('id').primaryKey(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id),
    version: integer('version').notNull(),
    content: text('content').notNull(),
    author: text('author').notNull(),
    restoredFromVersion: integer('restored_from_version'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('entity_memory_versions_uq').on(t.entityId, t.version)],
);

export const userMemoryVersions = pgTable(
  'user_memory_versions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    version: integer('version').notNull(),
    content: text('content').notNull(),
    restoredFromVersion: integer('restored_from_version'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_memory_versions_uq').on(t.userId, t.version)],
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

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    /** Sessions are private: only their owner sees or changes them. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdBy: text('created_by').notNull(),
    title: text('title'),
    description: text('description'),
    importedProjects: uuid('imported_projects')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    isStarred: boolean('is_starred').notNull().default(false),
    starredAt: timestamp('starred_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.createdAt, t.id)],
);

export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey(),
    /** The user who owns it; null for files the service made (created_by = 'assistant'). */
    userId: uuid('user_id').references(() => users.id),
    createdBy: text('created_by').notNull(),
    name: text('name').notNull(),
    attachmentType: text('attachment_type').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    title: text('title'),
    description: text('description'),
    citation: text('citation'),
    sourceSessionId: uuid('source_session_id').references(() => sessions.id),
    /** Structured preview (CSV/JSON columns and first rows), null for other files. */
    content: jsonb('content'),
    isVisible: boolean('is_visible').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('attachments_user_idx').on(t.userId, t.createdAt, t.id)],
);

export const sessionAttachments = pgTable(
  'session_attachments',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('session_attachments_pk').on(t.sessionId, t.attachmentId),
    index('session_attachments_attachment_idx').on(t.attachmentId),
  ],
);

export const annotations = pgTable(
  'annotations',
  {
    id: uuid('id').primaryKey(),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id),
    annotationType: text('annotation_type').notNull(),
    content: jsonb('content').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('annotations_attachment_idx').on(t.attachmentId, t.createdAt, t.id)],
);
