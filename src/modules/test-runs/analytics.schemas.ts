// GET /test-runs/analytics: first-pass yield of cards and steps and the process capability of each
// measurement over a system's runs (issue 12). The spec shows no such endpoint; the shape is ours and
// every rule is written into the OpenAPI descriptions below, so a client can recompute any number.
import { Type, type Static } from 'typebox';
import { Int, Uuid } from '../../core/schemas.js';

export const AnalyticsQuery = Type.Object(
  {
    system_id: Uuid,
    created_after: Type.Optional(
      Type.String({ format: 'date-time', description: 'runs created at or after (inclusive)' }),
    ),
    created_before: Type.Optional(
      Type.String({ format: 'date-time', description: 'runs created before (exclusive)' }),
    ),
  },
  { additionalProperties: false },
);
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

const Count = (description: string) => Int({ description });
const NullableNumber = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

/** Counts shared by cards and steps: one per run, from the first card or step of that title in it. */
const yieldFields = {
  runs: Count('runs having at least one card (step) of this title'),
  passed: Count('runs whose first one passed, `passed_with_exception` included'),
  passed_with_exception: Count('of `passed`, those that passed only with an exception'),
  failed: Count('runs whose first one failed'),
  pending: Count('runs whose first one has no final status yet (a step still `todo`, or no verdict)'),
  first_pass_yield: NullableNumber(
    'passed / (passed + failed), 0-1; null when no run has a final status for it. Runs still pending ' +
      'are left out rather than counted as failures, so an unfinished campaign does not depress it.',
  ),
};

export const CardYieldSchema = Type.Object(
  { title: Type.String(), ...yieldFields },
  {
    description:
      "A card passes when none of its steps failed, none is `todo`, and at least one passed (`done` steps, which record no verdict, neither pass nor fail it); it fails as soon as one step failed. `passed_with_exception` counts as a pass, as OpenHTF counts a marginal measurement as a pass. A run's *first* card of a title is the one with the lowest order: later cards of the same title are retests and do not change first-pass yield.",
  },
);
export type CardYield = Static<typeof CardYieldSchema>;

export const StepYieldSchema = Type.Object(
  { card_title: Type.String(), title: Type.String(), ...yieldFields },
  {
    description:
      'Steps are grouped by their card title and their own title, because the same step title ("Power on") in two procedures is two different checks, and counted from each run\'s first card of that card title only: a retest card changes nothing, and a step that exists only in a retest card is not counted. A title repeated inside one card counts once per step. A step passes when `passed` or `passed_with_exception`, fails when `failed`; `todo` and `done` are pending.',
  },
);
export type StepYield = Static<typeof StepYieldSchema>;

export const MeasurementStatsSchema = Type.Object(
  {
    name: Type.String(),
    units: Type.Union([Type.String(), Type.Null()], { description: 'the most common units given' }),
    count: Count('measurements of this name'),
    mean: Type.Number(),
    std: NullableNumber('sample standard deviation (n - 1); null for a single measurement'),
    min: Type.Number(),
    max: Type.Number(),
    lsl: NullableNumber('lower specification limit used: the `low` of the most common (low, high) pair'),
    usl: NullableNumber('upper specification limit used: the `high` of the most common (low, high) pair'),
    limits_vary: Type.Boolean({
      description:
        'true when rows of this name carry more than one (low, high) pair: `lsl`/`usl` are then the most ' +
        'common pair (ties: the lowest), and `cpk` is computed against it for every value',
    }),
    cpk: NullableNumber(
      'min(usl - mean, mean - lsl) / (3 std); one-sided, (usl - mean) / (3 std) or (mean - lsl) / (3 std), ' +
        'when only one limit is set; null when std is 0 or null, or neither limit is set',
    ),
    outcomes: Type.Object(
      { pass: Int(), marginal: Int(), fail: Int() },
      { description: 'how many rows had each outcome against their own limits when recorded' },
    ),
  },
  { description: 'Statistics over every measurement of this name in the runs in scope.' },
);
export type MeasurementStats = Static<typeof MeasurementStatsSchema>;

export const AnalyticsSchema = Type.Object({
  system_id: Uuid,
  run_count: Count('live runs of the system in the time window'),
  cards: Type.Array(CardYieldSchema, { description: 'by title' }),
  steps: Type.Array(StepYieldSchema, { description: 'by card title, then step title' }),
  measurements: Type.Array(MeasurementStatsSchema, { description: 'by name' }),
});
export type Analytics = Static<typeof AnalyticsSchema>;
