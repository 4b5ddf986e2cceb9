// SQL for attachments and the visibility rule of the spec (Authentication 2): a user sees their own
// attachments and those the service created in their sessions; anything else reads as absent.
import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { attachments, sessionAttachments } from '../../db/schema.js';

export type AttachmentRow = typeof attachments.$inferSelect;
export const ASSISTANT = 'assistant';

export function visibleTo(userId: string): SQL {
  return sql`(${attachments.userId} = ${userId} OR (${attachments.createdBy} = ${ASSISTANT} AND EXISTS (
    SELECT 1 FROM session_attachments sa JOIN sessions s ON s.id = sa.session_id
    WHERE sa.attachment_id = ${attachments.id} AND s.user_id = ${userId} AND s.deleted_at IS NULL)))`;
}

export async function insertAttachments(ex: Executor, rows: (typeof attachments.$inferInsert)[]) {
  return rows.length === 0 ? [] : ex.insert(attachments).values(rows).returning();
}

export async function findVisible(
  ex: Executor,
  userId: string,
  id: string,
): Promise<AttachmentRow | undefined> {
  const rows = await ex
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, id), visibleTo(userId)))
    .limit(1);
  return rows[0];
}

/** Which of `ids` the user may see: one query for a whole list (session pre-association). */
export async function visibleIds(ex: Executor, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ex
    .select({ id: attachments.id })
    .from(attachments)
    .where(and(inArray(attachments.id, ids), visibleTo(userId)));
  return new Set(rows.map((r) => r.id));
}

export async function findById(ex: Executor, id: string): Promise<AttachmentRow | undefined> {
  const rows = await ex.select().from(attachments).where(eq(attachments.id, id)).limit(1);
  return rows[0];
}

export async function listVisible(
  ex: Executor,
  userId: string,
  filter: { sessionId?: string; type?: string; after?: Date; before?: Date; limit: number; offset: number },
): Promise<{ rows: AttachmentRow[]; count: number }> {
  const conditions: SQL[] = [visibleTo(userId)];
  if (filter.sessionId) {
    conditions.push(sql`EXISTS (SELECT 1 FROM session_attachments sa WHERE sa.attachment_id = ${attachments.id}
                                AND sa.session_id = ${filter.sessionId})`);
  }
  if (filter.type) conditions.push(eq(attachments.attachmentType, filter.type));
  if (filter.after) conditions.push(gte(attachments.createdAt, filter.after));
  if (filter.before) conditions.push(lte(attachments.createdAt, filter.before));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    ex
      .select()
      .from(attachments)
      .where(where)
      .orderBy(asc(attachments.createdAt), asc(attachments.id))
      .limit(filter.limit)
      .offset(filter.offset),
    ex.select({ n: count() }).from(attachments).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

export async function updateAttachment(
  ex: Executor,
  id: string,
  patch: Partial<Pick<AttachmentRow, 'title' | 'description' | 'citation' | 'isVisible'>>,
): Promise<AttachmentRow | undefined> {
  if (Object.keys(patch).length === 0) return findById(ex, id);
  const rows = await ex.update(attachments).set(patch).where(eq(attachments.id, id)).returning();
  return rows[0];
}

/** The attachments of a session, in the order they were attached. */
export async function listOfSession(ex: Executor, sessionId: string): Promise<AttachmentRow[]> {
  const rows = await ex
    .select({ attachment: attachments })
    .from(sessionAttachments)
    .innerJoin(attachments, eq(attachments.id, sessionAttachments.attachmentId))
    .where(eq(sessionAttachments.sessionId, sessionId))
    .orderBy(asc(sessionAttachments.createdAt), asc(attachments.id));
  return rows.map((r) => r.attachment);
}
