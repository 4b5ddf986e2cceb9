// Annotations: regions and paths marked on attachments.
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { attachments } from './attachments.js';

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
