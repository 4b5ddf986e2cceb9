// Issue file record (spec: Issue file record; Issues endpoints): an attachment filed on an issue under
// a type, such as the troubleshooting plan a job wrote or the test log a person attached. The spec
// shows `troubleshooting_plan` and no list, so a type is any lower-case snake_case name: open enough for
// a new kind of document, strict enough that `Test Log`, `test-log` and `test_log` cannot all appear.
import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.js';

export const FILE_TYPE_MAX = 64;
export const FILE_NAME_MAX = 255;
/** Lower-case letters and digits in words joined by single underscores, starting with a letter. */
export const SNAKE_CASE = '^[a-z][a-z0-9]*(_[a-z0-9]+)*$';
/** The types people and jobs use most; documented, not enforced. */
export const COMMON_FILE_TYPES = [
  'troubleshooting_plan',
  'root_cause_analysis',
  'test_log',
  'test_report',
  'corrective_action',
] as const;

const FileType = Type.String({
  minLength: 1,
  maxLength: FILE_TYPE_MAX,
  pattern: SNAKE_CASE,
  description:
    `lower-case snake_case, 1 to ${FILE_TYPE_MAX} characters, starting with a letter; common: ` +
    COMMON_FILE_TYPES.map((t) => `\`${t}\``).join(', '),
  examples: ['troubleshooting_plan'],
});

export const IssueFileSchema = Type.Object({
  uuid: Uuid,
  file_name: Type.String({ description: "display name; the attachment's name unless given" }),
  file_type: Type.String({ description: 'e.g. `troubleshooting_plan`' }),
  attachment_id: Uuid,
  created_by: Type.String({ description: 'who filed it: an e-mail' }),
  created_at: Timestamp,
});
export type IssueFile = Static<typeof IssueFileSchema>;

export const CreateIssueFileBody = Type.Object(
  {
    attachment_id: Uuid,
    file_type: FileType,
    file_name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: FILE_NAME_MAX,
        pattern: '\\S',
        description: `1 to ${FILE_NAME_MAX} characters, not only white space; default: the attachment's name`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateIssueFileBody = Static<typeof CreateIssueFileBody>;

export const ListIssueFilesQuery = Type.Object(
  { file_type: Type.Optional(FileType) },
  { additionalProperties: false },
);
export type ListIssueFilesQuery = Static<typeof ListIssueFilesQuery>;

export const IssueFilesParams = Type.Object({ issue_id: Uuid });
export const IssueFileParams = Type.Object({ issue_id: Uuid, file_id: Uuid });
