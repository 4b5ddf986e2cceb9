// One Drizzle schema for both databases (PGlite speaks the same PostgreSQL dialect).
// Ids are UUIDv7 made by the service: time-ordered, so inserts append to the primary-key B-tree.
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
