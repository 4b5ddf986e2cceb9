// The outcome rule at every boundary (pure: no database), the limit checks and the status a step's
// measurements imply.
import { describe, expect, it } from 'vitest';
import { limitErrors, measurementErrors, outcomeOf, statusFromMeasurements } from './measurements.rules.js';

const limits = { low: 10, high: 20, marginal_low: 12, marginal_high: 18 };

describe('outcomeOf', () => {
  it.each([
    [9.999, 'fail'],
    [10, 'marginal'],
    [11.999, 'marginal'],
    [12, 'pass'],
    [15, 'pass'],
    [18, 'pass'],
    [18.001, 'marginal'],
    [20, 'marginal'],
    [20.001, 'fail'],
  ])('value %d against [10, 20] with band [12, 18] is %s', (value, outcome) => {
    expect(outcomeOf(value, limits)).toBe(outcome);
  });

  it('passes at the hard limits when no marginal band is given', () => {
    expect(outcomeOf(10, { low: 10, high: 20 })).toBe('pass');
    expect(outcomeOf(20, { low: 10, high: 20 })).toBe('pass');
    expect(outcomeOf(9, { low: 10, high: 20 })).toBe('fail');
  });

  it('leaves a side without a limit unbounded', () => {
    expect(outcomeOf(1e9, { low: 0 })).toBe('pass');
    expect(outcomeOf(-1, { low: 0 })).toBe('fail');
    expect(outcomeOf(-1e9, { high: 0, marginal_high: -5 })).toBe('pass');
    expect(outcomeOf(-4, { high: 0, marginal_high: -5 })).toBe('marginal');
    expect(outcomeOf(42, {})).toBe('pass');
  });
});

describe('limitErrors', () => {
  it('accepts equal limits and a band equal to them', () => {
    expect(limitErrors({ low: 5, high: 5 }, 'm')).toEqual([]);
    expect(limitErrors({ low: 1, high: 9, marginal_low: 1, marginal_high: 9 }, 'm')).toEqual([]);
  });

  it('refuses low above high, naming high', () => {
    expect(limitErrors({ low: 5.001, high: 5 }, 'm')).toEqual([
      { path: 'm.high', message: 'must be >= low' },
    ]);
  });

  it('refuses a marginal band reaching outside the hard limits or inside out', () => {
    expect(limitErrors({ low: 1, high: 9, marginal_low: 0.999 }, 'm').map((e) => e.path)).toEqual([
      'm.marginal_low',
    ]);
    expect(limitErrors({ low: 1, high: 9, marginal_high: 9.001 }, 'm').map((e) => e.path)).toEqual([
      'm.marginal_high',
    ]);
    expect(limitErrors({ marginal_low: 5, marginal_high: 4 }, 'm').map((e) => e.path)).toEqual([
      'm.marginal_high',
    ]);
  });

  it('names the index of the bad measurement in a list', () => {
    const list = [
      { name: 'ok', value: 1, low: 0, high: 2 },
      { name: 'bad', value: 1, low: 3, high: 2 },
    ];
    expect(measurementErrors(list, 'body.measurements')).toEqual([
      { path: 'body.measurements[1].high', message: 'must be >= low' },
    ]);
  });
});

describe('statusFromMeasurements', () => {
  const m = (name: string, value: number) => ({
    name,
    value,
    ...limits,
    units: 'V',
    outcome: outcomeOf(value, limits),
  });

  it('implies nothing without measurements', () => {
    expect(statusFromMeasurements([])).toBeUndefined();
  });

  it('passes when all pass, fails when any fails (even beside a marginal one)', () => {
    expect(statusFromMeasurements([m('a', 15), m('b', 12)])).toEqual({ status: 'passed', exception: null });
    expect(statusFromMeasurements([m('a', 11), m('b', 21)])).toEqual({ status: 'failed', exception: null });
  });

  it('passes with an exception naming each marginal measurement, its value and limits', () => {
    const result = statusFromMeasurements([m('vbat', 19), m('ibat', 15)]);
    expect(result?.status).toBe('passed_with_exception');
    expect(result?.exception).toBe(
      'Marginal: vbat = 19 V is outside the marginal range [12, 18] (limits [10, 20])',
    );
  });
});
