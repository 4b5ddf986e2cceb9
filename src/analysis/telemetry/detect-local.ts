// Short-scale detectors on one channel's series: spikes (rolling-median residual), steps (difference
// of window means, checked for abruptness and persistence) and oscillation (windowed RMS of the
// high-passed series against the channel's own typical RMS). Thresholds are in noise units so they
// carry across channels and files; the numbers are documented where they are set.
import type { Channel } from './context.js';
import { madSigma, median, prefix, meanOf, rollingMean, rollingMedian } from './robust.js';
import { blockScaleAt, localScaleAt } from './local-scale.js';
import { piecesBetweenBursts } from './oscillation-bursts.js';
import { shoulderScaleAt } from './spike-shoulder.js';
import { motionScaleAt } from './spike-motion.js';
import { medianReproducesMotion, offCourse } from './spike-course.js';
import type { FaultKind } from './types.js';

export interface RawEvent {
  kind: FaultKind;
  channels: string[];
  /** Series indices (rows, or buckets of rows) of the first and last affected point. */
  i0: number;
  i1: number;
  peak_sigma: number;
  values: Record<string, number>;
  extra?: Record<string, unknown>;
}

/** Robust z above which a residual is an outlier: 6 sigma is ~2e-9 per Gaussian sample. */
export const SPIKE_Z = 6;
/** A spike lasts at most 3 samples; longer runs of outliers are steps, breaches or oscillation. */
const SPIKE_MAX_RUN = 3;

/** Share of the file-wide noise scale under which a stretch is judged on its own noise (steps). */
export const QUIET_SHARE = 0.5;

/**
 * The noise scale at each point for the size of a step: the series' curvature (second differences,
 * in noise units) by blocks around the point where that is under QUIET_SHARE of the file-wide scale,
 * never under a quantum; the file-wide scale elsewhere, so an ordinary channel keeps its bar.
 */
export function curvatureScale(ch: Channel, x: Float64Array): (i: number) => number {
  // Built on the first question: most series are never asked (no step candidate fails the file's bar).
  let block: ((i: number) => number) | null = null;
  return (i: number) => {
    if (!block) {
      const n = x.length;
      const d2 = new Float64Array(n);
      for (let k = 1; k < n - 1; k++) d2[k] = (x[k + 1]! - 2 * x[k]! + x[k - 1]!) / Math.sqrt(6);
      block = blockScaleAt(d2);
    }
    const q = Math.max(block(i), ch.quantum);
    return q < QUIET_SHARE * ch.sigma ? q : ch.sigma;
  };
}

/** The rolling median a spike's residual is taken from. */
const MEDIAN_WINDOW = 9;

/**
 * Spikes on one channel's series, the series cleaned of every outlier, and the outliers that keep
 * their neighbours' course on a channel whose motion the median reproduces (`onCourse`: its crests
 * and troughs, marked extra.onCourse). Those are no spikes, but they are what the channel does again
 * and again: limitRepeats counts them in the bar its other firings must clear (repeats.ts).
 */
