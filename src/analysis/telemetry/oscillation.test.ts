// Oscillation at two time scales, on small synthetic series: a slow wobble (80-sample period, the
// kind the 41-sample high-pass removes) is found at the slow scale, and a level step, whose edge
// raises the high-passed RMS for about the filter's width, is not taken for one. Synthetic series,
// and one generated file (a step on a cycling thermocouple).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, writeGenerated } from '../../../test/telemetry/generate.js';
import { analyseTelemetry } from './analyse.js';
import { makeChannel } from './context.js';
import { oscillations, periodicity, SLOW_OSCILLATION_SCALE } from './detect-local.js';
import { noiseScale } from './robust.js';

/** Deterministic Gaussian-like noise (sum of 4 uniforms from a fixed LCG), so the test needs no seed. */
const gaussian = (() => {
  const out = new Float64Array(3000);
  let state = 12345;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let i = 0; i < out.length; i++) out[i] = (next() + next() + next() + next() - 2) * Math.sqrt(3);
  return out;
})();
const noise = (i: number, s: number) => s * gaussian[i]!;

const channel = (x: Float64Array) => makeChannel('rssi_dBm', 'dBm', x, noiseScale(x), 0);

describe('slow oscillation', () => {
  const n = 3000;
  const wobble = Float64Array.from({ length: n }, (_, i) =>
    i >= 1500 && i < 2460 ? 4 * Math.sin((2 * Math.PI * (i - 1500)) / 80) + noise(i, 1) : noise(i, 1),
  );

  it('an 80-sample wobble of 4 sigma is found at the slow scale, where it is', () => {
    const found = oscillations(channel(wobble), wobble, SLOW_OSCILLATION_SCALE);
    expect(found).toHaveLength(1);
    expect(found[0]!.kind).toBe('oscillation');
    expect(found[0]!.i0).toBeGreaterThan(1300);
    expect(found[0]!.i0).toBeLessThan(1600);
    expect(found[0]!.i1).toBeGreaterThan(2350);
  });

  it('a level step of 6 sigma is not an oscillation at either scale', () => {
    const step = Float64Array.from({ length: n }, (_, i) => (i >= 1500 ? 6 : 0) + noise(i, 1));
    const ch = channel(step);
    expect(oscillations(ch, step)).toEqual([]);
    expect(oscillations(ch, step, SLOW_OSCILLATION_SCALE)).toEqual([]);
  });

  it('noise alone gives nothing at either scale', () => {
    const quiet = Float64Array.from({ length: n }, (_, i) => noise(i, 1));
    const ch = channel(quiet);
    expect([...oscillations(ch, quiet), ...oscillations(ch, quiet, SLOW_OSCILLATION_SCALE)]).toEqual([]);
  });

  it('a step on a cycling thermocouple is one step finding: its edge at the slow scale is not an oscillation', async () => {
    // Development seed 20: temp_4 shifts by ~5 sigma at 3065 s while the four sensors share a slow
    // cycle. Without the footprint rule the slow scale saw the edge (2950-3188 s) as an oscillation.
    const dir = mkdtempSync(join(tmpdir(), 'hwa-osc-test-'));
    try {
      const g = generate(20);
      const path = writeGenerated(dir, g);
      const a = await analyseTelemetry({ path, fileName: g.name, limits: g.limits.channels });
      const steps = a.findings.filter((f) => f.kind === 'step');
      expect(steps).toHaveLength(1);
      expect(steps[0]!.channels).toContain('temp_4_degC');
      expect(a.findings.some((f) => f.kind === 'oscillation')).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('periodicity of a raised stretch', () => {
  const n = 3000;
  it('a sine in noise is an oscillation, and its periodicity is high', () => {
    const x = Float64Array.from({ length: n }, (_, i) =>
      i >= 1500 && i < 1800 ? 4 * Math.sin((2 * Math.PI * i) / 12) + noise(i, 1) : noise(i, 1),
    );
    const found = oscillations(channel(x), x);
    expect(found).toHaveLength(1);
    expect(found[0]!.values.periodicity).toBeGreaterThan(0.5);
  });

  it('broadband noise four times louder over the same stretch is not an oscillation', () => {
    const x = Float64Array.from({ length: n }, (_, i) => (i >= 1500 && i < 1800 ? 4 : 1) * noise(i, 1));
    const h = x.map((v) => v);
    expect(periodicity(h, 1500, 1799, 41)).toBeLessThan(0.3);
    expect(oscillations(channel(x), x)).toEqual([]);
  });
});
