// SQL for the append-only history of an issue's tracked fields (status, priority, owner, title, tags).
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { issueHistory } from '../../db/schema.js';

export type HistoryRow = typeof issueHistory.$inferSelect;

export async function appendHistory(ex: Executor, rows: (typeof issueHistory.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await ex.insert(issueHistory).values(rows);
}

/** Oldest first; entries written by one change share `changed_at` and keep their id order. */
export async function listHistory(ex: Executor, issueId: string): Promise<HistoryRow[]> {
  return ex
    .select()
    .from(issueHistory)
    .where(eq(issueHistory.issueId, issueId))
    .orderBy(asc(issueHistory.changedAt), asc(issueHistory.id));
}
