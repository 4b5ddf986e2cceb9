// Spikes on a channel whose motion the rolling median reproduces. A wave-driven float, a PTO's force
// and pressure, a shear cycle's load: sampled many times a cycle, the series is monotone over most
// 9-sample windows, the median is the centre sample and the residual is exactly zero there. Its
// spread then measures nothing but the crests and troughs, where the median cuts the corner: a sharp
// trough sits a quarter of a swing under its median, and was reported as a spike (four on one
// irregular sea). What a glitch does that a crest does not is leave the smooth course its neighbours
// follow: it stands off the parabola through them and beyond the line each side is on. A crest lies
// on that parabola and short of both lines.
import { solve } from './model.js';

/**
 * Share of the first-difference scale under which the median residual's spread says the median
 * reproduces the motion (white noise gives about 0.9 of it; a motion of many samples a cycle leaves
 * the residual zero on its monotone stretches, a quarter of it or less).
 */
export const REPRODUCED_SHARE = 0.5;
/** Samples either side of the spike its neighbours' course is fitted on. */
const FLANK = 4;

/** Whether the rolling median reproduces the channel's motion: its residual's spread is well under the first differences'. */
export function medianReproducesMotion(residualSpread: number, sigma: number): boolean {
  return residualSpread < REPRODUCED_SHARE * sigma;
}

/**
 * Whether the spike over samples i0..i1 of x (peak at p) leaves its neighbours' course: it stands
 * `bar` or more off the least-squares parabola through the FLANK samples either side, on the side
 * of both flank lines (each through the two samples next to the spike) away from the course. Near
 * the ends, or with a gap among the flanks, there is no course to judge by: it stands.
 */
export function offCourse(x: Float64Array, i0: number, i1: number, p: number, bar: number): boolean {
  if (i0 - FLANK < 0 || i1 + FLANK >= x.length) return true;
  const pts: [number, number][] = [];
  for (let k = 1; k <= FLANK; k++) pts.push([i0 - k - p, x[i0 - k]!], [i1 + k - p, x[i1 + k]!]);
  if (pts.some(([, v]) => !Number.isFinite(v))) return true;
  const A = [0, 1, 2].map((a) => [0, 1, 2].map((b) => pts.reduce((s, [u]) => s + u ** (a + b), 0)));
  const fit = solve(
    A,
    [0, 1, 2].map((a) => pts.reduce((s, [u, v]) => s + v * u ** a, 0)),
  );
  if (fit.some((v) => !Number.isFinite(v))) return true;
  const off = x[p]! - fit[0]!;
  if (!(Math.abs(off) >= bar)) return false;
  const left = x[i0 - 1]! + (x[i0 - 1]! - x[i0 - 2]!) * (p - i0 + 1);
  const right = x[i1 + 1]! - (x[i1 + 2]! - x[i1 + 1]!) * (i1 + 1 - p);
  return Math.sign(x[p]! - left) === Math.sign(off) && Math.sign(x[p]! - right) === Math.sign(off);
}
