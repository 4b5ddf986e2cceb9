// A lone coarse sensor (0.5 degC codes) warmed behind an oven set-point and creeping with the room:
// its residual from the lagged command model is the smooth fit's own wobble between code changes, a
// thousandth of a code, and one code's change must not read as a step of hundreds of sigmas. End to
// end on a small file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-residual-quantum-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a coarse sensor judged on its command residual', () => {
  it('a code change during a slow creep is no step', async () => {
    const rows = ['t_s,oven_setpoint_C,board_temp_C'];
    for (let i = 0; i < 7200; i++) {
      const sp = i < 300 ? 25 : 85;
      const warm = (i < 300 ? 25 : 25 + 72.4 * (1 - Math.exp(-(i - 300) / 300))) + 0.00006 * i;
      // Noise far under a code: the codes change cleanly, as the creep carries them (1979 s, 5834 s).
      rows.push(`${i},${sp},${(Math.round(warm * 2) / 2).toFixed(1)}`);
    }
    const path = join(dir, 'coarse.csv');
    writeFileSync(path, rows.join('\n') + '\n');
    const { findings } = await analyseTelemetry({ path, fileName: 'coarse.csv' });
    expect(findings.filter((f) => f.kind === 'step')).toEqual([]);
  });
});
