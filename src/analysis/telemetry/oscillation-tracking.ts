// A channel that follows a command moving on every sample (a fatigue frame's load following its 4 Hz
// sine command) is judged for oscillation on its tracking error too: the servo-valve instability at
// 17 Hz riding on the load is a tenth of the load's own swing, so the load's RMS hardly rises, but
// the error between load and command grows sevenfold. The error is the channel less its straight-line
// fit on the command at the lag it follows best. A change of the plant's gain or phase (a resonance
// the drive passes through) also leaves an error that swings with the drive: an oscillation found on
// the error must remain once the command, with its quarter-period shift, is refitted over the
// oscillation's own window (beyondTracking).
import type { Channel } from './context.js';
import type { RawEvent } from './detect-local.js';
import { OSC_RATIO, oscillations, SLOW_OSCILLATION_SCALE } from './detect-local.js';
import { solve } from './model.js';
import { noiseScale } from './robust.js';
import { followingLag, movesContinuously } from './spike-drive.js';

/** Least-squares residual of y on the regressors (plus an intercept) over [a, b). */
function fitResidual(y: Float64Array, regs: Float64Array[], a: number, b: number): Float64Array {
  const k = regs.length + 1;
  const at = (p: number, i: number) => (p === 0 ? 1 : regs[p - 1]![i]!);
  const A = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const v = new Array<number>(k).fill(0);
  for (let i = a; i < b; i++)
    for (let p = 0; p < k; p++) {
      v[p] = v[p]! + at(p, i) * y[i]!;
      for (let q = 0; q < k; q++) A[p]![q] = A[p]![q]! + at(p, i) * at(q, i);
    }
  // A tiny ridge: a constant regressor over a short window.
  for (let p = 1; p < k; p++) A[p]![p] = A[p]![p]! * (1 + 1e-9) + 1e-12;
  const coef = solve(A, v, 1e-300);
  const out = new Float64Array(y.length);
  for (let i = 0; i < y.length; i++) {
    let f = 0;
    for (let p = 0; p < k; p++) f += coef[p]! * at(p, i);
    out[i] = y[i]! - f;
  }
  return out;
}

/** The command shifted by `lag` samples (cmd[i + lag]), edges held. */
function shifted(cmd: Float64Array, lag: number): Float64Array {
  const n = cmd.length;
  return cmd.map((_, i) => cmd[Math.min(n - 1, Math.max(0, i + lag))]!);
}

/** Its slope (central difference): a sine's quarter-period shift, so a refit can turn the phase. */
function slopeOf(x: Float64Array): Float64Array {
  const n = x.length;
  return x.map((_, i) => (x[Math.min(n - 1, i + 1)]! - x[Math.max(0, i - 1)]!) / 2);
}

export interface Tracking {
  /** The channel less its fit on the command: where an oscillation of the loop shows. */
  error: Float64Array;
  /** The command at the lag the channel follows it. */
  drive: Float64Array;
}

/** The tracking error of x (finite, interpolated) against a command it follows, or null. */
export function trackingError(x: Float64Array, cmd: Float64Array): Tracking | null {
  if (!movesContinuously(cmd)) return null;
  const lag = followingLag(x, cmd);
  if (lag === null) return null;
  const drive = shifted(cmd, lag);
  return { error: fitResidual(x, [drive], 0, x.length), drive };
}

/** Samples of each block the drive is refitted over: the oscillation detector's high-pass width. */
const REFIT_BLOCK = 41;

/**
 * Whether an oscillation found on the tracking error holds once the drive and its slope are refitted
 * block by block over the event (a gain or phase that wanders is absorbed in each block; a loop's own
 * oscillation at another frequency is not): the residual's RMS stays OSC_RATIO times the error's
 * typical RMS.
 */
export function beyondTracking(x: Float64Array, tr: Tracking, e: RawEvent): boolean {
  const slope = slopeOf(tr.drive);
  let s = 0;
  let m = 0;
  for (let a = e.i0; a + REFIT_BLOCK <= e.i1 + 1; a += REFIT_BLOCK) {
    const b = a + REFIT_BLOCK;
    const r = fitResidual(x.subarray(a, b), [tr.drive.subarray(a, b), slope.subarray(a, b)], 0, REFIT_BLOCK);
    for (const v of r) s += v * v;
    m += REFIT_BLOCK;
  }
  return m > 0 && Math.sqrt(s / m) >= OSC_RATIO * (e.values.typical_rms ?? Infinity);
}

/**
 * Oscillations on the tracking errors of channel x (cleaned of spikes) against each command moving on
 * every sample that it follows, at both of the detector's scales, kept when they are beyond the
 * drive's refit and `explained` (by the other commands' changes, the start-up) does not claim them.
 */
export function trackingOscillations(
  ch: Channel,
  x: Float64Array,
  commands: Float64Array[],
  explained: (e: RawEvent) => boolean,
): RawEvent[] {
  return commands.flatMap((cmd) => {
    const tr = trackingError(x, cmd);
    if (!tr) return [];
    const err = { ...ch, xi: tr.error, sigma: noiseScale(tr.error) };
    return [...oscillations(err, tr.error), ...oscillations(err, tr.error, SLOW_OSCILLATION_SCALE)]
      .filter((e) => beyondTracking(x, tr, e) && !explained(e))
      .map((e) => ({ ...e, extra: { ...e.extra, residual: 'tracking' } }));
  });
}
