// A glitch riding on a commanded response. A command change explains what the channel does while it
// settles, and a spike within that settling was taken for the response (an amplifier's voltage
// rising to a new gradient level, a joint's torque through a move). But a response is smooth at the
// sampling scale once its first samples have passed: a single sample standing far off the smooth
// course of its neighbours, well after the change, is a glitch of the sensor or the line, not the
// response. Only the change's first samples (inrush, the step's own edge) stay explained.
import { indexAt } from './context.js';
import { solve } from './model.js';

/** Samples after a change within which a jump is the change's own kick (inrush, the step's edge). */
export const KICK_SAMPLES = 5;
/** Samples either side of the glitch its neighbours' course is fitted on. */
const FIT_SAMPLES = 4;
/** How far (in the neighbours' scatter about their course, floored by the noise) the glitch must stand. */
export const GLITCH_SIGMAS = 8;

/**
 * Whether the spike over samples i0..i1 (at most two) of x stands off the smooth course its
 * neighbours follow, at least KICK_SAMPLES after the latest change (times `changes`, sorted) before it.
 */
export function glitchOnResponse(
  x: Float64Array,
  t: Float64Array,
  sigma: number,
  i0: number,
  i1: number,
  changes: number[],
): boolean {
  if (i1 - i0 > 1 || i0 - FIT_SAMPLES < 0 || i1 + FIT_SAMPLES >= x.length) return false;
  let latest = -1;
  for (const c of changes) if (c <= t[i1]!) latest = c;
  if (latest >= 0 && i0 - indexAt(t, latest) < KICK_SAMPLES) return false;
  // Least squares quadratic in (i - i0) through the neighbours either side.
  const pts: [number, number][] = [];
  for (let k = 1; k <= FIT_SAMPLES; k++) pts.push([-k, x[i0 - k]!], [i1 - i0 + k, x[i1 + k]!]);
  if (pts.some(([, v]) => !Number.isFinite(v))) return false;
  // Normal equations of a + b u + c u^2.
  const A = [0, 1, 2].map((p) => [0, 1, 2].map((q) => pts.reduce((s, [u]) => s + u ** (p + q), 0)));
  const fit = solve(
    A,
    [0, 1, 2].map((p) => pts.reduce((s, [u, v]) => s + v * u ** p, 0)),
  );
  if (fit.some((v) => !Number.isFinite(v))) return false;
  const at = (u: number) => fit[0]! + fit[1]! * u + fit[2]! * u * u;
  const scatter = Math.sqrt(pts.reduce((s, [u, v]) => s + (v - at(u)) ** 2, 0) / (pts.length - 3));
  const scale = Math.max(scatter, sigma);
  let off = 0;
  for (let i = i0; i <= i1; i++) off = Math.max(off, Math.abs(x[i]! - at(i - i0)));
  return off >= GLITCH_SIGMAS * scale;
}
