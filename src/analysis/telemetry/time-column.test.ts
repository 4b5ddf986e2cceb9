// The time column found by its name whatever style its unit is written in: a bare `t` with a
// bracketed unit of seconds is the time axis (read as the row index, every finding's time was a row
// number); a unit other than seconds is not read as seconds.
import { describe, expect, it } from 'vitest';
import { isTimeName, pickTimeColumn } from './columns.js';

describe('time column names with a unit', () => {
  it.each(['t [s]', 'time (s)', 'T[s]', 't_s', 'elapsed [s]', 'Time'])('%s names the time', (name) =>
    expect(isTimeName(name)).toBe(true),
  );
  it.each(['t [ms]', 'temp [s]', 'tc1 (degC)', 'torque [Nm]'])('%s does not', (name) =>
    expect(isTimeName(name)).toBe(false),
  );
  it('a numeric `t [s]` column is the time axis, in seconds', () => {
    const cols = [
      { name: 't [s]', type: 'DOUBLE' },
      { name: 'spool_pos_pct', type: 'DOUBLE' },
    ];
    expect(pickTimeColumn(cols, () => false)).toEqual({ column: 't [s]', kind: 'seconds' });
  });
});
