// Comments on an issue, and reactions to them. Issues are team-wide, so every signed-in user reads,
// writes and reacts to any issue's comments; only a comment's author may change or delete it (others
// get 403: they can see it, so 404 would be untrue). A deleted issue's comments read as absent.
import type { Db } from '../../db/client.js';
import type { Actor } from '../../core/auth.js';
import { Errors, type FieldError } from '../../core/errors.js';
import { iso, newId } from '../../core/ids.js';
import type { Page } from '../../core/schemas.js';
import * as attachmentsRepo from '../attachments/attachments.repository.js';
import { toAttachment } from '../attachments/attachments.service.js';
import * as repo from './comments.repository.js';
import type { IssuesService } from './issues.service.js';
import {
  REACTION_EMOJI,
  type Comment,
  type CreateCommentBody,
  type ListCommentsQuery,
  type Reaction,
  type ReactionEmoji,
} from './comments.schemas.js';

const isReactionEmoji = (name: string): name is ReactionEmoji =>
  (REACTION_EMOJI as readonly string[]).includes(name);

/** `items` grouped by comment id: a page of 1,000 comments is read once, not once per comment. */
function byComment<T extends { commentId: string }>(items: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.commentId);
    if (group) group.push(item);
    else groups.set(item.commentId, [item]);
  }
  return groups;
}

/** Summaries in the documented emoji order, so a client can render them without sorting. */
export function reactionSummaries(counts: Omit<repo.ReactionCount, 'commentId'>[]): Reaction[] {
  return REACTION_EMOJI.flatMap((emoji) => {
    const found = counts.find((c) => c.emoji === emoji && c.count > 0);
    return found ? [{ emoji, count: found.count, reacted_by_me: found.mine }] : [];
  });
}

export class IssueCommentsService {
  constructor(
    private readonly db: Db,
    private readonly issues: IssuesService,
  ) {}

  private async liveComment(issueId: string, commentId: string): Promise<repo.CommentRow> {
    await this.issues.liveIssue(issueId);
    const row = await repo.findLiveComment(this.db, issueId, commentId);
    if (!row) throw Errors.notFound('comment');
    return row;
  }

  private async authored(actor: Actor, issueId: string, commentId: string): Promise<repo.CommentRow> {
    const row = await this.liveComment(issueId, commentId);
    if (row.authorId !== actor.userId) {
      throw Errors.forbidden('Only the author of a comment may edit or delete it.');
    }
    return row;
  }

  /** Comments as answered: attachments and reaction summaries in two queries for the whole page. */
  private async render(actor: Actor, rows: repo.CommentRow[]): Promise<Comment[]> {
    const ids = rows.map((r) => r.id);
    const [attached, reactions] = await Promise.all([
      repo.attachmentsOf(this.db, ids).then(byComment),
      repo.reactionsOf(this.db, ids, actor.userId).then(byComment),
    ]);
    return rows.map((row) => ({
      uuid: row.id,
      content: row.content,
      attachments: (attached.get(row.id) ?? []).map((a) => toAttachment(a.attachment)),
      created_by: row.createdBy,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
      is_edited: row.isEdited,
      is_deleted: row.deletedAt !== null,
      reactions: reactionSummaries(reactions.get(row.id) ?? []),
    }));
  }

  private async renderOne(actor: Actor, row: repo.CommentRow): Promise<Comment> {
    return (await this.render(actor, [row]))[0]!;
  }

  async list(actor: Actor, issueId: string, page: ListCommentsQuery): Promise<Page<Comment>> {
    await this.issues.liveIssue(issueId);
    const { rows, count } = await repo.listLiveComments(this.db, issueId, page);
    return { items: await this.render(actor, rows), count };
  }

  /** Every attachment must be one the author can see: others are refused by index, as unknown. */
  async create(actor: Actor, issueId: string, body: CreateCommentBody): Promise<Comment> {
    await this.issues.liveIssue(issueId);
    const given = (body.attachment_ids ?? []).map((id) => id.toLowerCase());
    const visible = await attachmentsRepo.visibleIds(this.db, actor.userId, [...new Set(given)]);
    const problems: FieldError[] = given.flatMap((id, i) =>
      visible.has(id)
        ? []
        : [{ path: `body.attachment_ids[${i}]`, message: 'names no attachment you can see' }],
    );
    if (problems.length > 0) throw Errors.validation(problems);
    const row = await this.db.transaction((tx) =>
      repo.insertComment(
        tx,
        { id: newId(), issueId, authorId: actor.userId, createdBy: actor.email, content: body.content },
        [...new Set(given)],
      ),
    );
    return this.renderOne(actor, row);
  }

  async edit(actor: Actor, issueId: string, commentId: string, content: string): Promise<Comment> {
    await this.authored(actor, issueId, commentId);
    const row = await repo.updateContent(this.db, commentId, content);
    if (!row) throw Errors.notFound('comment');
    return this.renderOne(actor, row);
  }

  async remove(actor: Actor, issueId: string, commentId: string): Promise<void> {
    await this.authored(actor, issueId, commentId);
    if (!(await repo.softDelete(this.db, commentId))) throw Errors.notFound('comment');
  }

  /** Anyone may react, once per emoji: a second PUT changes nothing and answers the same comment. */
  async react(actor: Actor, issueId: string, commentId: string, emoji: string): Promise<Comment> {
    const name = checkEmoji(emoji);
    const row = await this.liveComment(issueId, commentId);
    await repo.addReaction(this.db, commentId, actor.userId, name);
    return this.renderOne(actor, row);
  }

  /** Takes the caller's reaction back; taking back one never given is no error (the end state holds). */
  async unreact(actor: Actor, issueId: string, commentId: string, emoji: string): Promise<void> {
    const name = checkEmoji(emoji);
    await this.liveComment(issueId, commentId);
    await repo.removeReaction(this.db, commentId, actor.userId, name);
  }
}

function checkEmoji(emoji: string): ReactionEmoji {
  if (!isReactionEmoji(emoji)) {
    throw Errors.invalidField(
      'params.emoji',
      `must be one of ${REACTION_EMOJI.map((e) => `"${e}"`).join(', ')}`,
    );
  }
  return emoji;
}
