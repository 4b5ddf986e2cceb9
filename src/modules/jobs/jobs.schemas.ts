// Job, Job schema entry and Job run (spec: Jobs and job runs). Beside the spec's fields a run carries
// progress, attempt, started/finished times, error, typed output references and llm_usage.
import { Type, type Static } from 'typebox';
import { pageQuery } from '../../core/pagination.js';
import { Email, Timestamp, Uuid } from '../../core/schemas.js';

export const JOB_RUN_STATUSES = ['pending', 'running', 'paused', 'completed', 'failed', 'cancelled'] as const;
export const OUTPUT_REFERENCE_TYPES = [
  'entity',
  'relationship',
  'issue',
  'attachment',
  'report',
  'document',
] as const;
export const JOB_DESCRIPTION_MAX = 10_000;
export const JOB_TYPE_MAX = 100;

/** Any object; validated against the job type's own schema by the service, naming each bad field. */
const ConfigObject = (description: string) =>
  Type.Unsafe<Record<string, unknown>>(
    Type.Object({}, { additionalProperties: true, maxProperties: 1000, description }),
  );

const JobTypeName = Type.String({
  minLength: 1,
  maxLength: JOB_TYPE_MAX,
  description: 'see GET /jobs/schemas',
});
const NullableUuid = Type.Union([Uuid, Type.Null()]);

export const JobSchema = Type.Object({
  uuid: Uuid,
  name: Type.String({ description: 'generated: the type’s display name and a short id' }),
  description: Type.Union([Type.String(), Type.Null()]),
  config: ConfigObject('includes `job_type`'),
  is_deleted: Type.Boolean(),
  created_by: Type.String({ description: 'e-mail of the creator' }),
  created_at: Timestamp,
  updated_at: Type.Union([Timestamp, Type.Null()], { description: 'null until the job is first changed' }),
  source_session_id: NullableUuid,
  source_project_id: NullableUuid,
});
export type Job = Static<typeof JobSchema>;

export const JobSchemaEntry = Type.Object({
  job_type: Type.String(),
  display_name: Type.String(),
  description: Type.String({ description: 'internal: what the handler does' }),
  user_facing_description: Type.String(),
  json_schema: Type.Unsafe<Record<string, unknown>>(
    Type.Object({}, { additionalProperties: true, description: 'JSON Schema of `config`' }),
  ),
  creatable_on_ui: Type.Boolean(),
  creatable_by_agent: Type.Boolean(),
  visible_on_ui: Type.Boolean(),
});
export type JobSchemaEntry = Static<typeof JobSchemaEntry>;

export const JobRunStatusSchema = Type.Enum([...JOB_RUN_STATUSES], {
  description:
    '`pending` (queued), `running`, `paused` (at a checkpoint, holding no worker), `completed`, ' +
    '`failed`, `cancelled`; the last three are final and never change',
});

export const OutputReferenceSchema = Type.Object({
  type: Type.Enum([...OUTPUT_REFERENCE_TYPES]),
  id: Uuid,
  title: Type.String(),
});

export const JobRunSchema = Type.Object({
  uuid: Uuid,
  job_id: Uuid,
  job_name: Type.String(),
  job_type: Type.String(),
  config: ConfigObject('the job’s config with this run’s overrides merged over it'),
  status: JobRunStatusSchema,
  created_by: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
  is_deleted: Type.Boolean(),
  output_references: Type.Array(OutputReferenceSchema, {
    description:
      'what the run produced: `{type, id, title}` with type one of ' + OUTPUT_REFERENCE_TYPES.join(', '),
  }),
  progress: Type.Object({
    pct: Type.Integer({ minimum: 0, maximum: 100 }),
    message: Type.Union([Type.String(), Type.Null()]),
  }),
  attempt: Type.Integer({ minimum: 0, description: 'claims so far; a retry or a reclaimed run adds one' }),
  max_attempts: Type.Integer({ minimum: 1 }),
  pause_requested: Type.Boolean({ description: 'running, and will pause at its next checkpoint' }),
  started_at: Type.Union([Timestamp, Type.Null()]),
  finished_at: Type.Union([Timestamp, Type.Null()]),
  error: Type.Union(
    [
      Type.Object({
        code: Type.String({
          description:
            '`handler_error`, `retries_exhausted`, `time_limit`, `worker_lost`; `transient` while a retry waits',
        }),
        message: Type.String(),
      }),
      Type.Null(),
    ],
    { description: 'why the run failed (or why its last attempt did, while a retry waits)' },
  ),
  llm_usage: Type.Array(
    Type.Object({
      model: Type.String(),
      input_tokens: Type.Integer(),
      output_tokens: Type.Integer(),
      duration_ms: Type.Integer(),
      at: Timestamp,
    }),
    { description: 'one entry per language-model completion the run made' },
  ),
});
export type JobRun = Static<typeof JobRunSchema>;

export const CreateJobBody = Type.Object(
  {
    job_type: JobTypeName,
    config: Type.Optional(ConfigObject('must contain `job_type` equal to the top-level one')),
    description: Type.Optional(Type.String({ maxLength: JOB_DESCRIPTION_MAX })),
    source_session_id: Type.Optional(Uuid),
    source_project_id: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type CreateJobBody = Static<typeof CreateJobBody>;

export const UpdateJobBody = Type.Object(
  {
    config: Type.Optional(ConfigObject('replaces the config; its `job_type`, if given, must be the job’s')),
    description: Type.Optional(Type.Union([Type.String({ maxLength: JOB_DESCRIPTION_MAX }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type UpdateJobBody = Static<typeof UpdateJobBody>;

const Repeatable = <T extends Parameters<typeof Type.Array>[0]>(item: T, description: string) =>
  Type.Optional(Type.Array(item, { maxItems: 100, description: `${description} (repeat the parameter)` }));

export const ListJobsQuery = Type.Object(
  {
    job_types: Repeatable(JobTypeName, 'job types'),
    created_by_users: Repeatable(Email, 'creators’ e-mails'),
    source_session_ids: Repeatable(Uuid, 'source sessions'),
    created_after: Type.Optional(Timestamp),
    created_before: Type.Optional(Timestamp),
    ...pageQuery(),
  },
  { additionalProperties: false },
);
export type ListJobsQuery = Static<typeof ListJobsQuery>;

export const CreateRunBody = Type.Object(
  {
    job_id: Uuid,
    config: Type.Optional(ConfigObject('overrides merged over the job’s config, then validated')),
  },
  { additionalProperties: false },
);
export type CreateRunBody = Static<typeof CreateRunBody>;

export const ListRunsQuery = Type.Object(
  {
    job_id: Type.Optional(Uuid),
    job_types: Repeatable(JobTypeName, 'job types'),
    statuses: Repeatable(JobRunStatusSchema, 'statuses'),
    created_after: Type.Optional(Timestamp),
    created_before: Type.Optional(Timestamp),
    ...pageQuery(),
  },
  { additionalProperties: false },
);
export type ListRunsQuery = Static<typeof ListRunsQuery>;

export const CancelResponse = Type.Object({
  message: Type.String(),
  cancelled_count: Type.Integer({
    minimum: 0,
    description: 'runs stopped by this call: 0 when already final',
  }),
});
export type CancelResponse = Static<typeof CancelResponse>;

export const JobParams = Type.Object({ job_id: Uuid });
export const RunParams = Type.Object({ job_run_id: Uuid });
