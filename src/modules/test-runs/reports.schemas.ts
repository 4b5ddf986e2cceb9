// Requests and answers of the report endpoints (spec: Test run report, POST/GET /test-runs/{run_id}/
// reports). Beyond the spec, documented here: `test_card_id`/`test_step_id`, `status`, `error`,
// `analysis_context`, the structured `findings` the markdown is written from, `charts`, `updated_at`,
// and `create_issues` on the request.
import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.js';
import { pageQuery } from '../../core/pagination.js';
import { IssueRefSchema, REPORT_SCOPES, REPORT_STATUSES, TestDataFileSchema } from './test-runs.schemas.js';

export const ANALYSIS_CONTEXT_MAX = 10_000;

export const CreateReportBody = Type.Object(
  {
    scope: Type.Enum([...REPORT_SCOPES], {
      description: '`run`: every data file of the run; `card`: the card’s and its steps’; `step`: the step’s',
    }),
    test_card_id: Type.Optional(
      Type.Union([Uuid, Type.Null()], { description: 'required when scope is `card` or `step`' }),
    ),
    test_step_id: Type.Optional(
      Type.Union([Uuid, Type.Null()], { description: 'required when scope is `step`; a step of that card' }),
    ),
    analysis_context: Type.Optional(
      Type.String({
        maxLength: ANALYSIS_CONTEXT_MAX,
        description:
          'what the analyst should know (default ""); sentences like "tc_1_degC max 60" are read as limits',
      }),
    ),
    create_issues: Type.Optional(
      Type.Boolean({
        description:
          'beyond the spec: once the report completes, a generate_issue run files its high and medium findings as issues',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateReportBody = Static<typeof CreateReportBody>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const FindingSchema = Type.Object(
  {
    id: Type.String({
      description: 'the analyst’s stable id: a hash of the file name, kind, channels and first row',
    }),
    file_id: Uuid,
    file_name: Type.String(),
    chart_attachment_id: Type.Optional(
      Type.String({ description: 'the attachment id of the chart drawn for its file and channel' }),
    ),
    kind: Type.Enum(['spike', 'drift', 'step', 'oscillation', 'limit_breach', 'dropout', 'stuck']),
    channels: Type.Array(Type.String()),
    start_row: Type.Integer(),
    end_row: Type.Integer(),
    start_time: Type.Union([Type.String(), Type.Number(), Type.Null()]),
    end_time: Type.Union([Type.String(), Type.Number(), Type.Null()]),
    t_start: Type.Number({ description: 'seconds from the first row' }),
    t_end: Type.Number(),
    severity: Type.Enum(['low', 'medium', 'high']),
    evidence: Type.Record(Type.String(), Type.Unknown(), {
      description: 'the numbers behind it: values, limit, margin, peak_sigma, duration_s…',
    }),
    description: Type.String(),
  },
  { additionalProperties: true },
);
export type ReportFinding = Static<typeof FindingSchema>;

export const ReportChartSchema = Type.Object({
  attachment_id: Uuid,
  channel: Type.String(),
  file_name: Type.String(),
  download_url: Type.String({ description: 'a signed link, valid for HWA_SIGNED_URL_TTL seconds' }),
});

export const ReportSchema = Type.Object({
  uuid: Uuid,
  title: Type.String({ description: 'auto-generated from the run, card and step' }),
  scope: Type.Enum([...REPORT_SCOPES]),
  test_card_id: Nullable(Uuid),
  test_step_id: Nullable(Uuid),
  status: Type.Enum([...REPORT_STATUSES]),
  content: Type.String({
    description:
      'markdown, empty until completed; chart images link to signed download URLs made fresh on each read',
  }),
  summary: Type.String({ description: 'two to four sentences, empty until completed' }),
  findings: Type.Array(FindingSchema),
  charts: Type.Array(ReportChartSchema),
  error: Nullable(Type.String({ description: 'why the report failed or was cancelled' })),
  analysis_context: Type.String(),
  issues: Type.Array(IssueRefSchema, { description: 'issues filed from this report’s findings' }),
  test_data: Type.Array(TestDataFileSchema, { description: 'the data files in the report’s scope' }),
  job_run_id: Nullable(Uuid),
  created_by: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Report = Static<typeof ReportSchema>;

export const ListReportsQuery = Type.Object({ ...pageQuery() }, { additionalProperties: false });
export type ListReportsQuery = Static<typeof ListReportsQuery>;

export const ReportParams = Type.Object({ run_id: Uuid, report_id: Uuid });
