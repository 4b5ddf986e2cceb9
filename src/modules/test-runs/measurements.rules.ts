// The OpenHTF measurement model, pure so every boundary is tested without a database: a value is
// judged against hard limits [low, high] and an optional marginal band inside them, and a step whose
// measurements were just recorded takes the status they imply.
import type { FieldError } from '../../core/errors.js';
import type { MeasurementInput, MeasurementOutcome, StepExecutionStatus } from './test-runs.schemas.js';

export interface Limits {
  low?: number | null;
  high?: number | null;
  marginal_low?: number | null;
  marginal_high?: number | null;
}

const given = (n: number | null | undefined): n is number => n !== null && n !== undefined;

/**
 * `fail` outside [low, high], `marginal` inside them but outside [marginal_low, marginal_high], else
 * `pass`. Boundaries are inclusive: a value equal to `low` passes the hard limit, one equal to
 * `marginal_low` is not marginal. A missing limit does not bound that side.
 */
export function outcomeOf(value: number, limits: Limits): MeasurementOutcome {
  if ((given(limits.low) && value < limits.low) || (given(limits.high) && value > limits.high)) return 'fail';
  if (
    (given(limits.marginal_low) && value < limits.marginal_low) ||
    (given(limits.marginal_high) && value > limits.marginal_high)
  ) {
    return 'marginal';
  }
  return 'pass';
}

/**
 * Limits that cannot judge anything are refused, naming the field: low above high, a marginal band
 * reaching outside the hard limits or turned inside out. `path` is where the limits sit in the body.
 */
export function limitErrors(limits: Limits, path: string): FieldError[] {
  const { low, high, marginal_low: mLow, marginal_high: mHigh } = limits;
  const errors: FieldError[] = [];
  if (given(low) && given(high) && low > high)
    errors.push({ path: `${path}.high`, message: 'must be >= low' });
  if (given(mLow) && given(low) && mLow < low)
    errors.push({ path: `${path}.marginal_low`, message: 'must be inside [low, high]' });
  if (given(mLow) && given(high) && mLow > high)
    errors.push({ path: `${path}.marginal_low`, message: 'must be inside [low, high]' });
  if (given(mHigh) && given(high) && mHigh > high)
    errors.push({ path: `${path}.marginal_high`, message: 'must be inside [low, high]' });
  if (given(mHigh) && given(low) && mHigh < low)
    errors.push({ path: `${path}.marginal_high`, message: 'must be inside [low, high]' });
  if (given(mLow) && given(mHigh) && mLow > mHigh)
    errors.push({ path: `${path}.marginal_high`, message: 'must be >= marginal_low' });
  return errors;
}

/** Every bad limit and every non-finite value of a list, by index under `path`. */
export function measurementErrors(list: readonly MeasurementInput[], path: string): FieldError[] {
  return list.flatMap((m, i) => [
    ...(Number.isFinite(m.value)
      ? []
      : [{ path: `${path}[${i}].value`, message: 'must be a finite number' }]),
    ...limitErrors(m, `${path}[${i}]`),
  ]);
}

const range = (lo: number | null | undefined, hi: number | null | undefined) =>
  `[${given(lo) ? lo : '-inf'}, ${given(hi) ? hi : '+inf'}]`;

/**
 * The status a step's fresh measurements imply, with the note a `passed_with_exception` carries:
 * any fail -> failed; else any marginal -> passed_with_exception; else passed. No measurements imply
 * nothing (undefined): the status stays as it was.
 */
export function statusFromMeasurements(
  list: readonly (MeasurementInput & { outcome: MeasurementOutcome })[],
): { status: StepExecutionStatus; exception: string | null } | undefined {
  if (list.length === 0) return undefined;
  if (list.some((m) => m.outcome === 'fail')) return { status: 'failed', exception: null };
  const marginal = list.filter((m) => m.outcome === 'marginal');
  if (marginal.length === 0) return { status: 'passed', exception: null };
  const notes = marginal.map((m) => {
    const units = m.units ? ` ${m.units}` : '';
    return `${m.name} = ${m.value}${units} is outside the marginal range ${range(m.marginal_low, m.marginal_high)} (limits ${range(m.low, m.high)})`;
  });
  return { status: 'passed_with_exception', exception: `Marginal: ${notes.join('; ')}` };
}