export function spikes(ch: Channel): { events: RawEvent[]; cleaned: Float64Array; onCourse: RawEvent[] } {
  const med = rollingMedian(ch.xi, MEDIAN_WINDOW);
  const n = ch.xi.length;
  const r = new Float64Array(n);
  for (let i = 0; i < n; i++) r[i] = ch.xi[i]! - med[i]!;
  // The difference-based sigma is the floor: on a quantised channel the residual MAD can be a
  // fraction of a quantum and would turn ordinary noise into spikes.
  const floor = Math.max(madSigma(r), ch.quantum);
  const s = Math.max(floor, ch.sigma);
  // Against the noise around the point too: where the channel is busier than its file-wide scale
  // says (noise growing with level, a vibration level that ramps), that scale would make the busy
  // stretch's ordinary noise a string of spikes. The local scale only ever raises the bar above
  // SPIKE_Z x s, so it is measured only where a residual clears that.
  const local = localScaleAt(r);
  // And against the excursions the channel makes around the point (spike-shoulder.ts).
  const shoulder = shoulderScaleAt(r);
  // Where a fast motion set the file-wide scale, a quiet stretch's own (spike-motion.ts).
  const scale = motionScaleAt(s, floor, curvatureScale(ch, ch.xi), n, MEDIAN_WINDOW >> 1);
  // Where the median reproduces the motion, its residual at a crest is the corner it cuts: a spike
  // must leave its neighbours' course too (spike-course.ts).
  const reproduced = medianReproducesMotion(floor, ch.sigma);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const a = Math.abs(r[i]!);
    if (a <= SPIKE_Z * floor) continue;
    const si = scale(i, a / SPIKE_Z);
    if (a > SPIKE_Z * si && a > SPIKE_Z * Math.max(si, local(i)) && a > SPIKE_Z * shoulder(i)) out[i] = 1;
  }
  const cleaned = Float64Array.from(ch.xi);
  const events: RawEvent[] = [];
  const onCourse: RawEvent[] = [];
  for (let i = 0; i < n; i++) {
    if (!out[i]) continue;
    let j = i;
    while (j + 1 < n && out[j + 1]) j++;
    for (let k = i; k <= j; k++) cleaned[k] = med[k]!;
    // Isolated: no other outliers within 10 samples (a burst of them is an oscillation).
    let isolated = j - i + 1 <= SPIKE_MAX_RUN;
    for (let k = Math.max(0, i - 10); k < Math.min(n, j + 11) && isolated; k++)
      if ((k < i || k > j) && out[k]) isolated = false;
    let peak = i;
    for (let k = i; k <= j; k++) if (Math.abs(r[k]!) > Math.abs(r[peak]!)) peak = k;
    if (isolated && Number.isFinite(ch.x[i]!)) {
      const e: RawEvent = {
        kind: 'spike',
        channels: [ch.name],
        i0: i,
        i1: j,
        peak_sigma: Math.abs(r[peak]!) / ch.sigma,
        values: { baseline: med[peak]!, peak: ch.xi[peak]! },
      };
      const bar = SPIKE_Z * scale(peak, Math.abs(r[peak]!) / SPIKE_Z);
      // A glitch's next sample may have missed the median's bar: its course is also read without
      // the sample either side (as long as the run may still be a spike).
      const wider = j - i + 1 < SPIKE_MAX_RUN;
      if (
        !reproduced ||
        offCourse(ch.xi, i, j, peak, bar) ||
        (wider && (offCourse(ch.xi, i - 1, j, peak, bar) || offCourse(ch.xi, i, j + 1, peak, bar)))
      )
        events.push(e);
      else onCourse.push({ ...e, extra: { onCourse: true } });
    }
    i = j;
  }
  return { events, cleaned, onCourse };
}

/** Minimum step size in noise units, and its significance against the file's own window-difference spread. */
const STEP_MIN_SIGMA = 4;
const STEP_Z = 6;

/** Samples in each of the two windows whose means a step compares: 8 to 40, 1/150 of the series. */
export const stepWindow = (n: number) => Math.max(8, Math.min(40, Math.round(n / 150)));

export function steps(ch: Channel, x: Float64Array): RawEvent[] {
  const n = x.length;
  const w = stepWindow(n);
  if (n < 6 * w) return [];
  const pre = prefix(x);
  const d = new Float64Array(n);
  for (let i = w; i <= n - w; i++) d[i] = meanOf(pre, i, i + w) - meanOf(pre, i - w, i);
  const sd = Math.max(madSigma(d.subarray(w, n - w)), ch.sigma * Math.sqrt(2 / w));
  // The minimum size in the noise around the step where the channel is far quieter there than across
  // the file: a shaker's accelerometer at rest after a loud sweep, whose file-wide scale is the
  // sweep's (4x the rest's noise), so a 12-sigma bias jump in the rest was under 4 of its sigmas.
  const quiet = curvatureScale(ch, x);
  const events: RawEvent[] = [];
  const below = (a: number, i: number) =>
    a < STEP_Z * sd || (a < STEP_MIN_SIGMA * ch.sigma && a < STEP_MIN_SIGMA * quiet(i));
  const ramp = rampSteps(
    x,
    d,
    w,
    (a, i, rampSd) =>
      a < STEP_Z * Math.max(rampSd, ch.sigma * Math.sqrt(2 / w)) ||
      (a < STEP_MIN_SIGMA * ch.sigma && a < STEP_MIN_SIGMA * quiet(i)),
  );
  for (let i = w; i <= n - w; i++) {
    const a = Math.abs(d[i]!);
    // quiet(i) is never above ch.sigma: asked only of the rare jump the file-wide bar turns away.
    if (below(a, i)) {
      const r = ramp(i);
      if (r) events.push({ ...r, channels: [ch.name], peak_sigma: Math.abs(r.values.size!) / ch.sigma });
      continue;
    }
    // Local maximum over +-w, so one step is reported once.
    let best = true;
    for (let k = i - w; k <= i + w && best; k++)
      if (k !== i && k >= 0 && k < n && Math.abs(d[k]!) > a) best = false;
    if (!best) continue;
    // Abrupt: a two-level fit beats a straight line over the same 2w window by a clear margin.
    const lo = i - w;
    const hi = i + w;
    const m1 = meanOf(pre, lo, i);
    const m2 = meanOf(pre, i, hi);
    let rssStep = 0;
    for (let k = lo; k < hi; k++) rssStep += (x[k]! - (k < i ? m1 : m2)) ** 2;
    const rssLine = lineRss(x, lo, hi);
    if (rssStep > 0.6 * rssLine) continue;
    // Persistent: the level 1-3 windows later still differs by at least half the jump.
    const far = Math.min(n, i + 3 * w);
    const after = meanOf(pre, Math.min(i + w, far - 1), far);
    const before = meanOf(pre, Math.max(0, i - 3 * w), Math.max(1, i - w));
    if (Math.abs(after - before) < 0.5 * a) continue;
    events.push({
      kind: 'step',
      channels: [ch.name],
      i0: i,
      i1: i,
      peak_sigma: a / ch.sigma,
      values: { before: m1, after: m2 },
      extra: { sign: Math.sign(d[i]!) },
    });
  }
  return events;
}

