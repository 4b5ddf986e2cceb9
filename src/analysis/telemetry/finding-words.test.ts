import { describe, expect, it } from 'vitest';
import { channelInWords, findingInWords } from './finding-words.js';

describe('channelInWords', () => {
  it('says what the unit measures, once', () => {
    expect(channelInWords('tc_1_degC')).toBe('tc 1 temperature');
    expect(channelInWords('motor_current [mA]')).toBe('motor current');
    expect(channelInWords('bus_voltage_V')).toBe('bus voltage');
    expect(channelInWords('cabin_p (kPa)')).toBe('cabin p pressure');
  });

  it('adds nothing when the suffix is not a unit', () => {
    expect(channelInWords('wheel_speed')).toBe('wheel speed');
    expect(channelInWords('rh2_pctx')).toBe('rh2 pctx');
  });
});

describe('findingInWords', () => {
  const limit = (worst: number) => ({
    kind: 'limit_breach',
    channels: ['tc_1_degC'],
    evidence: { values: { worst }, limit: { min: -40, max: 60 } },
  });

  it('says which side of its limits a breach went', () => {
    expect(findingInWords(limit(64.07))).toBe(
      'over the limit: the tc 1 temperature exceeded its maximum, too high',
    );
    expect(findingInWords(limit(-41))).toBe(
      'under the limit: the tc 1 temperature fell below its minimum, too low',
    );
    expect(findingInWords({ kind: 'limit_breach', channels: ['x_V'] })).toBe(
      'outside its limits: the x voltage went out of range',
    );
  });

  it('says which way a step and a drift went, and nothing when the evidence does not say', () => {
    const step = (before: number, after: number) => ({
      kind: 'step',
      channels: ['rail_5v_V'],
      evidence: { values: { before, after } },
    });
    expect(findingInWords(step(5, 4.2))).toBe(
      'level shift: the rail 5v voltage suddenly dropped to a new level',
    );
    expect(findingInWords(step(4.2, 5))).toBe(
      'level shift: the rail 5v voltage suddenly rose to a new level',
    );
    expect(findingInWords({ kind: 'step', channels: ['a_A'] })).toBe(
      'level shift: the a current suddenly changed to a new level',
    );
    expect(findingInWords({ kind: 'drift', channels: ['a_A'], evidence: { values: { change: 0.3 } } })).toBe(
      'drift: a current slowly creeping up over time',
    );
    expect(
      findingInWords({ kind: 'spike', channels: ['a_A'], evidence: { values: { baseline: 1, peak: 0.2 } } }),
    ).toBe('spike: the a current jumped briefly, a short glitch');
  });

  it('names every channel of a finding over several', () => {
    expect(findingInWords({ kind: 'oscillation', channels: ['pos_mm', 'valve_current_mA'] })).toBe(
      'oscillation: the pos position and valve current swinging back and forth, unstable',
    );
  });

  it('answers nothing for what is not a telemetry finding', () => {
    expect(findingInWords({ kind: 'opinion', channels: ['a_A'] })).toBeUndefined();
    expect(findingInWords({ kind: 'stuck', channels: [] })).toBeUndefined();
    expect(findingInWords({ kind: 3, channels: ['a_A'] })).toBeUndefined();
    expect(findingInWords({ kind: 'stuck', channels: 'a_A' })).toBeUndefined();
  });
});
