// Sensors of one quantity on the phases of a three-phase machine: an inverter's phase currents
// `phase_current_u_A`, `_v_A`, `_w_A` (IEC U/V/W; A/B/C are already indices to stemOf). They carry the
// same load, so their difference isolates a fault on one phase (a current sensor's gain drifting) as
// an indexed sibling's does. A phase letter is a single-letter token, and a lone `_u` or `_w` names
// other things too, so two conditions: at least two of the phase letters are present with the same
// stem and units, and the data agree (they move together: RMS magnitudes, not instantaneous currents
// 120 degrees apart).
import { bareName } from './columns.js';
import type { Channel } from './context.js';
import { moveTogether } from './sibling-positions.js';

/** The phase letters of a three-phase machine, as the last token of a name. */
const PHASES = new Set(['u', 'v', 'w']);

/** The name with its phase letter replaced (`phase_current_*`), or null when it ends in none. */
export function phaseStem(name: string): string | null {
  const tokens = bareName(name)
    .toLowerCase()
    .split(/[_\s-]+/);
  const last = tokens[tokens.length - 1]!;
  if (tokens.length < 2 || !PHASES.has(last)) return null;
  tokens[tokens.length - 1] = '*';
  return tokens.join('_');
}

/** Siblings by phase: the other phases' channels of the same stem and units that move with this one. */
export function phaseSiblings(ch: Channel, all: Channel[]): string[] {
  const mine = phaseStem(ch.name);
  if (!mine) return [];
  return all
    .filter(
      (o) =>
        o.name !== ch.name &&
        o.units === ch.units &&
        phaseStem(o.name) === mine &&
        bareName(o.name).toLowerCase() !== bareName(ch.name).toLowerCase() &&
        moveTogether(ch.xi, o.xi),
    )
    .map((o) => o.name);
}
