// The excursions a channel makes around a point. Real sensor noise is not Gaussian: a flow meter's
// turbulence, a case thermocouple's short-lived wander and a zero-flow reading's drift make excursions
// of 4-5 of the noise scale that first differences measure (their median sees only the core), now
// and then, with no fault. A glitch stands out from those too. The neighbourhood's 95th percentile of
// |residual| measures how far its ordinary excursions go: 1.96 sigma for Gaussian noise, so scaled by
// 1.96 it is that noise's sigma and the spike bar on white noise is unchanged.

/** Samples either side of a point whose residuals say how far its neighbourhood's excursions go. */
export const SHOULDER_REACH = 100;
/** Samples either side left out: the spike itself (up to 3 samples) and its edges. */
const SHOULDER_GAP = 4;
/** The 95th percentile of |N(0, 1)|. */
const P95_GAUSSIAN = 1.96;

/**
 * The scale of a residual r (a series minus its rolling median) around point i from its shoulders:
 * the 95th percentile of |r| over [i - SHOULDER_REACH, i + SHOULDER_REACH] without the SHOULDER_GAP
 * samples either side of i, over P95_GAUSSIAN. Asked only where a residual clears the file-wide bar.
 */
export function shoulderScaleAt(r: Float64Array): (i: number) => number {
  const n = r.length;
  return (i: number) => {
    const near: number[] = [];
    for (let k = Math.max(0, i - SHOULDER_REACH); k <= Math.min(n - 1, i + SHOULDER_REACH); k++)
      if (Math.abs(k - i) > SHOULDER_GAP && Number.isFinite(r[k]!)) near.push(Math.abs(r[k]!));
    if (near.length < 20) return 0;
    near.sort((a, b) => a - b);
    return near[Math.floor(0.95 * (near.length - 1))]! / P95_GAUSSIAN;
  };
}
