// The general rules that tell commanded and expected changes from faults, each on a small synthetic
// series or a list of names unlike any data set's: command names with units in any style, sibling
// stems with an index anywhere, discrete states, level settling after a response, a flat run after a
// command switched off, and a breach's noisy edges. Pure: no files, no DuckDB.
import { describe, expect, it } from 'vitest';
import { commandedOff } from './assemble.js';
import { bareName, channelKind, isCommandName, stemOf } from './columns.js';
import { commandChanges, firstFlat, isDiscrete, responded, settleLevel } from './context.js';
import { joinRuns } from './detect-flat.js';

const times = (n: number) => Float64Array.from({ length: n }, (_, i) => i);
/** Deterministic noise in [-s, s]: a fixed sequence, so the tests do not depend on a seed. */
const noise = (i: number, s: number) => s * Math.sin(i * 12.9898) * ((i * 7) % 5) * 0.25;

describe('command and set-point names with units in any style', () => {
  it.each([
    'valve_setpoint (bar)',
    'pump_cmd[rpm]',
    'flow target (lpm)',
    'Drive Mode',
    'fan_cmd_pct',
    'load-demand [A]',
  ])('%s is a command', (name) => {
    expect(isCommandName(name)).toBe(true);
    expect(channelKind({ name, type: 'DOUBLE' })).toBe('command');
  });
  it.each(['Oven Temp (degC)', 'spring_force[N]', 'campaign_flow_lpm', 'post_pressure_kPa'])(
    '%s is a measurement',
    (name) => expect(isCommandName(name)).toBe(false),
  );
  it('strips the unit whatever its style', () => {
    expect(bareName('valve_setpoint (bar)')).toBe('valve_setpoint');
    expect(bareName('pump_speed[rpm]')).toBe('pump_speed');
    expect(bareName('pump_speed_rpm')).toBe('pump_speed');
  });
});

describe('sibling stems with the index anywhere', () => {
  it('groups sensors numbered inside the name', () => {
    expect(stemOf('Probe1 Pressure (kPa)')).toBe(stemOf('Probe4 Pressure (kPa)'));
    expect(stemOf('cell7_voltage_V')).toBe(stemOf('cell12_voltage_V'));
    expect(stemOf('strain_g2[ue]')).toBe(stemOf('strain_g3[ue]'));
    expect(stemOf('string_2_I (A)')).toBe(stemOf('string_3_I (A)'));
    expect(stemOf('string_2_I (A)')).not.toBe(stemOf('string_2_V (V)'));
  });
  it('keeps quantities whose name starts with a number apart', () => {
    expect(stemOf('rail_3v3_V')).not.toBe(stemOf('rail_12v_V'));
    expect(stemOf('accel_x_g')).not.toBe(stemOf('accel_y_g'));
  });
});

describe('discrete states', () => {
  it('a column with a handful of values is a state, a quantised sensor is not', () => {
    const relay = Float64Array.from({ length: 500 }, (_, i) => (i % 100 < 50 ? 0 : 1));
    const gear = Float64Array.from({ length: 500 }, (_, i) => Math.floor(i / 125));
    const rssi = Float64Array.from({ length: 500 }, (_, i) => Math.round(-70 + 5 * Math.sin(i / 20)));
    expect(isDiscrete(relay)).toBe(true);
    expect(isDiscrete(gear)).toBe(true);
    expect(isDiscrete(rssi)).toBe(false);
  });
});

describe('a cycling state is not a command', () => {
  it('a relay toggling every few samples explains nothing; a few set-point moves do', () => {
    const duty = Float64Array.from({ length: 2000 }, (_, i) => (i % 30 < 12 ? 1 : 0));
    const target = Float64Array.from({ length: 2000 }, (_, i) => 10 * Math.floor(i / 500));
    const sweep = Float64Array.from({ length: 2000 }, (_, i) => 5 + i / 100);
    expect(commandChanges(duty)).toEqual([]);
    expect(commandChanges(target)).toEqual([500, 1000, 1500]);
    // A continuous command (a sweep) is not a state: every change still counts.
    expect(commandChanges(sweep).length).toBe(1999);
  });
});

