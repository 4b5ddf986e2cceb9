// SQL for the files filed on issues. A file record is deleted outright: the table keeps no history,
// and the attachment itself stays (only its filing on this issue goes).
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { issueFiles } from '../../db/schema.js';

export type IssueFileRow = typeof issueFiles.$inferSelect;

export async function insertFile(ex: Executor, row: typeof issueFiles.$inferInsert): Promise<IssueFileRow> {
  return (await ex.insert(issueFiles).values(row).returning())[0]!;
}

/** Oldest first; issue_files_issue_idx (issue_id, created_at, id) serves it. */
export async function listFiles(ex: Executor, issueId: string, fileType?: string): Promise<IssueFileRow[]> {
  const where = fileType
    ? and(eq(issueFiles.issueId, issueId), eq(issueFiles.fileType, fileType))
    : eq(issueFiles.issueId, issueId);
  return ex.select().from(issueFiles).where(where).orderBy(asc(issueFiles.createdAt), asc(issueFiles.id));
}

/** Removes the record if it is filed on this issue; false otherwise. */
export async function deleteFile(ex: Executor, issueId: string, id: string): Promise<boolean> {
  const rows = await ex
    .delete(issueFiles)
    .where(and(eq(issueFiles.id, id), eq(issueFiles.issueId, issueId)))
    .returning({ id: issueFiles.id });
  return rows.length > 0;
}
