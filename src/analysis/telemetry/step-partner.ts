// A lone channel's step that is its usual answer to another measured channel's move. A lone channel's
// steps are judged on its residual against the commands; but a process is also driven by what no
// command column carries: a district-heating substation's heat load jumps 20 kW when the morning peak
// starts on the clock, and its primary return falls 1 K with it (the return is the supply less a
// temperature drop that grows with the load). The load is measured, the step in the return is its
// answer. A sensor's fault moves one channel alone; the process moves its coupled channels together,
// and the same way each time. So a step is the partner's doing when, right at it, another measured
// channel makes a material move, and the channel answered that partner's other material moves across
// the file the same way (sign) and in proportion, the step being no larger than that usual answer
// (the rule step-toggle.ts applies to a cycling state's toggles, for a measured driver).
import { IGNORE_EVIDENCE } from './command-answer.js';
import { median, meanOf, prefix } from './robust.js';
import { TOGGLE_AGREEMENT, TOGGLE_SIZE } from './step-toggle.js';

/** A move of a channel is material beyond this many of its noise sigmas (as answeredMove). */
export const MATERIAL_MOVE_SIGMA = 4;

export interface Partner {
  x: Float64Array;
  sigma: number;
}

/** Window jumps of x: mean of [k, k + w) less mean of [k - w, k) (0 where the windows do not fit). */
function jumps(x: Float64Array, w: number): Float64Array {
  const n = x.length;
  const pre = prefix(x);
  const d = new Float64Array(n);
  for (let k = w; k + w <= n; k++) d[k] = meanOf(pre, k, k + w) - meanOf(pre, k - w, k);
  return d;
}

/** Indices of the partner's material moves: local extremes of |d| over +-w beyond `bar`. */
function movesOf(d: Float64Array, bar: number, w: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < d.length; k++) {
    const a = Math.abs(d[k]!);
    if (a < bar) continue;
    let peak = true;
    for (let j = Math.max(0, k - w); j <= Math.min(d.length - 1, k + w) && peak; j++)
      if (Math.abs(d[j]!) > a || (Math.abs(d[j]!) === a && j < k)) peak = false;
    if (peak) out.push(k);
  }
  return out;
}

/**
 * Whether the step of `own` (noise `sigma`) at index i, of `size` over windows of w samples, is its
 * usual answer to a move one of `partners` makes within half a window of it.
 */
export function answersPartner(
  own: Float64Array,
  sigma: number,
  partners: Partner[],
  i: number,
  size: number,
  w: number,
): boolean {
  if (i < w || i + w > own.length) return false;
  let dOwn: Float64Array | null = null;
  return partners.some((p) => {
    const bar = MATERIAL_MOVE_SIGMA * p.sigma;
    // Cheap first: the partner must move materially right at the step.
    const pre = prefix(p.x);
    const half = w >> 1;
    let at = -1;
    for (let k = Math.max(w, i - half); k <= Math.min(own.length - w, i + half); k++) {
      const a = Math.abs(meanOf(pre, k, k + w) - meanOf(pre, k - w, k));
      if (a >= bar && (at < 0 || a > Math.abs(meanOf(pre, at, at + w) - meanOf(pre, at - w, at)))) at = k;
    }
    if (at < 0) return false;
    const dp = jumps(p.x, w);
    // Its other material moves, clear of this one: how the channel answers them.
    const others = movesOf(dp, bar, w).filter((k) => Math.abs(k - at) > 2 * w);
    if (others.length < IGNORE_EVIDENCE) return false;
    dOwn ??= jumps(own, w);
    const d = dOwn;
    const gains = others.map((k) => d[k]! / dp[k]!);
    const usual = median(gains);
    // The channel answers materially: its usual answer to the partner's median move is a material move.
    const typical = median(others.map((k) => Math.abs(dp[k]!)));
    if (!(Math.abs(usual) * typical > MATERIAL_MOVE_SIGMA * sigma)) return false;
    const agree = gains.filter((g) => Math.sign(g) === Math.sign(usual)).length;
    if (agree < TOGGLE_AGREEMENT * gains.length) return false;
    const expected = usual * dp[at]!;
    return Math.sign(size) === Math.sign(expected) && Math.abs(size) <= TOGGLE_SIZE * Math.abs(expected);
  });
}
