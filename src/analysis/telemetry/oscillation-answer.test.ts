// A command explains an oscillation only on a channel that answers it. A tank filled and defuelled
// every 12 minutes (a phase column, the pressure command ramping up and down, the pressure following); the pre-cooler's supply
// temperature holds -38 degC through every phase and hunts at 0.02 Hz for 15 minutes, starting a
// few minutes before a phase change. That change explained the hunting on every channel; the supply
// temperature has ignored every fill before it.
// Pure: a CSV in a temp directory, DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { answeredChangeTimes } from './oscillation-answer.js';
import { makeChannel } from './context.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-osc-answer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 10800;
/** Deterministic noise with unit spread (a fixed sequence, so the test does not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);
const phaseOf = (i: number) => {
  const p = i % 720;
  return p < 240 ? 'fill' : p < 360 ? 'hold' : p < 600 ? 'defuel' : 'dwell';
};
const pressure = (i: number) => {
  const p = i % 720;
  return p < 240 ? 20 + (855 * p) / 240 : p < 360 ? 875 : p < 600 ? 875 - (855 * (p - 360)) / 240 : 20;
};
/** The supply's slow wander (a chiller loop's), 0.8 and 0.3 sigma. */
const wander = (i: number) =>
  0.08 * Math.sin((2 * Math.PI * i) / 2400) + 0.03 * Math.sin((2 * Math.PI * i) / 900 + 1);
/** The hunting: 0.7 degC (7 sigma) at 0.02 Hz over 3240-4140 s, built up and let down over 150 s. */
const hunt = (i: number) => {
  if (i < 3240 || i > 4140) return 0;
  const env = Math.min(1, (i - 3240) / 150, (4140 - i) / 150);
  return 0.7 * env * Math.sin(2 * Math.PI * 0.02 * (i - 3240));
};

describe('an oscillation on a channel that ignores the commands', () => {
  it('is not explained by a phase change it never answered', async () => {
    const rows = ['t_s,cycle_phase,pressure_cmd_bar,tank_pressure_bar,supply_temp_C'];
    for (let i = 0; i < N; i++)
      rows.push(
        [
          i,
          phaseOf(i),
          pressure(i).toFixed(0),
          (pressure(i) + 0.6 * noise(i)).toFixed(1),
          (-38 + wander(i) + hunt(i) + 0.1 * noise(i + 7919)).toFixed(2),
        ].join(','),
      );
    const path = join(dir, 'tank.csv');
    writeFileSync(path, rows.join('\n') + '\n');
    const found = (await analyseTelemetry({ path, fileName: 'tank.csv' })).findings.filter(
      (f) => f.kind === 'oscillation' && f.channels.includes('supply_temp_C'),
    );
    expect(found.some((f) => f.t_start < 3600 && f.t_end > 3800)).toBe(true);
  });

  it('a channel keeps the changes of the commands it answers, and only those', () => {
    const t = Float64Array.from({ length: N }, (_, i) => i);
    const phase = Float64Array.from({ length: N }, (_, i) =>
      ['fill', 'hold', 'defuel', 'dwell'].indexOf(phaseOf(i)),
    );
    const changes = [...phase.keys()].filter((i) => i > 0 && phase[i] !== phase[i - 1]);
    const press = Float64Array.from({ length: N }, (_, i) => pressure(i) + 0.6 * noise(i));
    const supply = Float64Array.from({ length: N }, (_, i) => -38 + 0.1 * noise(i + 7919));
    const times = answeredChangeTimes(
      [
        makeChannel('tank_pressure_bar', 'bar', press, 0.6, 0.1),
        makeChannel('supply_temp_C', 'C', supply, 0.1, 0.01),
      ],
      new Map([['cycle_phase', changes]]),
      t,
      80,
    );
    expect(times.get('tank_pressure_bar')).toHaveLength(changes.length);
    expect(times.get('supply_temp_C')).toEqual([]);
  });
});
