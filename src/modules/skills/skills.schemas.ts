// Skill and Skill version (spec: Skill, Skill version, Skills endpoints, Limits). The status values
// and their moves are ours (the spec leaves them open); skills.rules.ts holds them.
import { Type, type Static } from 'typebox';
import { Timestamp, Uuid, Version } from '../../core/schemas.js';
import { pageQuery } from '../../core/pagination.js';

export const SKILL_SCOPES = ['user', 'global'] as const;
export type SkillScope = (typeof SKILL_SCOPES)[number];
/** A skill's review state: what users get now, and whether a proposal waits for an admin. */
export const SKILL_STATUSES = ['approved', 'pending_approval', 'rejected'] as const;
export type SkillStatus = (typeof SKILL_STATUSES)[number];
/** A version's own review state; `superseded`: a proposal replaced by a later version before review. */
export const VERSION_STATUSES = ['approved', 'pending_approval', 'rejected', 'superseded'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

export const SKILL_NAME_MAX = 64;
export const POWER_COMMAND_MAX = 64;
export const SKILL_DESCRIPTION_MAX = 1024;
/** The spec gives no bound; 100,000 characters hold a long procedure with tables and checklists. */
export const SKILL_INSTRUCTIONS_MAX = 100_000;
export const CHANGE_SUMMARY_MAX = 1000;
export const REVIEW_COMMENT_MAX = 1000;
export const SKILL_SEARCH_MAX = 200;

/** kebab-case: lower-case letters and digits in words joined by single hyphens (the Agent Skills rule). */
export const KEBAB_CASE = '^[a-z0-9]+(-[a-z0-9]+)*$';

const ScopeSchema = Type.Enum([...SKILL_SCOPES], {
  description: '`user`: yours alone; `global`: the whole organisation, once an admin approves it',
});
const SkillStatusSchema = Type.Enum([...SKILL_STATUSES], {
  description:
    '`approved`: the current version is what users get and nothing waits; `pending_approval`: a version ' +
    '(`pending_version`) waits for an admin; `rejected`: an admin rejected a global skill that was never approved',
});

export const SkillName = Type.String({
  minLength: 1,
  maxLength: SKILL_NAME_MAX,
  pattern: KEBAB_CASE,
  description: `kebab-case, 1 to ${SKILL_NAME_MAX} characters`,
});
export const PowerCommand = Type.String({
  minLength: 1,
  maxLength: POWER_COMMAND_MAX,
  pattern: KEBAB_CASE,
  description:
    `the slash command without its slash (\`thermal-derating\` for /thermal-derating), kebab-case, 1 to ` +
    `${POWER_COMMAND_MAX} characters; unique among the skills the owner can invoke (their own and the approved global ones)`,
});
export const SkillDescription = Type.String({
  minLength: 1,
  maxLength: SKILL_DESCRIPTION_MAX,
  pattern: '\\S',
  description: `1 to ${SKILL_DESCRIPTION_MAX} characters, not only white space`,
});
export const SkillInstructions = Type.String({
  minLength: 1,
  maxLength: SKILL_INSTRUCTIONS_MAX,
  pattern: '\\S',
  description: `the procedure in markdown, 1 to ${SKILL_INSTRUCTIONS_MAX} characters, not only white space`,
});
const ChangeSummary = Type.String({
  minLength: 1,
  maxLength: CHANGE_SUMMARY_MAX,
  description: `what this version changes, 1 to ${CHANGE_SUMMARY_MAX} characters`,
});

export const SkillSchema = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  description: Type.String(),
  scope: ScopeSchema,
  status: SkillStatusSchema,
  power_command: Type.String(),
  instructions: Type.String({ description: 'markdown, as of `current_version`' }),
  current_version: Type.Integer({
    minimum: 1,
    description:
      'the version users get: the newest approved one (for a global skill never approved: its newest proposal)',
  }),
  pending_version: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description: 'the version waiting for an admin (see GET …/versions), or null',
  }),
  created_by: Type.String({ description: 'e-mail of the creator, who owns the skill' }),
  group_id: Type.Union([Uuid, Type.Null()]),
  job_id: Type.Union([Uuid, Type.Null()], {
    description: 'the job run that created the skill; null for skills created through the API',
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Skill = Static<typeof SkillSchema>;

export const SkillVersionSchema = Type.Object({
  uuid: Uuid,
  version_number: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  description: Type.String(),
  scope: ScopeSchema,
  power_command: Type.String(),
  instructions: Type.String(),
  status: Type.Enum([...VERSION_STATUSES], {
    description:
      '`approved`, `pending_approval` (waits for an admin), `rejected` (by an admin), or `superseded` ' +
      '(a proposal replaced by a later version before anyone reviewed it)',
  }),
  created_by: Type.String(),
  created_at: Timestamp,
  change_summary: Type.Union([Type.String(), Type.Null()]),
  reviewed_by: Type.Union([Type.String(), Type.Null()], {
    description: 'the admin who approved or rejected this version; null when approved at once',
  }),
  reviewed_at: Type.Union([Timestamp, Type.Null()]),
  review_comment: Type.Union([Type.String(), Type.Null()]),
});
export type SkillVersion = Static<typeof SkillVersionSchema>;

export const CreateSkillBody = Type.Object(
  {
    name: SkillName,
    description: SkillDescription,
    power_command: PowerCommand,
    instructions: SkillInstructions,
    scope: Type.Optional(ScopeSchema),
    group_id: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type CreateSkillBody = Static<typeof CreateSkillBody>;

export const UpdateSkillBody = Type.Object(
  {
    name: Type.Optional(SkillName),
    description: Type.Optional(SkillDescription),
    scope: Type.Optional(ScopeSchema),
    power_command: Type.Optional(PowerCommand),
    instructions: Type.Optional(SkillInstructions),
    change_summary: Type.Optional(ChangeSummary),
  },
  { additionalProperties: false },
);
export type UpdateSkillBody = Static<typeof UpdateSkillBody>;

export const RollbackBody = Type.Object(
  { version_number: Version({ description: 'the earlier version to make current again' }) },
  { additionalProperties: false },
);
export type RollbackBody = Static<typeof RollbackBody>;

export const ReviewBody = Type.Object(
  {
    comment: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: REVIEW_COMMENT_MAX,
        description: 'kept on the version reviewed',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReviewBody = Static<typeof ReviewBody>;

export const ListSkillsQuery = Type.Object(
  {
    scope: Type.Optional(ScopeSchema),
    status: Type.Optional(SkillStatusSchema),
    search: Type.Optional(
      Type.String({
        maxLength: SKILL_SEARCH_MAX,
        description: 'case-insensitive substring of the name or the power command',
      }),
    ),
    group_id: Type.Optional(Uuid),
    ...pageQuery(),
  },
  { additionalProperties: false },
);
export type ListSkillsQuery = Static<typeof ListSkillsQuery>;

export const ResolveQuery = Type.Object(
  {
    command: Type.String({
      minLength: 1,
      maxLength: POWER_COMMAND_MAX + 1,
      description: 'the slash command as typed, with or without its slash: `/thermal-derating`',
    }),
  },
  { additionalProperties: false },
);
export type ResolveQuery = Static<typeof ResolveQuery>;

export const ImportQuery = Type.Object(
  {
    scope: Type.Optional(ScopeSchema),
    group_id: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type ImportQuery = Static<typeof ImportQuery>;

export const SkillParams = Type.Object({ skill_id: Uuid });
export const SkillMarkdown = Type.String({
  description:
    'a SKILL.md: YAML front matter (`name`, `description`, `metadata.power_command`), then the instructions',
});
