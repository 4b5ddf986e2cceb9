// What the run, card, step and observation endpoints take (spec: Test runs endpoints, Limits). Beyond
// the spec: `order` on a card PATCH, every step field on a step PATCH plus `step_type`, `order` and
// `measurements`, observations, paging of the list. Unknown body fields are refused by name.
import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.js';
import { pageQuery } from '../../core/pagination.js';
import { ExecutionStatusSchema, MAX_STEP_TITLE, StepTypeSchema } from './test-runs.schemas.js';

export const MAX_RUN_TITLE = 500;
export const MAX_CARD_TITLE = 500;
export const MAX_DESCRIPTION = 10_000;
export const MAX_LINKS = 100;
export const MAX_MEASUREMENTS = 500;
export const MAX_NAME = 200;
export const MAX_OBSERVATION = 10_000;
export const MAX_OBSERVATION_ATTACHMENTS = 10;
/** Beyond PostgreSQL's int4 a position cannot be stored; orders past the end are clamped anyway. */
const MAX_ORDER = 100_000;

const Title = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S' });
const Description = Type.String({ maxLength: MAX_DESCRIPTION, description: 'default ""' });
const Ids = (what: string) =>
  Type.Array(Uuid, { maxItems: MAX_LINKS, description: `${what}, at most ${MAX_LINKS}` });
const Order = Type.Integer({
  minimum: 1,
  maximum: MAX_ORDER,
  description:
    '1-based display position; the others move to make room. Past the end it is clamped to the end ' +
    '(default: the end)',
});
const NullableNumber = Type.Optional(Type.Union([Type.Number(), Type.Null()]));

export const RunParams = Type.Object({ run_id: Uuid });
export const CardParams = Type.Object({ run_id: Uuid, card_id: Uuid });
export const StepParams = Type.Object({ run_id: Uuid, card_id: Uuid, step_id: Uuid });

export const CreateRunBody = Type.Object(
  {
    title: Title(MAX_RUN_TITLE),
    system_id: Uuid,
    description: Type.Optional(Description),
    asset_ids: Type.Optional(Ids('live, approved entities of the system under test')),
    issue_ids: Type.Optional(Ids('live issues to link to the run')),
    template_ids: Type.Optional(Ids('card templates to instantiate, in this order')),
  },
  { additionalProperties: false },
);
export type CreateRunBody = Static<typeof CreateRunBody>;

export const UpdateRunBody = Type.Object(
  { title: Type.Optional(Title(MAX_RUN_TITLE)), description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type UpdateRunBody = Static<typeof UpdateRunBody>;

export const ListRunsQuery = Type.Object(
  {
    system_id: Type.Optional(Uuid),
    created_after: Type.Optional(Type.String({ format: 'date-time', description: 'ISO 8601, inclusive' })),
    created_before: Type.Optional(Type.String({ format: 'date-time', description: 'ISO 8601, exclusive' })),
    has_reports: Type.Optional(Type.Boolean({ description: 'true: runs with reports; false: runs without' })),
    ...pageQuery(),
  },
  { additionalProperties: false },
);
export type ListRunsQuery = Static<typeof ListRunsQuery>;

export const CreateCardBody = Type.Object(
  {
    title: Type.Optional(Title(MAX_CARD_TITLE)),
    template_id: Type.Optional(Uuid),
    description: Type.Optional(Description),
    order: Type.Optional(Order),
  },
  { additionalProperties: false },
);
export type CreateCardBody = Static<typeof CreateCardBody>;

export const UpdateCardBody = Type.Object(
  {
    title: Type.Optional(Title(MAX_CARD_TITLE)),
    description: Type.Optional(Description),
    order: Type.Optional(Order),
  },
  { additionalProperties: false },
);
export type UpdateCardBody = Static<typeof UpdateCardBody>;

export const MeasurementBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: MAX_NAME }),
    value: Type.Number({ description: 'a finite number' }),
    units: Type.Optional(Type.Union([Type.String({ maxLength: MAX_NAME }), Type.Null()])),
    low: NullableNumber,
    high: NullableNumber,
    marginal_low: NullableNumber,
    marginal_high: NullableNumber,
  },
  { additionalProperties: false },
);

const Measurements = Type.Array(MeasurementBody, {
  maxItems: MAX_MEASUREMENTS,
  description:
    'replaces the step’s measurements. low <= high; the marginal range lies inside [low, high]. Without ' +
    '`execution_status` the step’s status follows them: all pass -> `passed`, any fail -> `failed`, ' +
    'else any marginal -> `passed_with_exception` with an `exception` naming them',
});

const StepTitle = Title(MAX_STEP_TITLE);

export const CreateStepBody = Type.Object(
  {
    title: StepTitle,
    description: Type.Optional(Description),
    step_type: Type.Optional(StepTypeSchema),
    order: Type.Optional(Order),
    measurements: Type.Optional(Measurements),
  },
  { additionalProperties: false },
);
export type CreateStepBody = Static<typeof CreateStepBody>;

const NullableTime = Type.Optional(Type.Union([Timestamp, Type.Null()]));

export const UpdateStepBody = Type.Object(
  {
    title: Type.Optional(StepTitle),
    description: Type.Optional(Description),
    execution_status: Type.Optional(ExecutionStatusSchema),
    exception: Type.Optional(Type.Union([Type.String({ maxLength: MAX_DESCRIPTION }), Type.Null()])),
    started_at: NullableTime,
    ended_at: Type.Optional(
      Type.Union([Timestamp, Type.Null()], { description: 'not before started_at (given or stored)' }),
    ),
    order: Type.Optional(Order),
    step_type: Type.Optional(StepTypeSchema),
    measurements: Type.Optional(Measurements),
  },
  { additionalProperties: false },
);
export type UpdateStepBody = Static<typeof UpdateStepBody>;

export const CreateObservationBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: MAX_OBSERVATION }),
    attachment_ids: Type.Optional(
      Type.Array(Uuid, {
        maxItems: MAX_OBSERVATION_ATTACHMENTS,
        description: `attachments you can see, at most ${MAX_OBSERVATION_ATTACHMENTS}`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateObservationBody = Static<typeof CreateObservationBody>;
