// Issues: findings a team tracks (failures, anomalies, root causes, actions), team-wide, with comments,
// reactions, typed files and a history of every tracked change. Filed by people or by job runs.
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { attachments } from './attachments.js';
import { createdAt, deletedAt, updatedAt } from './columns.js';
import { sessions } from './sessions.js';
import { systems } from './systems.js';
import { users } from './users.js';

export const ISSUE_STATUSES = ['open', 'in_progress', 'resolved', 'rejected'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export const ISSUE_PRIORITIES = ['low', 'medium', 'high'] as const;
export type IssuePriority = (typeof ISSUE_PRIORITIES)[number];

/** PostgreSQL full-text vector; written only by the generated columns below. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const issues = pgTable(
  'issues',
  {
    id: uuid('id').primaryKey(),
    systemId: uuid('system_id').references(() => systems.id),
    title: text('title').notNull(),
    /** Structured blocks as sent (see issues.blocks.ts); `descriptionText` is their plain text. */
    description: jsonb('description').notNull(),
    descriptionText: text('description_text').notNull().default(''),
    status: text('status').$type<IssueStatus>().notNull(),
    priority: text('priority').$type<IssuePriority>().notNull(),
    /** low=1, medium=2, high=3: sorting by priority reads an index instead of a CASE per row. */
    priorityRank: smallint('priority_rank')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`CASE ${issues.priority} WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END`,
      ),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    owner: text('owner').notNull(),
    resolutionSummary: text('resolution_summary'),
    /** The author's e-mail, or "Assistant" for issues a job run filed (then `jobRunId` is set). */
    createdBy: text('created_by').notNull(),
    creatorId: uuid('creator_id').references(() => users.id),
    jobRunId: uuid('job_run_id'),
    /**
     * When the issue last moved to resolved or rejected; null while open or in progress. Metrics count
     * resolutions per week and the open backlog at each week's end from it (metrics.repository.ts).
     */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', ${issues.title}), 'A') || setweight(to_tsvector('english', ${issues.descriptionText}), 'B')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  // Chosen with EXPLAIN ANALYZE on 1M issues and 2M comments (bench/issues.mjs, bench/RESULTS.md).
  (t) => [
    // The default order; `closed_at` rides along so the weekly metrics read the window from the index
    // alone (an index-only scan: 25 ms where the heap-reading plan was a 450 ms sequential scan).
    index('issues_list_idx')
      .on(t.createdAt, t.id, t.closedAt)
      .where(sql`${t.deletedAt} IS NULL`),
    index('issues_status_priority_idx')
      .on(t.status, t.priority, t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    // Counting: a filtered list's `count` and the metrics pie. Two short keys deduplicate into posting
    // lists (7 MB against 57 MB for the index above), so counting 200k matches takes ~9 ms, not ~30.
    index('issues_status_idx')
      .on(t.status, t.priority)
      .where(sql`${t.deletedAt} IS NULL`),
    // Issues closed in the metrics window, with what the weekly chart groups by: index-only.
    index('issues_closed_idx')
      .on(t.closedAt, t.createdAt, t.status)
      .where(sql`${t.deletedAt} IS NULL AND ${t.closedAt} IS NOT NULL`),
    // Search joins its matches (issues and comments) back to live issues: with the live ids in their
    // own index that join reads no heap page (10k matches: ~45 ms instead of ~115 ms per page).
    index('issues_live_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('issues_system_idx')
      .on(t.systemId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('issues_search_idx').using('gin', t.search),
    index('issues_tags_idx').using('gin', t.tags),
  ],
);

export const issueSessions = pgTable(
  'issue_sessions',
  {
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    position: smallint('position').notNull(),
  },
  (t) => [uniqueIndex('issue_sessions_pk').on(t.issueId, t.sessionId)],
);

export const issueAttachments = pgTable(
  'issue_attachments',
  {
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id),
    position: smallint('position').notNull(),
  },
  (t) => [uniqueIndex('issue_attachments_pk').on(t.issueId, t.attachmentId)],
);

export const issueComments = pgTable(
  'issue_comments',
  {
    id: uuid('id').primaryKey(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id),
    /** Null for comments the service writes (`created_by` "Assistant"): no person may edit those. */
    authorId: uuid('author_id').references(() => users.id),
    createdBy: text('created_by').notNull(),
    content: text('content').notNull(),
    isEdited: boolean('is_edited').notNull().default(false),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('english', ${issueComments.content})`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('issue_comments_issue_idx')
      .on(t.issueId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('issue_comments_search_idx').using('gin', t.search),
  ],
);

export const issueCommentAttachments = pgTable(
  'issue_comment_attachments',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => issueComments.id),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id),
    position: smallint('position').notNull(),
  },
  (t) => [uniqueIndex('issue_comment_attachments_pk').on(t.commentId, t.attachmentId)],
);

export const issueCommentReactions = pgTable(
  'issue_comment_reactions',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => issueComments.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  // One reaction per person per emoji: reacting twice is idempotent.
  (t) => [uniqueIndex('issue_comment_reactions_pk').on(t.commentId, t.emoji, t.userId)],
);

export const issueFiles = pgTable(
  'issue_files',
  {
    id: uuid('id').primaryKey(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('issue_files_issue_idx').on(t.issueId, t.createdAt, t.id)],
);

export const ISSUE_TRACKED_FIELDS = ['status', 'priority', 'owner', 'title', 'tags'] as const;
export type IssueTrackedField = (typeof ISSUE_TRACKED_FIELDS)[number];

/** One tracked change: who moved which field from what to what, and when. Append-only. */
export const issueHistory = pgTable(
  'issue_history',
  {
    id: uuid('id').primaryKey(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id),
    field: text('field').$type<IssueTrackedField>().notNull(),
    /** Old and new values as JSON (a string, or an array for tags); null when there was none. */
    fromValue: jsonb('from_value'),
    toValue: jsonb('to_value'),
    changedBy: text('changed_by').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('issue_history_issue_idx').on(t.issueId, t.changedAt, t.id)],
);

/**
 * One row per failure a job run filed an issue for (`generate_issue`): a failed step
 * (`step:<step id>`) or a telemetry finding (`finding:<run id>:<finding id>`, the finding id hashing
 * file, kind, channels and start row). The primary key is what stops two runs, even concurrent ones,
 * from filing the same failure twice: the second one's insert conflicts and it comments instead.
 */
export const issueFailureKeys = pgTable('issue_failure_keys', {
  key: text('key').primaryKey(),
  issueId: uuid('issue_id')
    .notNull()
    .references(() => issues.id),
  createdAt: createdAt(),
});
