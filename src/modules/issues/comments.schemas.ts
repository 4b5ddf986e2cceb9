// Issue comment and its reactions (spec: Issue comment; Issues endpoints; Limits). Reactions are ours:
// the spec names `reactions` as "emoji reaction summaries" and shows no element, so each is
// {emoji, count, reacted_by_me}, with the emoji one of a short fixed list of names.
import { Type, type Static } from 'typebox';
import { DOCUMENTED_AS } from '../../core/openapi.js';
import { Timestamp, Uuid } from '../../core/schemas.js';
import { pageQuery } from '../../core/pagination.js';
import { AttachmentSchema } from '../attachments/attachments.schemas.js';

/** Spec Limits: comment `content` 1 to 10,000 characters, `attachment_ids` up to 10. */
export const COMMENT_CONTENT_MAX = 10_000;
export const COMMENT_ATTACHMENTS_MAX = 10;
/** Spec Limits: comments `limit` default 50, max 1000. */
export const COMMENTS_PAGE_DEFAULT = 50;
export const COMMENTS_PAGE_MAX = 1000;

/**
 * The reactions a comment takes, by short name, in the order they are shown: GitHub's eight (with
 * `tada` for its "hooray"), which every tracker user knows. Names, not emoji characters, so a URL
 * needs no percent-encoding beyond `+` (sent as is or as `%2B`).
 */
export const REACTION_EMOJI = ['+1', '-1', 'laugh', 'confused', 'heart', 'tada', 'rocket', 'eyes'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJI)[number];

const emojiList = REACTION_EMOJI.map((e) => `\`${e}\``).join(', ');

export const ReactionSchema = Type.Object({
  emoji: Type.Enum([...REACTION_EMOJI]),
  count: Type.Integer({ minimum: 1, description: 'how many people reacted with it' }),
  reacted_by_me: Type.Boolean({ description: 'whether the caller is one of them' }),
});
export type Reaction = Static<typeof ReactionSchema>;

export const CommentSchema = Type.Object({
  uuid: Uuid,
  content: Type.String(),
  attachments: Type.Array(AttachmentSchema, { description: 'in the order they were given' }),
  created_by: Type.String({ description: 'author e-mail' }),
  created_at: Timestamp,
  updated_at: Timestamp,
  is_edited: Type.Boolean({ description: 'true once the content was changed (PATCH)' }),
  is_deleted: Type.Boolean({ description: 'always false here: deleted comments are not shown' }),
  reactions: Type.Array(ReactionSchema, {
    description: `one entry per emoji with at least one reaction, in the order ${emojiList}`,
  }),
});
export type Comment = Static<typeof CommentSchema>;

const Content = Type.String({
  minLength: 1,
  maxLength: COMMENT_CONTENT_MAX,
  pattern: '\\S',
  description: `markdown, 1 to ${COMMENT_CONTENT_MAX} characters, not only white space`,
});

export const CreateCommentBody = Type.Object(
  {
    content: Content,
    attachment_ids: Type.Optional(
      Type.Array(Uuid, {
        maxItems: COMMENT_ATTACHMENTS_MAX,
        description: `up to ${COMMENT_ATTACHMENTS_MAX} attachments you can see; a repeated id is kept once`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateCommentBody = Static<typeof CreateCommentBody>;

export const PatchCommentBody = Type.Object(
  { content: Content },
  { additionalProperties: false, description: 'replaces the content; attachments stay' },
);
export type PatchCommentBody = Static<typeof PatchCommentBody>;

export const ListCommentsQuery = Type.Object(pageQuery(COMMENTS_PAGE_DEFAULT, COMMENTS_PAGE_MAX), {
  additionalProperties: false,
});
export type ListCommentsQuery = Static<typeof ListCommentsQuery>;

export const IssueCommentsParams = Type.Object({ issue_id: Uuid });
export const CommentParams = Type.Object({ issue_id: Uuid, comment_id: Uuid });

/**
 * Any text reaches the service, which refuses an unknown name with 400 naming `params.emoji`: a path
 * parameter failing its schema answers 404 (a malformed id names no resource), which would tell a
 * client nothing about the emoji list. The document shows the list as an enum.
 */
export const ReactionParams = Type.Object({
  issue_id: Uuid,
  comment_id: Uuid,
  emoji: Type.String({
    [DOCUMENTED_AS]: Type.String({ enum: [...REACTION_EMOJI], description: `one of ${emojiList}` }),
  }),
});
