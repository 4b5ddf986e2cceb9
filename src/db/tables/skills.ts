// Skills: versioned slash-command procedures. `skill_versions` is the history (append-only, numbered
// from 1 per skill); the `skills` row carries the current version's fields, so lists, search and
// command resolution read one row per skill, and its review state (see skills.rules.ts).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, updatedAt } from './columns.js';
import { users } from './users.js';

export const skills = pgTable(
  'skills',
  {
    id: uuid('id').primaryKey(),
    /** The creator, who alone sees a personal skill and may change it (beside admins). */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    createdBy: text('created_by').notNull(),
    groupId: uuid('group_id'),
    jobId: uuid('job_id'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    scope: text('scope').$type<'user' | 'global'>().notNull(),
    powerCommand: text('power_command').notNull(),
    instructions: text('instructions').notNull(),
    status: text('status').$type<'approved' | 'pending_approval' | 'rejected'>().notNull(),
    currentVersion: integer('current_version').notNull(),
    pendingVersion: integer('pending_version'),
    /**
     * The current version is approved, so the skill can be invoked: false only for a global skill no
     * admin has approved yet. Approved and global, the skill is everyone's (published).
     */
    approved: boolean('approved').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // Backstops for the rule the service checks with a clear message (a command is unique among the
    // skills a user can invoke): one live skill per command per owner, and per command among the
    // published ones. A personal skill may share a published one's command: the owner's comes first.
    uniqueIndex('skills_owner_command_uq')
      .on(t.ownerId, t.powerCommand)
      .where(sql`${t.deletedAt} IS NULL`),
    uniqueIndex('skills_published_command_uq')
      .on(t.powerCommand)
      .where(sql`${t.approved} AND ${t.scope} = 'global' AND ${t.deletedAt} IS NULL`),
    index('skills_list_idx').on(t.createdAt, t.id),
  ],
);

export const skillVersions = pgTable(
  'skill_versions',
  {
    id: uuid('id').primaryKey(),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id),
    versionNumber: integer('version_number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    scope: text('scope').$type<'user' | 'global'>().notNull(),
    powerCommand: text('power_command').notNull(),
    instructions: text('instructions').notNull(),
    status: text('status').$type<'approved' | 'pending_approval' | 'rejected' | 'superseded'>().notNull(),
    changeSummary: text('change_summary'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewComment: text('review_comment'),
  },
  (t) => [uniqueIndex('skill_versions_uq').on(t.skillId, t.versionNumber)],
);
