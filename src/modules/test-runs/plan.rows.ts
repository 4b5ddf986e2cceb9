// A plan of cards and steps (templates, the JUnit import, POST steps) turned into table rows: ids,
// positions, each measurement's outcome and the status the measurements imply. Pure but for the ids.
import { newId } from '../../core/ids.js';
import type { testCards, testMeasurements, testObservations, testSteps } from '../../db/schema.js';
import { outcomeOf, statusFromMeasurements } from './measurements.rules.js';
import type { CardPlan, MeasurementInput, MeasurementSpec, StepPlan } from './test-runs.schemas.js';

export interface Author {
  email: string;
  userId: string | null;
}

export interface TreeRows {
  cards: (typeof testCards.$inferInsert)[];
  steps: (typeof testSteps.$inferInsert)[];
  measurements: (typeof testMeasurements.$inferInsert)[];
  observations: (typeof testObservations.$inferInsert)[];
}

const LIMITS = ['low', 'high', 'marginal_low', 'marginal_high'] as const;

/**
 * A measurement given without any limit takes the limits (and, unless given, the units) of the
 * step's spec of the same name; one with any limit of its own keeps exactly what it gave.
 */
export function withSpec(m: MeasurementInput, specs: readonly MeasurementSpec[]): MeasurementInput {
  if (LIMITS.some((k) => m[k] !== undefined)) return m;
  const spec = specs.find((s) => s.name === m.name);
  if (!spec) return m;
  return {
    ...m,
    units: m.units === undefined ? spec.units : m.units,
    low: spec.low,
    high: spec.high,
    marginal_low: spec.marginal_low,
    marginal_high: spec.marginal_high,
  };
}

export function measurementRows(
  runId: string,
  stepId: string,
  given: readonly MeasurementInput[],
  specs: readonly MeasurementSpec[] = [],
) {
  return given.map((g, position) => {
    const m = withSpec(g, specs);
    return {
      id: newId(),
      stepId,
      runId,
      position,
      name: m.name,
      value: m.value,
      units: m.units ?? null,
      low: m.low ?? null,
      high: m.high ?? null,
      marginalLow: m.marginal_low ?? null,
      marginalHigh: m.marginal_high ?? null,
      outcome: outcomeOf(m.value, m),
    };
  });
}

/** The status a new or changed step takes: the one given, else what its measurements imply. */
export function statusOf(
  given: Pick<StepPlan, 'execution_status' | 'exception'>,
  measurements: ReturnType<typeof measurementRows> | undefined,
) {
  if (given.execution_status !== undefined || measurements === undefined) return undefined;
  const implied = statusFromMeasurements(
    measurements.map((m) => ({
      ...m,
      marginal_low: m.marginalLow,
      marginal_high: m.marginalHigh,
    })),
  );
  if (!implied) return undefined;
  return { executionStatus: implied.status, exception: given.exception ?? implied.exception };
}

export function stepRows(
  runId: string,
  cardId: string,
  step: StepPlan,
  position: number,
  author: Author,
): Pick<TreeRows, 'steps' | 'measurements' | 'observations'> {
  const id = newId();
  const specs = step.measurement_specs ?? [];
  const measurements = measurementRows(runId, id, step.measurements ?? [], specs);
  const implied = statusOf(step, step.measurements ? measurements : undefined);
  return {
    steps: [
      {
        id,
        cardId,
        runId,
        title: step.title,
        description: step.description ?? '',
        position,
        stepType: step.step_type ?? 'passfail',
        executionStatus: implied?.executionStatus ?? step.execution_status ?? 'todo',
        exception: implied?.exception ?? step.exception ?? null,
        measurementSpecs: specs,
        startedAt: step.started_at ? new Date(step.started_at) : null,
        endedAt: step.ended_at ? new Date(step.ended_at) : null,
      },
    ],
    measurements,
    observations: (step.observations ?? []).map((text) => ({
      id: newId(),
      stepId: id,
      runId,
      text,
      createdBy: author.email,
      creatorId: author.userId,
    })),
  };
}

/** Rows for `cards` placed from `firstPosition` on, their steps at 1..n. */
export function treeRows(
  runId: string,
  cards: readonly CardPlan[],
  firstPosition: number,
  author: Author,
): TreeRows {
  const rows: TreeRows = { cards: [], steps: [], measurements: [], observations: [] };
  cards.forEach((card, i) => {
    const cardId = newId();
    rows.cards.push({
      id: cardId,
      runId,
      title: card.title,
      description: card.description ?? '',
      position: firstPosition + i,
      templateId: card.template_id ?? null,
      templateVersion: card.template_version ?? null,
    });
    card.steps.forEach((step, j) => {
      const made = stepRows(runId, cardId, step, j + 1, author);
      rows.steps.push(...made.steps);
      rows.measurements.push(...made.measurements);
      rows.observations.push(...made.observations);
    });
  });
  return rows;
}
