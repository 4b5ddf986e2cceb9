// A glitch riding on a commanded response is a spike; the response's own first samples (an inrush,
// the step's edge) and its smooth course are not.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-spike-glitch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

/**
 * 10 Hz, 600 s: a gradient amplifier's current command steps 40 -> 240 A at 200 s and back at 400 s;
 * its voltage follows with a 0.3 s time constant and, at each step up, a 3-sample inrush overshoot.
 * A 12 V glitch (11 noise sigmas) 3 s after the step up fell in the step's settling and was explained.
 */
function amplifier(glitchAt?: number): string {
  const rows = ['time_s,gradient_cmd_A,amp_voltage_V'];
  for (let i = 0; i < 6000; i++) {
    const on = i >= 2000 && i < 4000;
    const since = on ? i - 2000 : i >= 4000 ? i - 4000 : Infinity;
    const target = on ? 255 : 40;
    const from = on ? 40 : 255;
    const level = since === Infinity ? 40 : target + (from - target) * Math.exp(-since / 3);
    const inrush = on && since < 3 ? 60 * (3 - since) : 0;
    const v = level + inrush + 0.8 * noise(i) + (i === glitchAt ? 12 : 0);
    rows.push([(i / 10).toFixed(1), on ? 240 : 40, v.toFixed(1)].join(','));
  }
  return rows.join('\n') + '\n';
}

describe('a glitch while a commanded response settles', () => {
  it('is a spike once the change’s first samples have passed', async () => {
    const path = join(dir, 'amp.csv');
    writeFileSync(path, amplifier(2030));
    const { findings } = await analyseTelemetry({ path, fileName: 'amp.csv' });
    expect(findings.map((f) => [f.kind, f.channels, f.start_row])).toEqual([
      ['spike', ['amp_voltage_V'], 2030],
    ]);
  });
  it('the response, its inrush included, is not', async () => {
    const path = join(dir, 'amp-clean.csv');
    writeFileSync(path, amplifier());
    expect((await analyseTelemetry({ path, fileName: 'amp-clean.csv' })).findings).toEqual([]);
  });
});