/** Window differences either side of a candidate (from 2w to 4w away) that say what the ramp alone does. */
const RAMP_FLANK = [2, 4] as const;

/**
 * A step on a ramp (a borehole's outlet temperature climbing through a test, a battery's voltage
 * falling through a discharge): the difference of window means holds the ramp's own advance, which
 * hides a jump against it (a -7 sigma drop on a +4.5 sigma advance reads as -2.5). The ramp's
 * advance at i is the median window difference over the flanks 2w-4w either side (where the jump
 * does not reach); the jump is the difference beyond it, held to the same bars as a plain step, and
 * judged like one: the ramp steady over both flanks, the local largest beyond it over +-w, abrupt against a straight line (a
 * jump on a common slope fits the 2w window far better), and persistent (the level 1-3 windows on
 * still differs, beyond the ramp's advance, by half the jump). A bend (the slope changing) has
 * flanks of both slopes and no jump beyond them.
 */
function rampSteps(
  x: Float64Array,
  d: Float64Array,
  w: number,
  bars: (a: number, i: number, sd: number) => boolean,
): (i: number) => Omit<RawEvent, 'channels' | 'peak_sigma'> | null {
  const n = x.length;
  const [near, far] = [RAMP_FLANK[0] * w, RAMP_FLANK[1] * w];
  const pre = prefix(x);
  const dPre = prefix(d);
  // The flanks' mean first (cheap), the median only for candidates that clear the bars on it.
  const flankMean = (i: number) =>
    (meanOf(dPre, i - far, i - near) + meanOf(dPre, i + near + 1, i + far + 1)) / 2;
  // The spread of the differences beyond the ramp, across the file: a ramp whose rate changes
  // (fast early, slow late) spreads the plain differences, not these. Computed on the first question.
  let sd = NaN;
  const below = (a: number, i: number) => {
    if (Number.isNaN(sd)) {
      // In a typed array: a growing JS array of ~200k doubles per series was garbage to collect.
      const beyondAll = new Float64Array(Math.max(0, n - w - 2 * far - w));
      for (let k = w + far; k + far + 1 <= n - w; k++) beyondAll[k - w - far] = d[k]! - flankMean(k);
      sd = beyondAll.length ? madSigma(beyondAll) : Infinity;
    }
    return bars(a, i, sd);
  };
  const beyond = (i: number, base: number) => Math.abs(d[i]! - base);
  return (i: number) => {
    if (i - far < w || i + far + 1 > n - w) return null;
    if (below(beyond(i, flankMean(i)), i)) return null;
    const left = [...d.subarray(i - far, i - near)];
    const right = [...d.subarray(i + near + 1, i + far + 1)];
    const base = median([...left, ...right]);
    const a = beyond(i, base);
    if (below(a, i) || Math.abs(d[i]!) >= a) return null;
    // One steady ramp either side: it advances the same way over every window of both flanks, the
    // flanks agree (to half the jump) and spread no more than twice the differences beyond a ramp do
    // across the file. A thermostat's sawtooth, a profile's bend into a hold, a sine, have flanks
    // that disagree or turn.
    if (![...left, ...right].every((v) => Math.sign(v) === Math.sign(base))) return null;
    if (Math.abs(median(left) - median(right)) > 0.5 * a || madSigma([...left, ...right]) > 2 * sd)
      return null;
    for (let k = i - w; k <= i + w; k++) if (k !== i && beyond(k, base) > a) return null;
    const [lo, hi] = [i - w, i + w];
    if (slopedStepRss(x, lo, i, hi) > 0.6 * lineRss(x, lo, hi)) return null;
    // The ramp advances 4 windows' worth between the windows 1-3 windows either side.
    const after = meanOf(pre, i + w, i + 3 * w);
    const before = meanOf(pre, i - 3 * w, i - w);
    const jump = d[i]! - base;
    if (Math.abs(after - before - 4 * base) < 0.5 * a) return null;
    return {
      kind: 'step',
      i0: i,
      i1: i,
      // The jump beyond the ramp, as the levels it parts: the level before, and it plus the jump.
      values: { before: meanOf(pre, lo, i), after: meanOf(pre, lo, i) + jump, size: jump },
      extra: { sign: Math.sign(jump), ramp: base },
    };
  };
}

