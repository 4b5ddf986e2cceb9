// Sensors of one quantity at two positions of one machine: a shaft's inboard and outboard bearing
// temperatures (`bearing_temp_in_C` / `bearing_temp_out_C`, `_DE` / `_NDE`), a panel's left and right
// thermocouples. They share the machine's state (its warm-up, its load steps) and move together, so
// their difference isolates a fault at one position, as an indexed sibling's does. Names alone do not
// say it: an inlet and an outlet across a heater or a pump are named alike and part by the load, so
// the data must agree too: the two move together, their difference covering a small share of the
// range either one covers.
import { bareName } from './columns.js';
import type { Channel } from './context.js';
import { quantileCont } from './robust.js';

/** Pairs of position words, as whole tokens of a name. */
const POSITIONS = [
  ['in', 'out'],
  ['inlet', 'outlet'],
  ['inboard', 'outboard'],
  ['ib', 'ob'],
  ['de', 'nde'],
  ['front', 'rear'],
  ['fwd', 'aft'],
  ['left', 'right'],
  ['lh', 'rh'],
  ['upper', 'lower'],
  ['top', 'bottom'],
  ['inner', 'outer'],
];
const POSITION_OF = new Map(POSITIONS.flatMap((pair, k) => pair.map((w) => [w, k] as const)));

/**
 * The name with its one position token replaced (`bearing_temp_*`) and which pair that token is of;
 * null when the name holds no position token or more than one.
 */
export function positionStem(name: string): { stem: string; pair: number } | null {
  const tokens = bareName(name)
    .toLowerCase()
    .split(/[_\s-]+/);
  const at = tokens.flatMap((w, i) => (POSITION_OF.has(w) ? [i] : []));
  if (at.length !== 1) return null;
  const pair = POSITION_OF.get(tokens[at[0]!]!)!;
  tokens[at[0]!] = '*';
  return { stem: tokens.join('_'), pair };
}

/**
 * The difference of two sensors that move together covers at most this share of the range (p95 - p5)
 * either covers: they share at least three quarters of their motion. Bearings at the two ends of a
 * gearbox shaft: 2%; a pump's drive-end and non-drive-end bearings: 15%; a coolant loop's inlet and
 * outlet temperatures across a heater: 127%.
 */
export const TOGETHER_SHARE = 0.25;

function range(x: Float64Array): number {
  const finite = x.filter(Number.isFinite);
  return finite.length ? quantileCont(finite, 0.95) - quantileCont(Float64Array.from(finite), 0.05) : 0;
}

/** Whether two series move together: the range of their difference is a small share of each one's. */
export function moveTogether(a: Float64Array, b: Float64Array): boolean {
  const own = Math.min(range(a), range(b));
  if (!(own > 0)) return false;
  return range(a.map((v, i) => v - b[i]!)) <= TOGETHER_SHARE * own;
}

/**
 * Siblings by position: the other channels of the same units whose names differ from this one's only
 * by the other word of its position pair, and that move together with it.
 */
export function positionSiblings(ch: Channel, all: Channel[]): string[] {
  const mine = positionStem(ch.name);
  if (!mine) return [];
  return all
    .filter((o) => {
      if (o.name === ch.name || o.units !== ch.units) return false;
      const theirs = positionStem(o.name);
      return (
        theirs !== null &&
        theirs.stem === mine.stem &&
        theirs.pair === mine.pair &&
        bareName(o.name).toLowerCase() !== bareName(ch.name).toLowerCase() &&
        moveTogether(ch.xi, o.xi)
      );
    })
    .map((o) => o.name);
}