describe('settling by level after a change the channel responded to', () => {
  const n = 3000;
  const t = times(n);
  // A slow lag (tau 400 samples) toward a new level after a change at 1000, and a channel that does
  // not respond at 1000 but departs later on its own.
  const lag = Float64Array.from({ length: n }, (_, i) =>
    i < 1000 ? noise(i, 1) : 80 * (1 - Math.exp(-(i - 1000) / 400)) + noise(i, 1),
  );
  const late = Float64Array.from({ length: n }, (_, i) =>
    i < 1600 ? noise(i, 1) : Math.min(40, (i - 1600) / 20) + noise(i, 1),
  );
  it('a lag responds, a later departure does not', () => {
    expect(responded(lag, 1, 1000, n)).toBe(true);
    expect(responded(late, 1, 1000, n)).toBe(false);
  });
  it('the lag settles late (its tail masked); the ignored change masks nothing', () => {
    const only = (y: Float64Array) => (c: number, end: number) => responded(y, 1, c, end);
    expect(settleLevel(lag, 1, t, [1000], 1, only(lag))).toBeGreaterThan(400);
    expect(settleLevel(late, 1, t, [1000], 1, only(late))).toBe(20);
  });
});

describe('a flat run after a command switched off', () => {
  const n = 400;
  const enable = Float64Array.from({ length: n }, (_, i) => (i >= 200 && i < 300 ? 0 : 1));
  const other = Float64Array.from({ length: n }, () => 0);
  const values = new Map([
    ['output_on_off', enable],
    ['aux_cmd', other],
  ]);
  const cmds = [
    { name: 'output_on_off', kind: 'command' },
    { name: 'aux_cmd', kind: 'command' },
  ];
  it('is explained when a command went to zero just before it, whatever the names', () => {
    expect(commandedOff('Line Pressure (kPa)', cmds.slice(0, 1), values, 202, 299)).toBe(true);
  });
  it('is not explained by a command that was already at zero long before', () => {
    expect(commandedOff('Line Pressure (kPa)', cmds.slice(1), values, 202, 299)).toBe(false);
  });
});

describe("a breach's noisy edges", () => {
  it('joins short runs at the edges of a long one, keeps separate breaches apart', () => {
    const runs = [
      { start: 100, end: 108 },
      { start: 113, end: 115 },
      { start: 117, end: 200 },
      { start: 210, end: 211 },
      { start: 900, end: 950 },
    ];
    expect(joinRuns(runs)).toEqual([
      { start: 100, end: 211 },
      { start: 900, end: 950 },
    ]);
  });
});

describe('settling ends when the response stops moving', () => {
  const n = 4000;
  const t = times(n);
  // A lag (tau 100 samples) after a change at 1000 that settles, then a creep from 2500 that runs to
  // the next change at 3500: the level the stretch ends at is the creep's, not the command's.
  const y = Float64Array.from({ length: n }, (_, i) => {
    const lag = i < 1000 ? 0 : 30 * (1 - Math.exp(-(i - 1000) / 100));
    const creep = i < 2500 ? 0 : Math.min(i - 2500, 1000) * 0.02;
    return lag + creep + noise(i, 1);
  });
  it('a later creep does not stretch the settling over itself', () => {
    const stretched = settleLevel(y, 1, t, [1000, 3500], 1);
    const still = settleLevel(y, 1, t, [1000, 3500], 1, undefined, true);
    // The level rule masks up to its cap (15% of the file), over most of the creep.
    expect(stretched).toBeCloseTo(0.15 * (n - 1));
    // The lag is within 4 sigma after about 2 tau: settled well before the creep at 1500 samples.
    expect(still).toBeLessThan(1000);
    expect(still).toBeGreaterThan(150);
  });
  it('firstFlat finds where a series stays within a band for a window', () => {
    const x = Float64Array.from({ length: 200 }, (_, i) => (i < 50 ? i : 50));
    expect(firstFlat(x, 0, 200, 20, 0.5)).toBe(50);
    expect(firstFlat(x, 0, 60, 20, 0.5)).toBe(60);
  });
});
