// The time column found by its name whatever style its unit is written in: a bare `t` with a
// bracketed unit of seconds is the time axis (read as the row index, every finding's time was a row
// number); a unit other than seconds is not read as seconds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { isTimeName, pickTimeColumn, timeScale } from './columns.js';

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
    expect(pickTimeColumn(cols, () => false)).toEqual({ column: 't [s]', kind: 'seconds', scale: 1 });
  });
});

describe('time columns in other units', () => {
  it.each([
    ['time_ms', 1e-3],
    ['elapsed [min]', 60],
    ['uptime_h', 3600],
    ['t_us', 1e-6],
    ['Time (sec)', 1],
    ['timestamp', 1],
    ['Time (UTC)', 1],
  ])('%s counts %s seconds a unit', (name, scale) => expect(timeScale(name)).toBe(scale));
  it('a column named like a time but in another quantity is no time axis', () => {
    expect(timeScale('response_time_V')).toBeNull();
    const cols = [
      { name: 'response_time_V', type: 'DOUBLE' },
      { name: 'load_A', type: 'DOUBLE' },
    ];
    expect(pickTimeColumn(cols, () => false)).toEqual({ column: null, kind: 'index', scale: 1 });
  });
});

const dir = mkdtempSync(join(tmpdir(), 'hwa-time-units-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a logger counting milliseconds', () => {
  it('has its findings timed in seconds and quoted in its own unit', async () => {
    // 10 Hz for 600 s, time in ms from 5000; a 3 V spike on the bus at row 3000 (305 s on the clock).
    const rows = ['time_ms,bus_V'];
    for (let i = 0; i < 6000; i++)
      rows.push(`${5000 + 100 * i},${(28 + (i === 3000 ? 3 : 0) + 0.02 * Math.sin(i * 12.9898)).toFixed(3)}`);
    const path = join(dir, 'logger.csv');
    writeFileSync(path, rows.join('\n') + '\n');
    const a = await analyseTelemetry({ path, fileName: 'logger.csv' });
    expect(a.time).toMatchObject({ column: 'time_ms', kind: 'seconds', start: 5000, end: 604900 });
    expect(a.time.median_period_s).toBeCloseTo(0.1, 6);
    expect(a.findings.map((f) => [f.kind, f.start_row, f.t_start, f.start_time])).toEqual([
      ['spike', 3000, 300, 305000],
    ]);
  });
});
