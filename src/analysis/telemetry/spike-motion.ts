// Spikes on a channel in fast motion. The file-wide noise scale is the spread of first differences;
// on a channel a program drives fast (an actuator's load cycled at 0.25 Hz) the motion between two
// samples is far larger than the noise, so that scale is the motion's and a glitch of ten times the
// noise during a hold is under one of it. The hold's own noise is what its curvature (second
// differences, from which a steady motion cancels) says; where that is well under the file-wide scale
// (curvatureScale), a point is judged against it. Only for a point that clears the residual's own
// floor and not the file-wide bar; the local and shoulder bars of spikes() still apply.

/**
 * The scale a spike candidate with residual `a` (in scale units' numerator: |r| / SPIKE_Z) at point i
 * of n is judged against: the file-wide scale s when a clears it, else the quiet scale there (never
 * under `floor`, the residual's own spread and the quantum). The `reach` points at either end keep
 * the file-wide scale: their rolling median is one-sided, and on a moving channel their residual is
 * the motion's slope, not a glitch.
 */
export function motionScaleAt(
  s: number,
  floor: number,
  quiet: (i: number) => number,
  n: number,
  reach: number,
): (i: number, a: number) => number {
  return (i, a) => (a > s || i < reach || i >= n - reach ? s : Math.max(floor, quiet(i)));
}
