// Issue metrics charts (spec: Issue metrics chart). The pie chart's shape is the spec's; the mixed
// chart's `chart_data` is ours (the spec shows none): week labels and datasets drawn as bars or a line,
// the shape Chart.js and most chart libraries take as it is.
import { Type, type Static } from 'typebox';
import { Int, Uuid } from '../../core/schemas.js';
import { ISSUE_STATUSES } from './issues.schemas.js';

/** Weeks the mixed chart covers: the current one and the eleven before it. */
export const METRIC_WEEKS = 12;

/** One colour per status, fixed, so a dashboard reads the same whatever the counts. */
export const STATUS_COLORS = {
  open: '#2563eb',
  in_progress: '#f59e0b',
  resolved: '#16a34a',
  rejected: '#6b7280',
} as const satisfies Record<(typeof ISSUE_STATUSES)[number], string>;

const Color = Type.String({ pattern: '^#[0-9a-f]{6}$', description: 'CSS hex colour' });
const Count = Int({ description: 'a number of issues' });

export const PieChartSchema = Type.Object({
  chart_type: Type.Literal('pie_chart'),
  chart_data: Type.Object({
    title: Type.String(),
    data: Type.Array(Type.Object({ label: Type.Enum([...ISSUE_STATUSES]), value: Count, color: Color }), {
      description: 'every status, in the order open, in_progress, resolved, rejected, zeros included',
    }),
    colors: Type.Union([Type.Record(Type.String(), Color), Type.Null()], { description: 'status -> colour' }),
    display_config: Type.Union([
      Type.Object({ show_legend: Type.Boolean(), show_values: Type.Boolean(), unit: Type.String() }),
      Type.Null(),
    ]),
  }),
});

export const DatasetSchema = Type.Object({
  type: Type.Enum(['bar', 'line'], { description: 'how to draw it' }),
  label: Type.String(),
  data: Type.Array(Count, { description: 'one value per label' }),
  color: Color,
});

export const MixedChartSchema = Type.Object({
  chart_type: Type.Literal('mixed_chart'),
  chart_data: Type.Object(
    {
      title: Type.String(),
      labels: Type.Array(Type.String({ format: 'date' }), {
        description: `the Monday (UTC) starting each of the last ${METRIC_WEEKS} weeks, oldest first; the last is the current week`,
      }),
      datasets: Type.Array(DatasetSchema),
    },
    {
      description:
        'bars `Opened` (issues filed that week) and `Resolved` (issues now resolved whose last move to ' +
        'resolved fell that week); line `Open backlog`: issues open or in progress at the end of each week ' +
        '(now, for the current week), counting an issue reopened later as open throughout',
    },
  ),
});

export const MetricsSchema = Type.Object({
  metrics: Type.Array(Type.Union([PieChartSchema, MixedChartSchema]), {
    description: 'a `pie_chart` of issues by status, then a `mixed_chart` of the weekly flow',
  }),
});
export type Metrics = Static<typeof MetricsSchema>;
export type PieChart = Static<typeof PieChartSchema>;
export type Dataset = Static<typeof DatasetSchema>;

export const MetricsQuery = Type.Object({ system_id: Type.Optional(Uuid) }, { additionalProperties: false });
