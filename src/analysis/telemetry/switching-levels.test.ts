// An electric storage heater's element read through a power transducer: a thermostat switches it on
// when the tank cools and off when it is warm, with no command column moving. Its switchings are no
// steps; an offset of its on level, a third level, is. Small synthetic series and a CSV analysed whole.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { switchesLevel, switchingLevels } from './switching-levels.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-switching-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 7200;
const noise = (i: number) => Math.sin(i * 12.9898) * Math.cos(i * 78.233);
/** Off, on at 600, off at 2150, on at 2430 (a draw cools the tank), on to the end: 3 kW. */
const on = (i: number) => (i >= 600 && i < 2150) || i >= 2430;
/** The element through a 5 s lag, 0.01 kW of noise; `offset` lowers its on level from 6600 on. */
function element(offset = 0): Float64Array {
  let p = 0;
  return Float64Array.from({ length: N }, (_, i) => {
    p += ((on(i) ? 3 : 0) - p) * (1 - Math.exp(-1 / 5));
    return p - (i >= 6600 && on(i) ? offset : 0) + 0.01 * noise(i);
  });
}

describe('a channel switching between two levels', () => {
  it('the element has two levels; a flat channel with a fault out and back has not', () => {
    const levels = switchingLevels(element(), 0.01);
    expect(levels?.low).toBeCloseTo(0, 1);
    expect(levels?.high).toBeCloseTo(3, 1);
    const outAndBack = Float64Array.from(
      { length: N },
      (_, i) => (i >= 3000 && i < 4000 ? 1 : 0) + 0.01 * noise(i),
    );
    expect(switchingLevels(outAndBack, 0.01)).toBeNull();
  });

  it('switching off is going from one level to the other; an offset of the on level is not', () => {
    const x = element(0.9);
    const levels = switchingLevels(x, 0.01)!;
    expect(switchesLevel(x, levels, 2150, 2150, 40)).toBe(true);
    expect(switchesLevel(x, levels, 6600, 6600, 40)).toBe(false);
  });

  async function analyse(name: string, offset: number) {
    const x = element(offset);
    let tank = 52;
    const rows = ['elapsed_s,tank_temp_C,element_power_kW,draw_valve_on'];
    for (let i = 0; i < N; i++) {
      const draw = i >= 2400 && i < 2700 ? 1 : 0;
      tank += (on(i) ? 0.004 : 0) - draw * 0.02 - (0.0002 * (tank - 20)) / 10;
      rows.push([i, (tank + 0.05 * noise(i + 7919)).toFixed(2), x[i]!.toFixed(3), draw].join(','));
    }
    const path = join(dir, name);
    writeFileSync(path, rows.join('\n') + '\n');
    return (await analyseTelemetry({ path, fileName: name })).findings.filter(
      (f) => f.channels.includes('element_power_kW') && (f.kind === 'step' || f.kind === 'drift'),
    );
  }

  it('reports no step where the thermostat switches the element', async () => {
    expect(await analyse('switching.csv', 0)).toEqual([]);
  });

  it('still reports the on level falling to a third level', async () => {
    const found = await analyse('offset.csv', 0.9);
    expect(found.some((f) => f.kind === 'step' && Math.abs(f.t_start - 6600) <= 40)).toBe(true);
  });
});
