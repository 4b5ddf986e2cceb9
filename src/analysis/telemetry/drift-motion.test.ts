// A pair of rod-seal thermocouples on an actuator cycled by a sine command, with holds between the
// cycling blocks: both warm with the cycling; one creeps 0.25 degC through a cycling block
// (750-900 s of 600-1110 s). The
// motion is one move for the pair, so the creep is judged within it and found.
// Pure: a CSV in a temp directory, DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { motionEnds } from './drift-motion.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-drift-motion-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 24000;
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

/** 20 Hz; cycling +-40 mm at 0.25 Hz except holds over samples 10200-12000 and 22200-24000. */
async function analyse(name: string, creep: boolean) {
  const rows = ['t_s,position_cmd_mm,rod_seal_temp_1_C,rod_seal_temp_2_C,mode'];
  let seal = 35;
  let seal2 = 35;
  for (let i = 0; i < N; i++) {
    const t = i / 20;
    const cycling = i % 12000 < 10200;
    const cmd = cycling ? 40 * Math.sin(2 * Math.PI * 0.25 * t) : 0;
    // Seal 2 sits deeper in the gland: a slower lag, so the pair parts at every block's start and end.
    seal += ((cycling ? 48 : 44) - seal) * (1 - Math.exp(-1 / 20 / 5));
    seal2 += ((cycling ? 47.4 : 43.4) - seal2) * (1 - Math.exp(-1 / 20 / 8));
    const d = creep ? 0.25 * Math.min(1, Math.max(0, (t - 750) / 150)) : 0;
    rows.push(
      [
        t.toFixed(2),
        cmd.toFixed(2),
        (seal + d + 0.03 * noise(i)).toFixed(2),
        (seal2 + 0.03 * noise(i + 7919)).toFixed(2),
        cycling ? 'CYCLING' : 'HOLD',
      ].join(','),
    );
  }
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings.filter((f) => f.kind === 'drift');
}

describe('a creep of one of a pair through a continuous motion', () => {
  it('is found within the cycling block', async () => {
    const found = await analyse('creep.csv', true);
    expect(found).toHaveLength(1);
    expect(found[0]!.channels).toContain('rod_seal_temp_1_C');
    expect(found[0]!.t_start).toBeLessThan(900);
    expect(found[0]!.t_end).toBeGreaterThan(750);
  });

  it('is not reported when the pair only warms together', async () => {
    expect(await analyse('still.csv', false)).toEqual([]);
  });
});

describe('motionEnds', () => {
  it('keeps a run of changes a sample apart as its first and last, and lone changes whole', () => {
    expect(motionEnds([5, 100, 101, 102, 103, 104, 400, 402, 900])).toEqual([5, 100, 104, 400, 402, 900]);
  });
});
