// SQL for sessions and which attachments they hold.
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessionAttachments, sessions } from '../../db/schema.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(ex: Executor, row: typeof sessions.$inferInsert): Promise<SessionRow> {
  return (await ex.insert(sessions).values(row).returning())[0]!;
}

/** A live session of this user, or undefined (another user's session reads as absent). */
export async function findOwnSession(
  ex: Executor,
  userId: string,
  id: string,
): Promise<SessionRow | undefined> {
  const rows = await ex
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function listOwnSessions(ex: Executor, userId: string, page: { limit: number; offset: number }) {
  const where = and(eq(sessions.userId, userId), isNull(sessions.deletedAt));
  const [rows, total] = await Promise.all([
    ex
      .select()
      .from(sessions)
      .where(where)
      .orderBy(asc(sessions.createdAt), asc(sessions.id))
      .limit(page.limit)
      .offset(page.offset),
    ex.select({ n: count() }).from(sessions).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

export async function updateSession(
  ex: Executor,
  id: string,
  patch: Partial<Pick<SessionRow, 'title' | 'description' | 'isStarred' | 'starredAt'>>,
): Promise<SessionRow> {
  return (
    await ex
      .update(sessions)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(sessions.id, id))
      .returning()
  )[0]!;
}

export async function softDeleteSession(ex: Executor, id: string): Promise<void> {
  await ex.update(sessions).set({ deletedAt: new Date() }).where(eq(sessions.id, id));
}

export async function attach(ex: Executor, sessionId: string, attachmentIds: string[]): Promise<void> {
  if (attachmentIds.length === 0) return;
  await ex
    .insert(sessionAttachments)
    .values(attachmentIds.map((attachmentId) => ({ sessionId, attachmentId })))
    .onConflictDoNothing();
}

/** Removes the link; returns false when the attachment was not in the session. */
export async function detach(ex: Executor, sessionId: string, attachmentId: string): Promise<boolean> {
  const rows = await ex
    .delete(sessionAttachments)
    .where(
      and(eq(sessionAttachments.sessionId, sessionId), eq(sessionAttachments.attachmentId, attachmentId)),
    )
    .returning();
  return rows.length > 0;
}
