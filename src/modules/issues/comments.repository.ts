// SQL for issue comments, their attachments and their reactions. A deleted comment keeps its row
// (deleted_at set) and is read by nothing here but the delete itself.
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  attachments,
  issueCommentAttachments,
  issueCommentReactions,
  issueComments,
} from '../../db/schema.js';
import type { AttachmentRow } from '../attachments/attachments.repository.js';

export type CommentRow = typeof issueComments.$inferSelect;

export async function insertComment(
  ex: Executor,
  row: typeof issueComments.$inferInsert,
  attachmentIds: string[],
): Promise<CommentRow> {
  const comment = (await ex.insert(issueComments).values(row).returning())[0]!;
  if (attachmentIds.length > 0) {
    await ex
      .insert(issueCommentAttachments)
      .values(
        attachmentIds.map((attachmentId, position) => ({ commentId: comment.id, attachmentId, position })),
      );
  }
  return comment;
}

/** A live comment of this issue, or undefined (deleted, of another issue, or unknown). */
export async function findLiveComment(
  ex: Executor,
  issueId: string,
  id: string,
): Promise<CommentRow | undefined> {
  const rows = await ex
    .select()
    .from(issueComments)
    .where(and(eq(issueComments.id, id), eq(issueComments.issueId, issueId), isNull(issueComments.deletedAt)))
    .limit(1);
  return rows[0];
}

/** Oldest first; issue_comments_issue_idx (issue_id, created_at, id) WHERE live serves the page. */
export async function listLiveComments(
  ex: Executor,
  issueId: string,
  page: { limit: number; offset: number },
) {
  const where = and(eq(issueComments.issueId, issueId), isNull(issueComments.deletedAt));
  const [rows, total] = await Promise.all([
    ex
      .select()
      .from(issueComments)
      .where(where)
      .orderBy(asc(issueComments.createdAt), asc(issueComments.id))
      .limit(page.limit)
      .offset(page.offset),
    ex.select({ n: count() }).from(issueComments).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

/**
 * New content, marked edited. updated_at is at least a millisecond past created_at, so a client that
 * compares the two (as the answers show them, to the millisecond) sees an edit made in the same
 * millisecond as the post.
 */
export async function updateContent(
  ex: Executor,
  id: string,
  content: string,
): Promise<CommentRow | undefined> {
  const rows = await ex
    .update(issueComments)
    .set({
      content,
      isEdited: true,
      updatedAt: sql`greatest(now(), ${issueComments.createdAt} + interval '1 millisecond')`,
    })
    .where(and(eq(issueComments.id, id), isNull(issueComments.deletedAt)))
    .returning();
  return rows[0];
}

/** Marks the comment deleted; false when it already was (two concurrent deletes: one 204, one 404). */
export async function softDelete(ex: Executor, id: string): Promise<boolean> {
  const rows = await ex
    .update(issueComments)
    .set({ deletedAt: new Date() })
    .where(and(eq(issueComments.id, id), isNull(issueComments.deletedAt)))
    .returning({ id: issueComments.id });
  return rows.length > 0;
}

/** The attachments of each comment, in the order given at creation. */
export async function attachmentsOf(
  ex: Executor,
  commentIds: string[],
): Promise<{ commentId: string; attachment: AttachmentRow }[]> {
  if (commentIds.length === 0) return [];
  return ex
    .select({ commentId: issueCommentAttachments.commentId, attachment: attachments })
    .from(issueCommentAttachments)
    .innerJoin(attachments, eq(attachments.id, issueCommentAttachments.attachmentId))
    .where(inArray(issueCommentAttachments.commentId, commentIds))
    .orderBy(asc(issueCommentAttachments.commentId), asc(issueCommentAttachments.position));
}

export interface ReactionCount {
  commentId: string;
  emoji: string;
  count: number;
  mine: boolean;
}

/** Per comment and emoji: how many reacted, and whether `userId` did. One query for a whole page. */
export async function reactionsOf(
  ex: Executor,
  commentIds: string[],
  userId: string,
): Promise<ReactionCount[]> {
  if (commentIds.length === 0) return [];
  const r = issueCommentReactions;
  return ex
    .select({
      commentId: r.commentId,
      emoji: r.emoji,
      count: count(),
      mine: sql<boolean>`bool_or(${r.userId} = ${userId})`,
    })
    .from(r)
    .where(inArray(r.commentId, commentIds))
    .groupBy(r.commentId, r.emoji);
}

/** Idempotent: the unique (comment_id, emoji, user_id) index absorbs a second reaction. */
export async function addReaction(
  ex: Executor,
  commentId: string,
  userId: string,
  emoji: string,
): Promise<void> {
  await ex.insert(issueCommentReactions).values({ commentId, userId, emoji }).onConflictDoNothing();
}

export async function removeReaction(
  ex: Executor,
  commentId: string,
  userId: string,
  emoji: string,
): Promise<void> {
  const r = issueCommentReactions;
  await ex.delete(r).where(and(eq(r.commentId, commentId), eq(r.userId, userId), eq(r.emoji, emoji)));
}
