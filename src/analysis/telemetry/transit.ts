// A commanded move takes as long as the plant takes to get there. A reaction wheel told to go from
// 3,000 to -2,000 rpm ramps for two minutes at its torque limit; its motor current jumps when the
// command comes, flips sign with the friction when the wheel passes zero, and falls back when the
// wheel arrives. Measured on the current alone, the response "settled" seconds after the command (its
// level held during the ramp), so the flip and the arrival read as steps. The channel that follows
// the command (the measured speed, in the command's own units) says when the move ends: until it has
// arrived, the channels that answered the command are still answering it.
import { changeIndices } from './context.js';
import { finiteRange, interpolate } from './robust.js';
import { materialChanges } from './step-context.js';

/** A follower stays within this share of the command's range of it on most rows. */
export const FOLLOW_SHARE = 0.05;
/** A follower has arrived within this share (0.5%) of the distance it had to travel (or 4 noise sigmas): on a 5,000 rpm move at 40 rpm/s, 25 rpm is 0.6 s before it stops, inside a step window. */
export const ARRIVED_SHARE = 0.005;
/** Samples a follower must stay within that band to have arrived. */
const ARRIVED_HOLD = 5;

/**
 * Whether a measured series follows a command: it spans at least half the command's range, and on
 * most rows it sits within FOLLOW_SHARE of that range from the command (a speed tracking its set
 * speed; a temperature lagging hours behind its set-point does not).
 */
export function follows(cmd: Float64Array, x: Float64Array): boolean {
  const range = finiteRange(cmd);
  if (!(range > 0) || finiteRange(x) < 0.5 * range) return false;
  let near = 0;
  let seen = 0;
  for (let i = 0; i < cmd.length; i++) {
    const d = Math.abs(x[i]! - cmd[i]!);
    if (!Number.isFinite(d)) continue;
    seen++;
    if (d <= FOLLOW_SHARE * range) near++;
  }
  return seen > 0 && near > 0.5 * seen;
}

/**
 * Index at which a follower has arrived at the level commanded at change c: the first from which it
 * stays within the band for ARRIVED_HOLD samples, searched up to `end` (the next change). A follower
 * already there answers c at once. The band is around the command as it stands on each row, not as
 * it stood at c: a change found part-way up a short ramp (a speed staircase ramped over 10 s) names
 * a level the command passes through, and a follower held against that level never arrived, so
 * the whole dwell after the ramp read as the move and explained a step 2 minutes on.
 */
export function arrival(cmd: Float64Array, x: Float64Array, sigma: number, c: number, end: number): number {
  const stop = Math.min(end, cmd.length);
  const target = cmd[Math.min(c, cmd.length - 1)]!;
  const tol = Math.max(4 * sigma, ARRIVED_SHARE * Math.abs(target - x[Math.max(0, c - 1)]!));
  let hold = 0;
  for (let i = c; i < stop; i++) {
    hold = Math.abs(x[i]! - cmd[i]!) <= tol ? hold + 1 : 0;
    if (hold >= ARRIVED_HOLD) return i - ARRIVED_HOLD + 1;
  }
  return stop;
}

/** Commanded moves: from each change of a followed command to its follower's arrival, in indices. */
export function transits(
  cmd: Float64Array,
  changes: number[],
  followers: { xi: Float64Array; sigma: number }[],
): [number, number][] {
  const out: [number, number][] = [];
  for (const [k, c] of changes.entries()) {
    const end = changes[k + 1] ?? cmd.length;
    for (const f of followers) out.push([c, arrival(cmd, f.xi, f.sigma, c, end)]);
  }
  return out;
}

/**
 * A step at i is the plant's answer to a commanded move when it falls between the command and the
 * follower's arrival (plus `w`, the step window's placement error), on a channel that answered that
 * command when it came (`answered`).
 */
export function inTransit(
  moves: [number, number][],
  i: number,
  w: number,
  answered: (c: number) => boolean,
): boolean {
  return moves.some(([c, end]) => i >= c - w && i <= end + w && answered(c));
}

/**
 * Every commanded move of the file: for each numeric command with a follower among the sensors, its
 * material changes (a new level or the start of a ramp, as steps are explained by) to the arrival.
 */
export function commandedMoves(
  commands: Float64Array[],
  sensors: { xi: Float64Array; sigma: number }[],
  w: number,
): [number, number][] {
  return commands.flatMap((raw) => {
    const cmd = interpolate(raw);
    const followers = sensors.filter((s) => follows(cmd, s.xi));
    if (!followers.length) return [];
    // Not a ramp's corners: a follower that holds an offset from the set-point never "arrives"
    // after a ramp's end, which made the whole hold one transit (a thermocouple shifting during
    // a soak was explained as part of the move).
    return transits(cmd, materialChanges(cmd, changeIndices(raw), false, w, false), followers);
  });
}
