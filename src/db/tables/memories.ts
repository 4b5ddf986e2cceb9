// Memory histories: every write and restore appends a version.
import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { entities } from './metagraph.js';
import { users } from './users.js';

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
