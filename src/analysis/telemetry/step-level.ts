// A lone channel's steps on its own level. Its steps are looked for on the residual of a regression on
// the lagged commands, which cancels a bus voltage sagging with a motor command. But the model can add
// dynamics the channel lacks: the lags of a slewing command, fitted to a servo's tracking error, leave
// a tail of hundreds of mdeg decaying for a minute after each slew, where the error itself settled in
// a second; a 9-sigma step 20 s after the slew sat on that tail and was not abrupt in the residual.
// So the channel's own level is searched as well, and a step found there only is judged by the
// level's own settling after each change, as the residual's are by the residual's. A step the model
// makes too (its fit jumps, less its trend, by half the step or more: a channel following a
// command's staircase, whose equal steps are no material change) is the command's.
import { responded, settleTime, type Channel, type Context } from './context.js';
import { steps, type RawEvent } from './detect-local.js';
import { changeSettler } from './spike-context.js';
import { stepExplained } from './step-context.js';
import { jumpAt } from './step-reference.js';
import { inTransit } from './transit.js';

export interface LevelStepContext {
  ctx: Context;
  /** Indices of the changes of the commands that explain this channel. */
  changes: number[];
  /** Material changes of the commands the channel answers (those that may explain a step). */
  stepChanges: number[];
  /** Commanded moves of those commands (transit.ts). */
  commanded: [number, number][];
  /** The step window: a step found on both series lies within it. */
  margin: number;
  /** The model's fit of the channel (the level less its residual). */
  fit: Float64Array;
}

/** Share of a level's step that the model's fit must make too for the step to be the model's. */
export const MODELLED_SHARE = 0.5;

/**
 * The jump of x at i over windows of w, less its trend (the mean of the jumps a window either side):
 * a step's full size, and nothing for a ramp or a slow decay, however steep.
 */
export function bend(x: Float64Array, i: number, w: number): number {
  return jumpAt(x, i, w) - (jumpAt(x, i - w, w) + jumpAt(x, i + w, w)) / 2;
}

/** Steps on the channel's level `own` that the residual's steps (`found`) missed and nothing explains. */
export function levelSteps(
  ch: Channel,
  own: Float64Array,
  found: RawEvent[],
  c: LevelStepContext,
): RawEvent[] {
  const { ctx, changes, stepChanges, commanded, margin, fit } = c;
  const candidates = steps(ch, own).filter(
    (e) =>
      !found.some((f) => Math.abs(f.i0 - e.i0) <= margin) &&
      Math.abs(bend(fit, e.i0, margin)) < MODELLED_SHARE * Math.abs(bend(own, e.i0, margin)),
  );
  if (!candidates.length) return [];
  const t = ctx.t;
  const settle = changes.length ? settleTime({ ...ch, xi: own }, t, changes, ctx.period) : 0;
  const ownCtx = { ...ctx, settle: new Map([[ch.name, Math.max(settle, ctx.settle.get(ch.name) ?? 0)]]) };
  const settler = changeSettler({ ...ch, xi: own }, t, ctx.period);
  return candidates.filter(
    (e) =>
      !inTransit(commanded, e.i0, margin, (k) => responded(own, ch.sigma, k, t.length)) &&
      !stepExplained(ownCtx, ch.name, e.i0, e.i1, stepChanges, settler),
  );
}
