// Drifts against siblings judged on the residual less their gain and lag differences (sibling-model.ts).
// Two outlet thermometers of a solar collector, one 1% more gain and 25 s more lag: their plain
// residual moves by most of a degree as the inlet set-point and the sun go up and down, and a 7-sigma
// creep of one hid in that wander (the other stretches' wander band rejected it). Modelled, the creep
// is found; with no creep, nothing is.
// Pure: a CSV in a temp directory, DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-drift-sibling-model-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 5040;
const DT = 10;
/** Deterministic white noise with unit spread (a hash of the index, summed to near-Gaussian). */
const uniform = (k: number) => {
  let h = Math.imul(k ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
};
const noise = (i: number) =>
  (uniform(4 * i) + uniform(4 * i + 1) + uniform(4 * i + 2) + uniform(4 * i + 3) - 2) * Math.sqrt(3);

/** With `creep`, outlet 2 creeps 0.21 degC (7 sigma) over 3,600 s from 42% of the record and holds. */
async function analyse(name: string, creep: boolean) {
  const rows = ['t_s,inlet_setpoint_C,outlet_temp_1_C,outlet_temp_2_C'];
  const T = N * DT;
  let inlet = 20;
  let out1 = 20;
  let out2 = 20;
  for (let i = 0; i < N; i++) {
    const t = i * DT;
    const sp = t < 0.3 * T ? 20 : t < 0.55 * T ? 40 : t < 0.8 * T ? 60 : 30;
    const sun = Math.max(0, Math.sin((Math.PI * (t - 0.05 * T)) / (0.9 * T)));
    inlet += (sp - inlet) * (1 - Math.exp(-DT / 200));
    out1 += (inlet + 18 * sun - 0.09 * (inlet - 20) - out1) * (1 - Math.exp(-DT / 90));
    out2 += (out1 - out2) * (1 - Math.exp(-DT / 25));
    const d = creep ? 0.21 * Math.min(1, Math.max(0, (t - 0.42 * T) / 3600)) : 0;
    rows.push(
      [
        t,
        sp.toFixed(1),
        (out1 + 0.03 * noise(i)).toFixed(3),
        (1.01 * out2 - 0.3 + d + 0.03 * noise(i + 7919)).toFixed(3),
      ].join(','),
    );
  }
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings.filter((f) => f.kind === 'drift');
}

describe('a drift against a sibling with a different gain and lag', () => {
  it('is found on the modelled residual', async () => {
    const found = await analyse('creep.csv', true);
    expect(found).toHaveLength(1);
    expect(found[0]!.channels).toContain('outlet_temp_2_C');
    expect(found[0]!.t_start).toBeLessThan(0.42 * N * DT + 3600);
    expect(found[0]!.t_end).toBeGreaterThan(0.42 * N * DT);
  });

  it('is not invented when there is none', async () => {
    expect(await analyse('clean.csv', false)).toEqual([]);
  });
});