/** Least-squares residual of x over [lo, hi) on a line with a jump at i (a common slope either side). */
function slopedStepRss(x: Float64Array, lo: number, i: number, hi: number): number {
  // Regressors 1, k, [k >= i]; normal equations solved by Cramer's rule (3 x 3).
  const S = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const v = [0, 0, 0];
  for (let k = lo; k < hi; k++) {
    const r = [1, k - lo, k >= i ? 1 : 0];
    for (let p = 0; p < 3; p++) {
      v[p]! += r[p]! * x[k]!;
      for (let q = 0; q < 3; q++) S[p]![q]! += r[p]! * r[q]!;
    }
  }
  const det3 = (m: number[][]) =>
    m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) -
    m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) +
    m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);
  const D = det3(S);
  if (!(Math.abs(D) > 0)) return Infinity;
  const coef = [0, 1, 2].map(
    (c) => det3(S.map((row, p) => row.map((val, q) => (q === c ? v[p]! : val)))) / D,
  );
  let rss = 0;
  for (let k = lo; k < hi; k++)
    rss += (x[k]! - (coef[0]! + coef[1]! * (k - lo) + coef[2]! * (k >= i ? 1 : 0))) ** 2;
  return rss;
}

function lineRss(x: Float64Array, lo: number, hi: number): number {
  const n = hi - lo;
  const mx = (n - 1) / 2;
  let my = 0;
  for (let k = lo; k < hi; k++) my += x[k]!;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  for (let k = 0; k < n; k++) {
    sxy += (k - mx) * (x[lo + k]! - my);
    sxx += (k - mx) ** 2;
  }
  const b = sxy / sxx;
  let rss = 0;
  for (let k = 0; k < n; k++) rss += (x[lo + k]! - (my + b * (k - mx))) ** 2;
  return rss;
}

/** RMS rise that marks an oscillation (power x4; a 3-sigma sine gives 2.3x) and the windows it must last. */
export const OSC_RATIO = 2;
const OSC_MIN_WINDOWS = 3;
/** Share of a raised stretch's power at one period (autocorrelation) that makes it an oscillation. */
export const OSC_PERIODICITY = 0.5;

/**
 * The windows (high-pass 41 samples, RMS over 30) see periods up to ~40 samples; a slow oscillation
 * (a 40 s wobble logged at 2 Hz is 80 samples) is mostly removed by the high-pass. The same test at 4x
 * the widths covers periods up to ~160 samples.
 */
export const SLOW_OSCILLATION_SCALE = 4;

/** Windows wholly held (held-oscillation pass) needed to say what the channel's held RMS is. */
export const MIN_HELD_WINDOWS = 10;

/**
 * Oscillations on x (a channel's series cleaned of spikes) at one scale of the windows. With `held`
 * (1 where every command the channel answers holds and the channel has settled from its last
 * change), the typical RMS is that of the wholly held windows only, and only wholly held windows may
 * be raised: a valve stroked for most of a test has a typical RMS of its strokes, and a hunt between
 * stroking blocks is judged against what the valve does at rest.
 */
