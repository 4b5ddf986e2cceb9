// What the test-run endpoints answer (spec: Test run detail and summary, Test data file, Test card,
// Test step, Test run report). Beyond the spec, documented in OpenAPI: a step's `step_type` set,
// `measurements` with their computed `outcome`, and a card's `template_id`/`template_version`.
// Request bodies live beside the routes that take them (runs, cards, steps, data, templates).
import { Type, type Static } from 'typebox';
import {
  MEASUREMENT_OUTCOMES,
  type MeasurementSpec,
  REPORT_SCOPES,
  REPORT_STATUSES,
  STEP_EXECUTION_STATUSES,
  STEP_TYPES,
} from '../../db/tables/test-runs.js';
import { Timestamp, Uuid } from '../../core/schemas.js';

export {
  MEASUREMENT_OUTCOMES,
  REPORT_SCOPES,
  REPORT_STATUSES,
  STEP_EXECUTION_STATUSES,
  STEP_TYPES,
  type MeasurementOutcome,
  type MeasurementSpec,
  type ReportScope,
  type ReportStatus,
  type StepExecutionStatus,
  type StepType,
} from '../../db/tables/test-runs.js';

export const MAX_STEP_TITLE = 100;

export const ExecutionStatusSchema = Type.Enum([...STEP_EXECUTION_STATUSES]);
export const StepTypeSchema = Type.Enum([...STEP_TYPES], { description: 'default `passfail`' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

/** A linked issue as cards, steps, runs and reports show it. */
export const IssueRefSchema = Type.Object({
  uuid: Uuid,
  title: Type.String(),
  status: Type.String(),
  priority: Type.String(),
});
export type IssueRef = Static<typeof IssueRefSchema>;

export const DataAssociationSchema = Type.Object({
  test_card_id: Type.Union([Uuid, Type.Null()]),
  test_step_id: Type.Union([Uuid, Type.Null()]),
});

export const TestDataFileSchema = Type.Object({
  uuid: Uuid,
  file_name: Type.String(),
  storage_url: Type.String(),
  file_size: Type.Integer({ minimum: 0 }),
  content_type: Type.String(),
  uploaded_by: Type.String(),
  created_at: Timestamp,
  associations: Type.Array(DataAssociationSchema, {
    description: 'the cards and steps of this run the file belongs to; empty for the run as a whole',
  }),
});
export type TestDataFile = Static<typeof TestDataFileSchema>;

/** A report as runs, cards and steps list it; the full report is in the reports endpoints. */
export const ReportSummarySchema = Type.Object({
  uuid: Uuid,
  title: Type.String(),
  scope: Type.Enum([...REPORT_SCOPES]),
  status: Type.Enum([...REPORT_STATUSES]),
  summary: Type.String(),
  job_run_id: Type.Union([Uuid, Type.Null()]),
  created_by: Type.String(),
  created_at: Timestamp,
});
export type ReportSummary = Static<typeof ReportSummarySchema>;

export const MeasurementSchema = Type.Object({
  name: Type.String(),
  value: Type.Number(),
  units: Type.Union([Type.String(), Type.Null()]),
  low: NullableNumber,
  high: NullableNumber,
  marginal_low: NullableNumber,
  marginal_high: NullableNumber,
  outcome: Type.Enum([...MEASUREMENT_OUTCOMES], {
    description:
      '`fail` outside [low, high]; `marginal` inside but outside [marginal_low, marginal_high]; else `pass`',
  }),
});
export type Measurement = Static<typeof MeasurementSchema>;

export const MeasurementSpecSchema = Type.Object({
  name: Type.String(),
  units: Type.Union([Type.String(), Type.Null()]),
  low: NullableNumber,
  high: NullableNumber,
  marginal_low: NullableNumber,
  marginal_high: NullableNumber,
});

export const ObservationSchema = Type.Object({
  uuid: Uuid,
  text: Type.String(),
  attachment_ids: Type.Array(Uuid),
  created_by: Type.String(),
  created_at: Timestamp,
});
export type Observation = Static<typeof ObservationSchema>;

export const TestStepSchema = Type.Object({
  uuid: Uuid,
  title: Type.String(),
  description: Type.String(),
  order: Type.Integer({ minimum: 1 }),
  step_type: StepTypeSchema,
  execution_status: ExecutionStatusSchema,
  exception: Type.Union([Type.String(), Type.Null()]),
  started_at: NullableTimestamp,
  ended_at: NullableTimestamp,
  measurements: Type.Array(MeasurementSchema),
  measurement_specs: Type.Array(MeasurementSpecSchema, {
    description:
      'limits copied from the card template; a measurement recorded under one of these names without ' +
      'limits of its own is judged by them',
  }),
  observations: Type.Array(ObservationSchema),
  test_data: Type.Array(TestDataFileSchema),
  issues: Type.Array(IssueRefSchema),
  reports: Type.Array(ReportSummarySchema),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type TestStep = Static<typeof TestStepSchema>;

export const TestCardSchema = Type.Object({
  uuid: Uuid,
  title: Type.String(),
  description: Type.String(),
  order: Type.Integer({ minimum: 1 }),
  template_id: Type.Union([Uuid, Type.Null()], { description: 'the template it was made from' }),
  template_version: Type.Union([Type.Integer(), Type.Null()]),
  test_steps: Type.Array(TestStepSchema),
  issues: Type.Array(IssueRefSchema),
  test_data: Type.Array(TestDataFileSchema),
  reports: Type.Array(ReportSummarySchema),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type TestCard = Static<typeof TestCardSchema>;

export const StepStatusCountsSchema = Type.Object(
  Object.fromEntries(STEP_EXECUTION_STATUSES.map((s) => [s, Type.Integer({ minimum: 0 })])) as Record<
    (typeof STEP_EXECUTION_STATUSES)[number],
    ReturnType<typeof Type.Integer>
  >,
);

export const TestRunSummarySchema = Type.Object({
  uuid: Uuid,
  test_run_id: Type.String({ description: '`TR-` and the run number within its system: TR-0042' }),
  title: Type.String(),
  system_id: Uuid,
  system_name: Type.String(),
  completion_pct: Type.Number({
    minimum: 0,
    maximum: 100,
    description: 'steps whose status is not `todo`, over all steps, x100; 0 for a run without steps',
  }),
  step_status_counts: StepStatusCountsSchema,
  contributors: Type.Array(Type.String()),
  asset_names: Type.Array(Type.String()),
  asset_count: Type.Integer({ minimum: 0 }),
  issue_count: Type.Integer({ minimum: 0 }),
  card_count: Type.Integer({ minimum: 0 }),
  file_count: Type.Integer({ minimum: 0 }),
  report_count: Type.Integer({ minimum: 0 }),
  created_by: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type TestRunSummary = Static<typeof TestRunSummarySchema>;

export const TestRunSchema = Type.Object({
  uuid: Uuid,
  test_run_id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  system_id: Uuid,
  system_name: Type.String(),
  asset_ids: Type.Array(Uuid),
  issues: Type.Array(IssueRefSchema, { description: 'issues linked to the run itself' }),
  test_cards: Type.Array(TestCardSchema),
  test_data: Type.Array(TestDataFileSchema),
  reports: Type.Array(ReportSummarySchema),
  contributors: Type.Array(Type.String(), {
    description: 'e-mails of everyone who created or changed anything in it',
  }),
  created_by: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type TestRun = Static<typeof TestRunSchema>;

/**
 * A run to create with its cards and steps in one transaction: what templates instantiate and what the
 * JUnit import produces (TestRunsService.createFromPlan).
 */
export interface MeasurementInput {
  name: string;
  value: number;
  units?: string | null;
  low?: number | null;
  high?: number | null;
  marginal_low?: number | null;
  marginal_high?: number | null;
}
export interface StepPlan {
  title: string;
  description?: string;
  step_type?: (typeof STEP_TYPES)[number];
  execution_status?: (typeof STEP_EXECUTION_STATUSES)[number];
  exception?: string | null;
  started_at?: string | null;
  ended_at?: string | null;
  measurements?: MeasurementInput[];
  /** Limits for measurements recorded later under these names (from a card template). */
  measurement_specs?: MeasurementSpec[];
  /** Observation texts, written by the caller. */
  observations?: string[];
}
export interface CardPlan {
  title: string;
  description?: string;
  template_id?: string | null;
  template_version?: number | null;
  steps: StepPlan[];
}
export interface RunPlan {
  system_id: string;
  title: string;
  description?: string;
  asset_ids?: string[];
  issue_ids?: string[];
  cards: CardPlan[];
}
