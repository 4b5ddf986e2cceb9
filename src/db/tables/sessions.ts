// Sessions: a user's private working threads.
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, deletedAt } from './columns.js';
import { users } from './users.js';

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
