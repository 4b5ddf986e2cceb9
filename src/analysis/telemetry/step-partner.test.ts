// A district-heating substation: the heat load jumps with every hot-water draw (carried by a command
// column) and, once, by 20 kW for a few hours when a shift starts on the clock (carried by none). The primary return is
// the supply less a drop that grows with the load: it falls 1 K with that jump, as it falls with
// every draw. That is its usual answer to a measured partner's move, no sensor's step; an offset of
// the return probe where the load holds still is. A CSV analysed whole, and the rule on its series.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { answersPartner } from './step-partner.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-step-partner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 8640;
const DT = 30;
const noise = (i: number) => Math.sin(i * 12.9898) * Math.cos(i * 78.233) * 1.7;
/** Draws of 20-30 minutes, twice a day for three days (sample indices). */
const draws = [840, 2400, 3720, 5280, 6600, 8160];
const drawOn = (i: number) => draws.some((s) => i >= s && i < s + 50);
const shift = (i: number) => i >= 3000 && i < 3400;

function series(offset: boolean) {
  const load = new Float64Array(N);
  const ret = new Float64Array(N);
  let l = 80;
  for (let i = 0; i < N; i++) {
    const outdoor = 2 + 4 * Math.sin((2 * Math.PI * i * DT) / 86400);
    const target = 45 + 2.8 * (15 - outdoor) + 60 * (drawOn(i) ? 1 : 0) + 20 * (shift(i) ? 1 : 0);
    l += (target - l) * (1 - Math.exp(-DT / 300));
    load[i] = l + 0.6 * noise(i);
    ret[i] = 95 - 0.3 * outdoor - (28 + 0.05 * l) - (offset && i >= 6000 ? 1 : 0) + 0.08 * noise(i + 7919);
  }
  return { load, ret };
}

describe("a lone channel's step that answers a measured partner", () => {
  it('the return falling with the load at the shift is its usual answer', () => {
    const { load, ret } = series(false);
    const jump = (x: Float64Array, i: number) =>
      x.subarray(i, i + 40).reduce((a, v) => a + v, 0) / 40 -
      x.subarray(i - 40, i).reduce((a, v) => a + v, 0) / 40;
    expect(answersPartner(ret, 0.08, [{ x: load, sigma: 0.6 }], 3002, jump(ret, 3002), 40)).toBe(true);
  });

  it('an offset of the return where the load holds answers nothing', () => {
    const { load, ret } = series(true);
    expect(answersPartner(ret, 0.08, [{ x: load, sigma: 0.6 }], 6000, -1, 40)).toBe(false);
  });

  async function analyse(name: string, offset: boolean) {
    const { load, ret } = series(offset);
    const rows = ['t_s,heat_load_kW,primary_return_C,dhw_draw_on'];
    for (let i = 0; i < N; i++)
      rows.push([i * DT, load[i]!.toFixed(1), ret[i]!.toFixed(2), drawOn(i) ? 1 : 0].join(','));
    const path = join(dir, name);
    writeFileSync(path, rows.join('\n') + '\n');
    return (await analyseTelemetry({ path, fileName: name })).findings.filter((f) => f.kind === 'step');
  }

  // The load's own jump is the same move seen from the other side: the return answers it as it
  // answers every draw, so neither is a sensor's step.
  it('reports no step on the return or the load at the shift', async () => {
    expect(await analyse('shift.csv', false)).toEqual([]);
  });

  it('still reports the return probe offset', async () => {
    const found = await analyse('offset.csv', true);
    expect(
      found.some(
        (f) => f.channels.includes('primary_return_C') && Math.abs(f.t_start - 6000 * DT) <= 40 * DT,
      ),
    ).toBe(true);
  });
});
