// A drift through the steps of a program that repeats, judged against the channel's own response at
// the same point of the same step in the other repetitions (drift-program.ts). A lone bus voltage
// answers a load profile run five times; a creep of 8 noise sigmas through three load steps is found,
// the same profile without it (or with a creep under the floor) reports nothing, and a program whose
// steps do not repeat gives no template.
// Pure: small arrays, and a CSV in a temp directory with DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { programResidual } from './drift-program.js';

describe('programResidual', () => {
  // Three levels, each step 10 samples, the profile run four times; the level answers the command.
  const cmd = Array.from({ length: 120 }, (_, i) => [10, 30, 20][Math.floor(i / 10) % 3]!);
  const changes = cmd.flatMap((v, i) => (i > 0 && v !== cmd[i - 1] ? [i] : []));
  const key = (i: number) => String(cmd[i]);

  it('cancels the response at the same point of each repeated step', () => {
    const y = Float64Array.from(cmd, (v, i) => 2 * v + (i % 10 < 3 ? 5 - (i % 10) : 0));
    const r = programResidual(y, changes, key, 0)!;
    expect(Math.max(...r.map(Math.abs))).toBeLessThan(1e-9);
  });

  it('leaves a creep that rides on the responses', () => {
    const creep = (i: number) => (i >= 60 ? 3 : 0);
    const y = Float64Array.from(cmd, (v, i) => 2 * v + creep(i));
    const r = programResidual(y, changes, key, 0)!;
    // The mean of four repetitions, two of them after the shift: half of it either side.
    expect(r[100]! - r[10]!).toBeCloseTo(3, 9);
  });

  it('holds the template past the offset fewer than three repetitions reach (a longer dwell)', () => {
    // Step 'a' three times for 10 samples and once for 30, with 'b' between; the level answers the
    // step and then holds it, so the long dwell's last 20 samples are measured against that level.
    const runs = ['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b'];
    const lengths = [10, 10, 10, 10, 10, 10, 30, 10];
    const cmd = runs.flatMap((k, q) => Array<string>(lengths[q]!).fill(k));
    const at = cmd.flatMap((v, i) => (i > 0 && v !== cmd[i - 1] ? [i] : []));
    const y = Float64Array.from(cmd, (v, i) => (v === 'a' ? 5 : 1) + (i >= 80 && i < 90 ? 2 : 0));
    const r = programResidual(y, at, (i) => cmd[i]!, 0)!;
    expect(Array.from(r.subarray(60, 80))).toEqual(Array<number>(20).fill(0));
    expect(Array.from(r.subarray(80, 90))).toEqual(Array<number>(10).fill(2));
  });

  it('gives no template when the steps do not repeat', () => {
    const once = Array.from({ length: 120 }, (_, i) => Math.floor(i / 10));
    const steps = once.flatMap((v, i) => (i > 0 && v !== once[i - 1] ? [i] : []));
    const y = Float64Array.from(once);
    expect(programResidual(y, steps, (i) => String(once[i]), 0)).toBeNull();
  });
});

const dir = mkdtempSync(join(tmpdir(), 'hwa-drift-program-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Deterministic noise with unit spread (a fixed sequence, so the test does not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

/**
 * 1 Hz, a load profile of four 864 s steps run five times; the lone bus voltage sags 4 mV per ampere
 * with 10 mV of noise, and creeps by `creep` volts from 6,048 s to 8,640 s (through three load steps).
 */
async function analyse(name: string, creep: number) {
  const rows = ['t_s,load_setpoint_A,bus_voltage_V'];
  for (let i = 0; i < 17280; i++) {
    const load = [40, 120, 200, 80][Math.floor(i / 864) % 4]!;
    const d = creep * Math.min(1, Math.max(0, (i - 6048) / 2592));
    rows.push([i, load, (54.1 - 0.004 * load + d + 0.01 * noise(i)).toFixed(4)].join(','));
  }
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings.filter((f) => f.kind === 'drift');
}

describe('a lone channel creeping through the steps of a repeating load profile', () => {
  it('is found, over the creep', async () => {
    const found = await analyse('creep.csv', -0.08);
    expect(found).toHaveLength(1);
    expect(found[0]!.channels).toEqual(['bus_voltage_V']);
    expect(found[0]!.t_start).toBeLessThan(8640);
    expect(found[0]!.t_end).toBeGreaterThan(6048);
  });

  it('is not reported when the bus only answers the load', async () => {
    expect(await analyse('still.csv', 0)).toEqual([]);
  });

  it('is not reported when the creep stays under the floor (2 noise sigmas)', async () => {
    expect(await analyse('small.csv', -0.02)).toEqual([]);
  });
});
