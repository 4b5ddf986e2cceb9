// Systems: the root of everything a team models and tests.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, deletedAt } from './columns.js';

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
    updatedAt: updatedAt(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: deletedAt(),
  },
  (t) => [
    // Jobs address a system by id or by name, so a name must name one live system.
    uniqueIndex('systems_live_name_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`NOT ${t.isDeleted}`),
    index('systems_list_idx').on(t.createdAt, t.id),
  ],
);
