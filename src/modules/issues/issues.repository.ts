// SQL for issues and their links to sessions and attachments. Returns undefined when no live row
// matches; the service decides what that means. The search list lives in issues-list.repository.ts.
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  attachments,
  issueAttachments,
  issues,
  issueSessions,
  sessionAttachments,
  sessions,
} from '../../db/schema.js';
import type { AttachmentRow } from '../attachments/attachments.repository.js';

/** Every column but the search vector, which only the database reads (a few KB per issue). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- `search` is left out on purpose
const { search: _search, ...issueColumns } = getTableColumns(issues);
export type IssueRow = Omit<typeof issues.$inferSelect, 'search'>;
export type NewIssue = Omit<typeof issues.$inferInsert, 'search' | 'priorityRank'>;

export async function insertIssue(ex: Executor, row: NewIssue): Promise<IssueRow> {
  return (await ex.insert(issues).values(row).returning(issueColumns))[0]!;
}

export async function findLiveIssue(ex: Executor, id: string): Promise<IssueRow | undefined> {
  const rows = await ex
    .select(issueColumns)
    .from(issues)
    .where(and(eq(issues.id, id), isNull(issues.deletedAt)))
    .limit(1);
  return rows[0];
}

/** Live issues by id, in no particular order (the caller orders them). */
export async function findLiveIssues(ex: Executor, ids: string[]): Promise<IssueRow[]> {
  if (ids.length === 0) return [];
  return ex
    .select(issueColumns)
    .from(issues)
    .where(and(inArray(issues.id, ids), isNull(issues.deletedAt)));
}

/** Which of `ids` are live sessions of `userId` (sessions are private to their owner). */
export async function ownSessionIds(ex: Executor, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ex
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), eq(sessions.userId, userId), isNull(sessions.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

export async function linkSessions(ex: Executor, issueId: string, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await ex
    .insert(issueSessions)
    .values(sessionIds.map((sessionId, position) => ({ issueId, sessionId, position })));
}

export async function linkAttachments(ex: Executor, issueId: string, attachmentIds: string[]): Promise<void> {
  if (attachmentIds.length === 0) return;
  await ex
    .insert(issueAttachments)
    .values(attachmentIds.map((attachmentId, position) => ({ issueId, attachmentId, position })));
}

/** The live sessions linked to each issue, in the order they were given. */
export async function linkedSessions(ex: Executor, issueIds: string[]) {
  if (issueIds.length === 0) return [];
  return ex
    .select({ issueId: issueSessions.issueId, sessionId: sessions.id, title: sessions.title })
    .from(issueSessions)
    .innerJoin(sessions, eq(sessions.id, issueSessions.sessionId))
    .where(and(inArray(issueSessions.issueId, issueIds), isNull(sessions.deletedAt)))
    .orderBy(asc(issueSessions.issueId), asc(issueSessions.position));
}

/** The attachments linked to each issue directly, in the order they were given. */
export async function linkedAttachments(
  ex: Executor,
  issueIds: string[],
): Promise<{ issueId: string; attachment: AttachmentRow }[]> {
  if (issueIds.length === 0) return [];
  return ex
    .select({ issueId: issueAttachments.issueId, attachment: attachments })
    .from(issueAttachments)
    .innerJoin(attachments, eq(attachments.id, issueAttachments.attachmentId))
    .where(inArray(issueAttachments.issueId, issueIds))
    .orderBy(asc(issueAttachments.issueId), asc(issueAttachments.position));
}

/**
 * The files of each issue's live linked sessions, read at query time (an upload after linking shows):
 * session by session in link order, each session's files in the order they were attached.
 */
export async function sessionFiles(
  ex: Executor,
  issueIds: string[],
): Promise<{ issueId: string; attachment: AttachmentRow }[]> {
  if (issueIds.length === 0) return [];
  return ex
    .select({ issueId: issueSessions.issueId, attachment: attachments })
    .from(issueSessions)
    .innerJoin(sessions, eq(sessions.id, issueSessions.sessionId))
    .innerJoin(sessionAttachments, eq(sessionAttachments.sessionId, issueSessions.sessionId))
    .innerJoin(attachments, eq(attachments.id, sessionAttachments.attachmentId))
    .where(and(inArray(issueSessions.issueId, issueIds), isNull(sessions.deletedAt)))
    .orderBy(
      asc(issueSessions.issueId),
      asc(issueSessions.position),
      asc(sessionAttachments.createdAt),
      asc(attachments.id),
    );
}

export async function updateIssue(
  ex: Executor,
  id: string,
  patch: Partial<
    Pick<
      IssueRow,
      | 'title'
      | 'description'
      | 'descriptionText'
      | 'status'
      | 'priority'
      | 'tags'
      | 'owner'
      | 'resolutionSummary'
      | 'closedAt'
    >
  >,
): Promise<IssueRow> {
  return (
    await ex
      .update(issues)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(issues.id, id))
      .returning(issueColumns)
  )[0]!;
}

/** Locks the live issue's row for this transaction (concurrent PATCHes record history in order). */
export async function lockLiveIssue(ex: Executor, id: string): Promise<IssueRow | undefined> {
  const rows = await ex
    .select(issueColumns)
    .from(issues)
    .where(and(eq(issues.id, id), isNull(issues.deletedAt)))
    .for('update');
  return rows[0];
}

export async function softDeleteIssue(ex: Executor, id: string): Promise<boolean> {
  const rows = await ex
    .update(issues)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(issues.id, id), isNull(issues.deletedAt)))
    .returning({ id: issues.id });
  return rows.length > 0;
}
