// What reviewers rejected, remembered per system so a later metagraph_update over the same documents
// does not propose it again. Keyed by what the matcher compares (proposals.rules.ts `rejectionKeys`):
// an entity by its normalised name, each alias and its external_id; a relationship by its type and the
// normalised names of its ends; an update proposal by the approved entity's id and the proposed values.
// Forgotten all at once by DELETE /systems/{id}/metagraph/proposals/rejections.
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { systems } from './systems.js';

export type RejectionKind = 'entity_name' | 'entity_external_id' | 'relationship' | 'entity_update';

export const metagraphRejections = pgTable(
  'metagraph_rejections',
  {
    systemId: uuid('system_id')
      .notNull()
      .references(() => systems.id),
    kind: text('kind').$type<RejectionKind>().notNull(),
    key: text('key').notNull(),
    rejectedAt: timestamp('rejected_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    rejectedBy: text('rejected_by').notNull(),
    /** The run that proposed the rejected item, when it said. */
    jobRunId: uuid('job_run_id'),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.kind, t.key] })],
);
