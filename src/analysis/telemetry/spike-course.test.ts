// A wave energy converter's PTO pressure: |wave velocity| over a base, sampled 36 times a half-wave, so
// the 9-sample median is the centre sample on every monotone stretch and cuts the corner of each sharp
// trough. One larger wave's trough sat 8.6 file-wide sigmas under its median and was reported as a
// spike; it lies on the course its neighbours follow. A glitch on the waves leaves that course.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { spikes } from './detect-local.js';
import type { RowEvent } from './findings.js';
import { limitRepeats } from './repeats.js';
import { noiseScale } from './robust.js';
import { offCourse } from './spike-course.js';

const N = 6000;
const noise = (i: number) => 0.05 * Math.sin(i * 12.9898) * Math.cos(i * 78.233) * 1.9;
/** Half-waves of 2 bar, one of 6 bar (its trough at sample 3024), and an optional glitch (and its tail). */
const pressure = (glitchAt = -1, glitch = 0, tail = 0) =>
  Float64Array.from(
    { length: N },
    (_, i) =>
      60 +
      (i >= 3006 && i < 3042 ? 6 : 2) * Math.abs(Math.sin((Math.PI * i) / 36)) +
      noise(i) +
      (i === glitchAt ? glitch : i === glitchAt + 1 ? tail : 0),
  );
const found = (x: Float64Array) =>
  spikes(makeChannel('pto_pressure_bar', 'bar', x, noiseScale(x), 0)).events.map((e) => e.i0);

describe('spikes on a channel whose motion the rolling median reproduces', () => {
  it('takes no sharp trough of a larger wave for a spike', () => {
    const x = pressure();
    const { onCourse } = spikes(makeChannel('pto_pressure_bar', 'bar', x, noiseScale(x), 0));
    expect(found(x)).toEqual([]);
    // It is still an outlier of the median: kept aside for the bar of repeated firings.
    expect(onCourse.map((e) => e.i0)).toEqual([3024]);
  });

  it('finds a glitch on a wave slope and on a crest', () => {
    expect(found(pressure(4510, 1.5))).toEqual([4510]);
    expect(found(pressure(4518, 1.5))).toEqual([4518]);
  });

  it('finds a two-sample glitch whose second sample misses the median bar', () => {
    // That sample, left among the flanks, bent their course towards the glitch.
    expect(found(pressure(4510, 1.5, 0.9))).toEqual([4510]);
    expect(found(pressure(4505, 1.2, 0.8))).toEqual([4505]);
  });
});

describe('offCourse', () => {
  const parabola = Float64Array.from({ length: 21 }, (_, i) => 0.05 * (i - 10) ** 2);
  it('stands a glitch off the parabola through its flanks, a crest of the same curve not', () => {
    expect(offCourse(parabola, 10, 10, 10, 0.5)).toBe(false);
    const glitch = Float64Array.from(parabola);
    glitch[10] = 1;
    expect(offCourse(glitch, 10, 10, 10, 0.5)).toBe(true);
    // Beyond the bar but short of a flank line (a V's bottom against a parabola): no glitch.
    const v = Float64Array.from({ length: 21 }, (_, i) => Math.abs(i - 10));
    expect(offCourse(v, 10, 10, 10, 0.5)).toBe(false);
  });
});

describe('repeated firings with on-course outliers', () => {
  const event = (r0: number, peak: number, onCourse = false): RowEvent => ({
    kind: 'spike',
    channels: ['tj_C'],
    i0: r0,
    i1: r0,
    r0,
    r1: r0,
    peak_sigma: peak,
    values: {},
    ...(onCourse ? { extra: { onCourse: true } } : {}),
  });

  it('counts them in the bar of the channel firings but never reports them', () => {
    const crests = Array.from({ length: 20 }, (_, i) => event(i * 100, 2.5 + (i % 3) * 0.1, true));
    const ripple = [event(590, 2.7), event(1250, 2.6)];
    // Without the crests the two ripples were all the channel's firings and both were reported.
    expect(limitRepeats([...crests, ...ripple])).toEqual([]);
    const glitch = event(1777, 9);
    expect(limitRepeats([...crests, ...ripple, glitch])).toEqual([glitch]);
    expect(limitRepeats([event(5, 7, true), glitch])).toEqual([glitch]);
  });
});
