// A state cycling through more than two states (charge, rest, discharge, rest) enters one state from
// different ones, and the channel it drives answers each entry its own way: a current falls to zero
// entering a rest from a charge and rises to zero entering it from a discharge. Compared by the state
// entered only, the two answers cancel and no answer looks usual, so the current's usual fall at a
// rest read as a fault. A toggle's usual answer is taken over the toggles of the same transition, from
// the same state to the same state; a two-state thermostat's starts are all one transition anyway.

/** The last finite value of x before index i (NaN when there is none). */
function before(x: Float64Array, i: number): number {
  for (let k = i - 1; k >= 0; k--) if (Number.isFinite(x[k]!)) return x[k]!;
  return NaN;
}

/** Whether the toggles at indices a and b of the state x go from the same state to the same state. */
export function sameTransition(x: Float64Array, a: number, b: number): boolean {
  return x[a] === x[b] && before(x, a) === before(x, b);
}
