// Issue and its requests (spec: Issue, Issue status, Issues endpoints, Limits). Beyond the spec:
// `system_id`, `updated_at`, the list's search/filters/sort, and the history of tracked changes.
import { Type, type Static } from 'typebox';
import { ISSUE_PRIORITIES, ISSUE_STATUSES, ISSUE_TRACKED_FIELDS } from '../../db/tables/issues.js';
import { Timestamp, Uuid } from '../../core/schemas.js';
import { pageQuery } from '../../core/pagination.js';
import { AttachmentSchema } from '../attachments/attachments.schemas.js';
import { Description } from './issues.blocks.js';

export {
  ISSUE_PRIORITIES,
  ISSUE_STATUSES,
  type IssuePriority,
  type IssueStatus,
} from '../../db/tables/issues.js';

export const DEFAULT_OWNER = 'Unassigned';
/** The `created_by` of issues a job run files (design.md: the service's own marker). */
export const ASSISTANT_CREATOR = 'Assistant';
export const MAX_TITLE = 500;
export const MAX_TAGS = 50;
export const MAX_TAG = 100;
export const MAX_OWNER = 254;
export const MAX_RESOLUTION = 10_000;
export const MAX_LINKS = 100;
export const MAX_QUERY = 200;

export const StatusSchema = Type.Enum([...ISSUE_STATUSES], { description: 'default `open`' });
export const PrioritySchema = Type.Enum([...ISSUE_PRIORITIES], { description: 'default `low`' });
const Title = Type.String({ minLength: 1, maxLength: MAX_TITLE, pattern: '\\S' });
const Tag = Type.String({ minLength: 1, maxLength: MAX_TAG });
const Tags = Type.Array(Tag, {
  maxItems: MAX_TAGS,
  description: `at most ${MAX_TAGS}; duplicates are dropped`,
});
const Owner = Type.String({ minLength: 1, maxLength: MAX_OWNER, description: 'a name or e-mail' });
const Resolution = Type.Union([Type.String({ maxLength: MAX_RESOLUTION }), Type.Null()]);
const Ids = (what: string) =>
  Type.Array(Uuid, { maxItems: MAX_LINKS, description: `${what} you can see, at most ${MAX_LINKS}` });

export const IssueSessionSchema = Type.Object({
  session_id: Uuid,
  session_title: Type.Union([Type.String(), Type.Null()]),
});

export const IssueSchema = Type.Object({
  uuid: Uuid,
  title: Type.String(),
  description: Description,
  status: StatusSchema,
  priority: PrioritySchema,
  tags: Type.Array(Type.String()),
  owner: Type.String(),
  resolution_summary: Type.Union([Type.String(), Type.Null()]),
  system_id: Type.Union([Uuid, Type.Null()], { description: 'the system the issue belongs to, if any' }),
  created_by: Type.String({ description: 'the creator’s e-mail, or "Assistant" for issues a job run filed' }),
  created_at: Timestamp,
  updated_at: Timestamp,
  sessions: Type.Array(IssueSessionSchema, { description: 'linked sessions, in the order given' }),
  attachments: Type.Array(AttachmentSchema, { description: 'directly attached files, in the order given' }),
  session_attachments: Type.Array(AttachmentSchema, {
    description: 'the files of the linked sessions, read now: a later upload to a session shows here',
  }),
  job_run_id: Type.Union([Uuid, Type.Null()], { description: 'the job run that filed it; null for people' }),
});
export type Issue = Static<typeof IssueSchema>;

export const CreateIssueBody = Type.Object(
  {
    title: Title,
    description: Description,
    status: Type.Optional(StatusSchema),
    priority: Type.Optional(PrioritySchema),
    tags: Type.Optional(Tags),
    owner: Type.Optional(Type.String({ ...Owner, description: `default "${DEFAULT_OWNER}"` })),
    resolution_summary: Type.Optional(Resolution),
    system_id: Type.Optional(Uuid),
    attachment_ids: Type.Optional(Ids('attachments')),
    session_ids: Type.Optional(Ids('your sessions')),
  },
  { additionalProperties: false },
);
export type CreateIssueBody = Static<typeof CreateIssueBody>;

export const UpdateIssueBody = Type.Object(
  {
    title: Type.Optional(Title),
    description: Type.Optional(Description),
    status: Type.Optional(StatusSchema),
    priority: Type.Optional(PrioritySchema),
    tags: Type.Optional(Type.Array(Tag, { maxItems: MAX_TAGS, description: 'replaces the tags' })),
    owner: Type.Optional(Owner),
    resolution_summary: Type.Optional(Resolution),
  },
  { additionalProperties: false },
);
export type UpdateIssueBody = Static<typeof UpdateIssueBody>;

export const ISSUE_SORTS = ['created_at', 'updated_at', 'priority', 'relevance'] as const;
export type IssueSort = (typeof ISSUE_SORTS)[number];

const Repeatable = <T extends Parameters<typeof Type.Array>[0]>(item: T, description: string) =>
  Type.Optional(Type.Array(item, { maxItems: 10, description }));

export const ListIssuesQuery = Type.Object(
  {
    status: Repeatable(Type.Enum([...ISSUE_STATUSES]), 'repeatable; an issue matching any value is listed'),
    priority: Repeatable(Type.Enum([...ISSUE_PRIORITIES]), 'repeatable; any value matches'),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_QUERY,
        description:
          'full-text search over title, description and comments (English stemming: "overheating" finds ' +
          '"overheated"); words are all required, `"a phrase"`, `or` and `-word` work as in a web search',
      }),
    ),
    tags: Repeatable(Tag, 'repeatable; an issue must carry every tag given'),
    owner: Type.Optional(Owner),
    created_by: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_OWNER })),
    system_id: Type.Optional(Uuid),
    created_after: Type.Optional(Type.String({ format: 'date-time', description: 'inclusive' })),
    created_before: Type.Optional(Type.String({ format: 'date-time', description: 'exclusive' })),
    sort: Type.Optional(
      Type.Enum([...ISSUE_SORTS], {
        description: 'default `relevance` when `q` is given, else `created_at`; `relevance` needs `q`',
      }),
    ),
    order: Type.Optional(
      Type.Enum(['asc', 'desc'], {
        description: 'default `desc` for `relevance`, `asc` otherwise (oldest first, as every list)',
      }),
    ),
    ...pageQuery(),
  },
  { additionalProperties: false },
);
export type ListIssuesQuery = Static<typeof ListIssuesQuery>;

export const IssueParams = Type.Object({ issue_id: Uuid });

const HistoryValue = Type.Union([Type.String(), Type.Array(Type.String()), Type.Null()]);
export const HistoryEntrySchema = Type.Object({
  uuid: Uuid,
  field: Type.Enum([...ISSUE_TRACKED_FIELDS]),
  from: HistoryValue,
  to: HistoryValue,
  changed_by: Type.String({ description: 'e-mail of who made the change' }),
  changed_at: Timestamp,
});
export type HistoryEntry = Static<typeof HistoryEntrySchema>;
