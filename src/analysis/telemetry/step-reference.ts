// Whose step is it? Steps are found on a residual: the channel minus the median of its siblings, or a
// lone channel minus a lagged regression on its commands. A residual moves when the reference moves as
// much as when the channel does, so a step on it is the channel's own only if the channel shows it too:
// - against its siblings one by one: a sibling's own excursion (a cell dipping below its limit) moves
//   the median of three by a few mV and the others' residuals step with it, but only the pair with
//   that sibling shows the jump; the channel's own step shows against every sibling;
// - for a lone channel, in its own level: a heater toggling under a thermostat bends the shroud's
//   trend, which the regression on the heater's duty reads as a jump of the residual while the shroud
//   itself holds its level ("from 69.14 to 69.14").

import { finiteMean } from './robust.js';

/** Share of the residual's jump the channel must show, against a reference or in its own level. */
export const OWN_SHARE = 0.5;

/** The jump of x at i: its mean over the w samples from i less its mean over the w before. */
export function jumpAt(x: Float64Array, i: number, w: number): number {
  return finiteMean(x, i, i + w) - finiteMean(x, i - w, i);
}

/** Whether `own` moves at i by at least OWN_SHARE of `jump`, in the same direction. */
const shows = (move: number, jump: number) =>
  Math.sign(move) === Math.sign(jump) && Math.abs(move) >= OWN_SHARE * Math.abs(jump);

/**
 * Whether a step of `jump` found at i on the channel's residual is the channel's own: with siblings,
 * the channel less each sibling must show it against more than half of them (one sibling: a pair's
 * residuals mirror each other, and the test cannot tell, so it passes); alone, its own level must.
 */
export function stepIsOwn(
  own: Float64Array,
  refs: Float64Array[],
  i: number,
  w: number,
  jump: number,
): boolean {
  const mine = jumpAt(own, i, w);
  if (!refs.length) return shows(mine, jump);
  if (refs.length < 2) return true;
  const against = refs.filter((r) => shows(mine - jumpAt(r, i, w), jump)).length;
  return against > refs.length / 2;
}
