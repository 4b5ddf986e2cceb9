// Raised RMS during scans and sweeps that is the test's doing: a stepped scan's per-dwell levels and
// a response following a calm drive through a resonance are not oscillations; an oscillation of the
// channel's own during either still is. Pure tests of the two rules, then a sine sweep end to end.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { followsDwells, followsReference } from './oscillation-context.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-oscillation-context-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Deterministic noise with unit spread (a fixed sequence, so the tests do not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);
const N = 2000;
const typical = 0.5;

describe('followsDwells: a stepped scan', () => {
  // A frequency list with 5-sample dwells; the amplifier's power ripples over frequency, one level a dwell.
  const freq = Float64Array.from({ length: N }, (_, i) => 80 + 2.3 * Math.floor(i / 5));
  const power = (own: (i: number) => number) =>
    Float64Array.from(
      { length: N },
      (_, i) => 100 + 15 * Math.sin(freq[i]! / 8) + typical * noise(i) + own(i),
    );

  it('levels that change with the dwells and are quiet within them follow the scan', () => {
    expect(
      followsDwells(
        power(() => 0),
        [freq],
        0,
        N - 1,
        typical,
      ),
    ).toBe(true);
  });

  it('an oscillation within the dwells does not', () => {
    const own = (i: number) => 3 * Math.sin((2 * Math.PI * i) / 7);
    expect(followsDwells(power(own), [freq], 0, N - 1, typical)).toBe(false);
  });

  // The same scan at a field three times higher for the second half: the power and its noise grow
  // with the level, so within the dwells the second half is ~3x the typical RMS the first half sets.
  const louder = (own: (i: number) => number) =>
    Float64Array.from({ length: N }, (_, i) => {
      const gain = i < N / 2 ? 1 : 3;
      return gain * (100 + 15 * Math.sin(freq[i]! / 8) + typical * noise(i)) + own(i);
    });

  it('noise that grows with the level: a louder stretch as quiet as its neighbouring dwells follows the scan', () => {
    expect(
      followsDwells(
        louder(() => 0),
        [freq],
        1400,
        1600,
        typical,
      ),
    ).toBe(true);
  });

  it('...but an oscillation within those dwells, louder than the neighbours, does not', () => {
    const own = (i: number) => (i >= 1400 && i <= 1600 ? 6 * Math.sin((2 * Math.PI * i) / 7) : 0);
    expect(followsDwells(louder(own), [freq], 1400, 1600, typical)).toBe(false);
  });

  // Noise that grows with the level beyond anything else in the file: the stretch's dwells at 4x the
  // typical noise, its neighbours quiet. What the dwells leave is louder than both bars, yet it is
  // noise, which repeats at no lag: the raise was the staircase's.
  // (Random noise here: the two-tone `noise` above repeats at some lags, as no sensor's noise does.)
  it('a staircase whose within-dwell noise outgrew every bar still follows the scan', () => {
    let state = 777;
    const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const white = Float64Array.from({ length: N }, () => (next() + next() + next() + next() - 2) * 1.7);
    const loud = Float64Array.from(
      { length: N },
      (_, i) =>
        (i >= 1000 && i < 1500 ? 30 * Math.sin(freq[i]! / 8) + 4 * typical * white[i]! : 0) +
        typical * white[i]!,
    );
    expect(followsDwells(loud, [freq], 1000, 1499, typical)).toBe(true);
  });

  it('a sweep that changes every sample has no dwells to judge within', () => {
    const sweep = Float64Array.from({ length: N }, (_, i) => 80 + 0.5 * i);
    expect(
      followsDwells(
        power(() => 0),
        [sweep],
        0,
        N - 1,
        typical,
      ),
    ).toBe(false);
  });
});

describe('followsReference: a response to a calm drive', () => {
  const drive = Float64Array.from({ length: N }, (_, i) => Math.sin(0.9 * i + 0.0002 * i * i));
  const response = (own: (i: number) => number) =>
    Float64Array.from(
      { length: N },
      (_, i) =>
        (1 + 3 * Math.exp(-(((i - 1000) / 300) ** 2))) * Math.sin(0.9 * i + 0.0002 * i * i - 0.4) +
        0.02 * noise(i) +
        own(i),
    );

  it('a resonance at the drive frequency, any gain and phase, follows the drive', () => {
    expect(
      followsReference(
        response(() => 0),
        drive,
        0,
        N - 1,
        0.05,
      ),
    ).toBe(true);
  });

  it('an oscillation at another frequency does not', () => {
    expect(
      followsReference(
        response((i) => 2 * Math.sin(2.6 * i)),
        drive,
        0,
        N - 1,
        0.05,
      ),
    ).toBe(false);
  });

  it('noise or a slow channel carries no wave', () => {
    const slow = Float64Array.from({ length: N }, (_, i) => 20 + i * 0.001);
    const hiss = Float64Array.from({ length: N }, (_, i) => noise(i + 31));
    expect(
      followsReference(
        response(() => 0),
        slow,
        0,
        N - 1,
        0.05,
      ),
    ).toBe(false);
    expect(
      followsReference(
        response(() => 0),
        hiss,
        0,
        N - 1,
        0.05,
      ),
    ).toBe(false);
  });
});

/**
 * A sine sweep at 200 Hz sampling, 5 -> 55 Hz over 5-55 s: the control accelerometer held at 1 g,
 * the response resonating near 30 Hz (Q 8). With `fault` the response also rattles at 71 Hz, 4 g,
 * over 40-44 s.
 */
async function sweep(fault: boolean) {
  const rows = ['t_s,profile_step,drive_freq_Hz,ctrl_accel_g,resp_accel_g'];
  let phase = 0;
  for (let i = 0; i < 12000; i++) {
    const t = i / 200;
    const on = t >= 5 && t < 55;
    const f = on ? t : 0;
    phase += (2 * Math.PI * f) / 200;
    const r = f / 30;
    const gain = 1 / Math.sqrt((1 - r * r) ** 2 + (r / 8) ** 2);
    const resp = on ? gain * Math.sin(phase - Math.atan2(r / 8, 1 - r * r)) : 0;
    const rattle = fault && t >= 40 && t < 44 ? 4 * Math.sin(2 * Math.PI * 71 * t) : 0;
    const ctrl = (on ? Math.sin(phase) : 0) + 0.02 * noise(i);
    rows.push(
      [
        t.toFixed(3),
        on ? 1 : 0,
        f.toFixed(2),
        ctrl.toFixed(4),
        (resp + rattle + 0.02 * noise(i + 7)).toFixed(4),
      ].join(','),
    );
  }
  const name = `sweep-${fault}.csv`;
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings;
}

describe('a sine sweep end to end', () => {
  it('the response through its resonance is not reported', async () => {
    expect(await sweep(false)).toEqual([]);
  });

  it('a rattle at another frequency during the sweep is', async () => {
    const f = await sweep(true);
    expect(f.map((x) => [x.kind, x.channels])).toEqual([['oscillation', ['resp_accel_g']]]);
    expect(f[0]!.t_start).toBeLessThan(44);
    expect(f[0]!.t_end).toBeGreaterThan(40);
  });
});
