// A one-sample mark a channel shows at every switch of a cycling state is the cycle's texture, however
// few of those marks reached the spike detector's bar; a spike well beyond the usual mark, or away from
// any switch, is still a spike. Pure, and end to end through the analyst.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { dropSwitchMarks } from './cycle-transitions.js';
import type { RowEvent } from './findings.js';

const noise = (i: number) => Math.sin(i * 12.9898) * Math.cos(i * 78.233);
const HALF = 60;
/** A bed swinging each half cycle (state 1, 2, 1, …), with a surge of `surge(k)` at switch k. */
function bed(n: number, surge: (k: number) => number) {
  const state = new Float64Array(n);
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const k = Math.floor(i / HALF);
    state[i] = 1 + (k % 2);
    x[i] = (k % 2 ? 5 : 1) + 0.02 * noise(i) + (i % HALF === 0 && k > 0 ? surge(k) : 0);
  }
  return { state, x };
}
const spike = (r0: number): RowEvent => ({
  kind: 'spike',
  channels: ['bed_bar'],
  i0: r0,
  i1: r0,
  r0,
  r1: r0,
  peak_sigma: 7,
  values: {},
});

describe('a spike at a state switch', () => {
  it('is the cycle’s mark when every such switch leaves about the same mark', () => {
    const { state, x } = bed(6000, (k) => 0.3 + 0.01 * (k % 3));
    const kept = dropSwitchMarks([spike(HALF * 11), spike(HALF * 31)], [state], () => x, 1);
    expect(kept).toEqual([]);
  });

  it('is a spike when it stands well beyond the usual mark, or sits away from any switch', () => {
    const { state, x } = bed(6000, (k) => (k === 21 ? 1.2 : 0.3));
    x[HALF * 40 + 25] = x[HALF * 40 + 25]! + 0.5;
    const events = [spike(HALF * 21), spike(HALF * 40 + 25)];
    expect(dropSwitchMarks(events, [state], () => x, 1)).toEqual(events);
  });

  it('is a spike when the switches leave no mark, and nothing changes without a cycling state', () => {
    const { state, x } = bed(6000, (k) => (k === 21 ? 0.3 : 0));
    const events = [spike(HALF * 21)];
    expect(dropSwitchMarks(events, [state], () => x, 1)).toEqual(events);
    expect(dropSwitchMarks(events, [], () => x, 1)).toEqual(events);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'hwa-cycle-transitions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the analyst on a two-bed swing', () => {
  it('reports the one surge well beyond the usual, and none of the switches’ usual surges', async () => {
    // 2 Hz, a bed switching every 30 s: the pressure surges ~0.25 bar at each switch (a little more at a
    // few), and one switch surges 0.9 bar.
    const lines = ['t_s,bed_pressure_bar,valve_step'];
    for (let i = 0; i < 14000; i++) {
      const k = Math.floor(i / HALF);
      const into = i % HALF;
      const high = k % 2 === 0;
      const level = high ? 5.4 - 4.4 * Math.exp(-into / 8) : 0.2 + 5.2 * Math.exp(-into / 8);
      const surge = into === 0 && k > 0 ? (k === 150 ? 0.9 : [40, 90, 170].includes(k) ? 0.32 : 0.25) : 0;
      lines.push(
        `${(i / 2).toFixed(2)},${(level + 0.015 * noise(i) + surge).toFixed(3)},${high ? 'A' : 'B'}`,
      );
    }
    const path = join(dir, 'psa.csv');
    writeFileSync(path, lines.join('\n') + '\n');
    const a = await analyseTelemetry({ path, fileName: 'psa.csv' });
    expect(a.findings.map((f) => [f.kind, f.channels.join(','), f.t_start])).toEqual([
      ['spike', 'bed_pressure_bar', 4500],
    ]);
  });
});
