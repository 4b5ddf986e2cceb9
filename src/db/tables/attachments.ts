// Uploaded files (bytes in storage, a row here), their previews, and the sessions they are attached to.
import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { sessions } from './sessions.js';
import { users } from './users.js';

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