export function oscillations(ch: Channel, x: Float64Array, scale = 1, held?: Uint8Array): RawEvent[] {
  const n = x.length;
  const W = 41 * scale;
  const L = 30 * scale;
  const hop = L >> 1;
  if (n < 10 * L) return [];
  const base = rollingMean(x, W);
  const h = x.map((v, i) => v - base[i]!);
  // Crossings are counted on the high-passed series smoothed over the scale's own width, so at a slow
  // scale the noise riding on a step edge does not pass for the cycles of an oscillation.
  const hs = scale > 1 ? rollingMean(h, 2 * scale + 1) : h;
  const rms: number[] = [];
  const heldWindow: boolean[] = [];
  for (let s = 0; s + L <= n; s += hop) {
    let e = 0;
    for (let k = s; k < s + L; k++) e += h[k]! ** 2;
    // The held test apart: most passes have no mask, and a test per sample was half this loop.
    let all = true;
    if (held) for (let k = s; k < s + L && all; k++) if (!held[k]) all = false;
    rms.push(Math.sqrt(e / L));
    heldWindow.push(all);
  }
  const still = held ? rms.filter((_, j) => heldWindow[j]) : rms;
  if (held && still.length < MIN_HELD_WINDOWS) return [];
  const typical = Math.max(median(still), 0.5 * ch.sigma, ch.quantum);
  const events: RawEvent[] = [];
  // A raised stretch of windows [a, b] as an oscillation, or null when it is not one.
  const judge = (a: number, b: number): RawEvent | null => {
    const i0 = a * hop;
    const i1 = Math.min(n - 1, b * hop + L - 1);
    let crossings = 0;
    for (let i = i0 + 1; i <= i1; i++) if (Math.sign(hs[i]!) !== Math.sign(hs[i - 1]!)) crossings++;
    // Lasting and periodic: a step edge raises the RMS too, but for fewer windows and crossing once.
    // At the slower scales a step's edge passes through the high-pass filter as a burst about W
    // samples long: an oscillation must outlast that footprint as well.
    const minWindows = OSC_MIN_WINDOWS + (scale > 1 ? Math.ceil(W / hop) : 0);
    // Periodic: the power that raised the RMS (at least 3/4 of it at the 2x ratio) is mostly one
    // period, as an oscillation's is. Broadband energy (a louder random vibration, a shock's burst, a
    // load transient) raises the RMS just as much but repeats at no lag.
    if (b - a + 1 < minWindows || crossings < 6) return null;
    const periodic = periodicity(h, i0, i1, W);
    if (periodic < OSC_PERIODICITY) return null;
    const peak = Math.max(...rms.slice(a, b + 1));
    return {
      kind: 'oscillation',
      channels: [ch.name],
      i0,
      i1,
      peak_sigma: (peak * Math.SQRT2) / ch.sigma,
      values: { rms: peak, typical_rms: typical, amplitude: peak * Math.SQRT2, periodicity: periodic },
      extra: { width: W },
    };
  };
  const raised = (j: number) => rms[j]! >= OSC_RATIO * typical && heldWindow[j]!;
  for (let j = 0; j < rms.length; j++) {
    if (!raised(j)) continue;
    let k = j;
    while (k + 1 < rms.length && raised(k + 1)) k++;
    const whole = judge(j, k);
    // A stretch that is no oscillation whole may hold one beside a transient's burst (oscillation-bursts.ts).
    const found = whole ? [whole] : piecesBetweenBursts(rms, j, k).flatMap(([a, b]) => judge(a, b) ?? []);
    events.push(...found);
    j = k;
  }
  return events;
}

/**
 * How periodic a stretch is: the highest normalised autocorrelation of the high-passed series at a lag
 * past its first zero crossing (up to maxLag). A sine carrying a fraction p of the power gives about p
 * at its period; broadband noise (random vibration, however loud) gives near 0 there.
 */
export function periodicity(h: Float64Array, i0: number, i1: number, maxLag: number): number {
  const n = i1 - i0 + 1;
  const top = Math.min(maxLag, Math.floor(n / 2));
  let e = 0;
  for (let i = i0; i <= i1; i++) e += h[i]! ** 2;
  if (!(e > 0)) return 0;
  let crossed = false;
  let best = 0;
  for (let k = 1; k <= top; k++) {
    let s = 0;
    for (let i = i0; i + k <= i1; i++) s += h[i]! * h[i + k]!;
    const r = (s / e) * (n / (n - k));
    if (!crossed) crossed = r <= 0;
    else best = Math.max(best, r);
  }
  return best;
}
