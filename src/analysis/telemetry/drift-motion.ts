// A continuous motion on a pair's residual. A sine command (an actuator cycled at 0.25 Hz) changes
// on every sample, and each change was a command to settle from: a pair of rod-seal thermocouples had
// steady stretches only in the holds between cycling blocks, and a creep of one through a block was
// judged nowhere. The two sensors share what the motion does to them (frictional heating), which
// their residual cancels: for a pair, the motion is one move, a change where it starts and one where
// it stops. (A lone channel is judged on its own level, which carries the motion itself: it keeps
// every change.)
import { MOTION_GAP } from './oscillation-drive.js';

/**
 * The changes (sorted indices) with each run of changes MOTION_GAP apart or less (one continuous
 * motion) kept only as its first and last change.
 */
export function motionEnds(changes: number[]): number[] {
  return changes.filter((c, k) => {
    const prev = changes[k - 1];
    const next = changes[k + 1];
    return !(prev !== undefined && c - prev <= MOTION_GAP && next !== undefined && next - c <= MOTION_GAP);
  });
}
