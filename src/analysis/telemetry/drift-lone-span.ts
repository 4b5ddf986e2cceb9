// A lone channel's steady stretches are cut at every command change, but a change its level did not
// answer (a pH probe when the agitation steps) does not end its stretch: a creep running through it
// was judged in two pieces, each too short. Joined across such a change, the ramp must still be the
// channel's own and not the change's: the short response test (context.ts `responded`) misses a slow
// thermal answer, and a ramp that begins at the change is that answer (a cell cooling once the
// discharge stops). So the ramp must have been under way well before the change it runs through.

/** Share of the ramp's length that must lie before the change it runs through. */
const UNDER_WAY_SHARE = 0.25;

/**
 * The floor, in the channel's per-sample noise, for a ramp on a joined stretch: the 10x that the
 * drift detector asks where the reference is uncertain (DRIFT_MIN_SIGMA in detect-drift.ts), since a
 * change whose answer is unknown lies inside the ramp.
 */
const JOINED_MIN_SIGMA = 10;

/**
 * Whether a drift [i0, i1] (height `sigmas` in the channel's noise) found on a lone channel's level
 * joined across the unanswered changes `cuts` (indices where its stretches were cut) is its own:
 * it runs through one of them having begun UNDER_WAY_SHARE of its length or more before it.
 */
export function ownAcrossCuts(i0: number, i1: number, sigmas: number, cuts: number[]): boolean {
  if (sigmas < JOINED_MIN_SIGMA) return false;
  const lead = UNDER_WAY_SHARE * (i1 - i0);
  return cuts.some((c) => c > i0 + lead && c < i1);
}

/**
 * The unsteady rows between two stretches, as a share of the shorter one, that a join may bridge:
 * a join bridges a change, not a stretch where the level was not steady (a tank warming through a
 * cycling program whose every sample is a change too small to answer in a few rows), which the
 * ramp would otherwise be fitted across.
 */
const GAP_SHARE = 0.1;

/** Whether the steady stretches [a0, a1) and [b0, b1) lie close enough to be judged as one. */
export function abutting([a0, a1]: [number, number], [b0, b1]: [number, number]): boolean {
  return b0 - a1 <= GAP_SHARE * Math.min(a1 - a0, b1 - b0);
}
