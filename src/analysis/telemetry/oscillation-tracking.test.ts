// A load following a 4 Hz sine command, with a 17 Hz servo-valve instability a tenth of its swing:
// the load's own RMS hardly rises, its tracking error rises sevenfold and shows the oscillation.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { oscillations } from './detect-local.js';
import { noiseScale } from './robust.js';
import { trackingOscillations } from './oscillation-tracking.js';

/** Deterministic noise in [-s, s]: a fixed sequence, so the tests do not depend on a seed. */
const noise = (i: number, s: number) => s * Math.sin(i * 12.9898) * ((i * 7) % 5) * 0.25;
const n = 20000;
const dt = 0.02;
const cmd = Float64Array.from({ length: n }, (_, i) => 20 + 14 * Math.sin(2 * Math.PI * 4 * i * dt));
/** The load: the command one sample late, noise, and 0.6 kN at 17 Hz over rows 10,000-11,000. */
const instability = (i: number) => (i >= 10000 && i < 11000 ? 0.6 * Math.sin(2 * Math.PI * 17 * i * dt) : 0);
const load = Float64Array.from(
  { length: n },
  (_, i) => cmd[Math.max(0, i - 1)]! + noise(i, 0.1) + instability(i),
);
const ch = makeChannel('load_kN', 'kN', load, noiseScale(load), 0.01);
const never = () => false;

describe('oscillation on a tracking error', () => {
  it('the load itself shows nothing: the sine sets its typical RMS', () => {
    expect(oscillations(ch, load).filter((e) => e.i0 < 11000 && e.i1 > 10000)).toEqual([]);
  });

  it('its error against the command it follows shows the 17 Hz instability where it is', () => {
    const found = trackingOscillations(ch, load, [cmd], never);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e) => e.i0 >= 9900 && e.i1 <= 11100)).toBe(true);
  });

  it('a load whose gain to the command changes for a while (a resonance the drive passes) is no oscillation', () => {
    const gain = Float64Array.from(
      { length: n },
      (_, i) =>
        20 +
        (i >= 10000 && i < 11000 ? 1.15 : 1) * 14 * Math.sin(2 * Math.PI * 4 * (i - 1) * dt) +
        noise(i, 0.1),
    );
    const g = makeChannel('load_kN', 'kN', gain, noiseScale(gain), 0.01);
    expect(trackingOscillations(g, gain, [cmd], never)).toEqual([]);
  });

  it('a channel that does not follow the command is not judged on an error against it', () => {
    const temp = Float64Array.from({ length: n }, (_, i) => 26 + noise(i + 3, 0.03) + 0.02 * instability(i));
    const tc = makeChannel('specimen_temp_C', 'C', temp, noiseScale(temp), 0.01);
    expect(trackingOscillations(tc, temp, [cmd], never)).toEqual([]);
  });
});
