// What a run of one value is when it is not a frozen sensor. A frozen sensor holds its last live
// value while the quantity moves on, so it leaves its hold with a jump; two other runs look alike:
// - a device switched off reads exactly zero (a frozen reading is zero only by chance);
// - a coarse quantised channel whose noise is under one code repeats that code for as long as the
//   quantity stays within it, and enters and leaves it from the codes beside it.

/** Share of consecutive finite samples that repeat the previous value. */
export function repeatShare(x: ArrayLike<number>): number {
  let same = 0;
  let pairs = 0;
  for (let i = 1; i < x.length; i++) {
    const a = x[i]!;
    const b = x[i - 1]!;
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    pairs++;
    if (a === b) same++;
  }
  return pairs ? same / pairs : 0;
}

/**
 * A channel whose codes repeat as a rule (more often than not) has noise under one quantum: it
 * stays on a code while the quantity does, however long, so a long run says nothing by itself.
 */
const REPEATS_AS_A_RULE = 0.5;

/**
 * Whether the run [i0, i1] at `value` on series x (quantum q, share of repeats `repeats`) is the
 * quantity holding still or off rather than a frozen sensor: the value is exactly zero, or the
 * channel is quantised with sub-code noise and the samples either side of the run are within one
 * code of it (half a code more for bucket means and rounding).
 */
export function naturalHold(
  x: ArrayLike<number>,
  i0: number,
  i1: number,
  value: number,
  q: number,
  repeats: number,
): boolean {
  if (value === 0) return true;
  if (!(q > 0) || repeats < REPEATS_AS_A_RULE) return false;
  const near = (i: number) =>
    i < 0 || i >= x.length || !Number.isFinite(x[i]!) || Math.abs(x[i]! - value) <= 1.5 * q;
  return near(i0 - 1) && near(i1 + 1);
}
