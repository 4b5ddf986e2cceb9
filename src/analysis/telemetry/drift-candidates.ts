// Drift candidates of one channel, before the sibling tests (standsOut, drift-gain.ts) that keep the
// sensor's own: a lone channel or a pair judged on its own level or residual, stretch by stretch
// (drift-own.ts, drift-lag.ts), joined across unanswered changes (drift-span.ts) and against a
// repeating program (drift-program.ts); a channel with two siblings or more on its sibling residual.
// Split from analyse.ts, which prepares the series these rules read.
import { responded, settleLevel, steadySegments, type Channel, type Context } from './context.js';
import type { RawEvent } from './detect-local.js';
import { drift } from './detect-drift.js';
import { bridged, ownSegments, settledAfter } from './drift-own.js';
import { lagTail } from './drift-lag.js';
import { settlingDrift } from './drift-settling.js';
import { BLOCK_REPEATS, programResidual, programTemplate, repeatedStretches } from './drift-program.js';
import { joinUnanswered } from './drift-span.js';
import { abutting, ownAcrossCuts } from './drift-lone-span.js';
import { motionEnds } from './drift-motion.js';
import { commandsAccount } from './drift-model.js';
import { holdsAfter } from './drift-persists.js';
import { noiseScale } from './robust.js';

/** A drift found, with the series it was judged on and the sibling series behind it. */
export interface DriftCandidate {
  d: RawEvent;
  y: Float64Array;
  refs: Float64Array[];
  /**
   * Found with the approach to the stretch's command fitted under the ramp (drift-settling.ts): the
   * command's answer is already taken out, so the file-wide command model is not asked again.
   */
  approach?: boolean;
}

export interface DriftInputs {
  ctx: Context;
  ch: Channel;
  /** The channel's own level (cleaned). */
  own: Float64Array;
  /** Its residual against its siblings (or, alone, against its lagged commands) and that one's noise. */
  y: Float64Array;
  ySigma: number;
  /**
   * With siblings, the residual less what their gain and lag differences make of the process
   * (sibling-model.ts), on which drifts are judged. Where the residual settles after a change is still
   * read on the plain one: a model fitted over the whole record leaves part of a fast transient, and
   * eight wafer-chuck zones' tails after set-point steps read as drifts once the settling was measured
   * on the modelled residual.
   */
  modelled?: { y: Float64Array; sigma: number };
  /** The siblings' series (frozen spans removed); empty for a lone channel. */
  refs: Float64Array[];
  /** The siblings' frozen spans: a pair's residual is bridged across them. */
  sibFrozen: { i0: number; i1: number }[];
  /** Indices of the command changes the channel may answer. */
  changes: number[];
  /** The program state at a row (every explaining command's value): drift-program.ts. */
  programKey: (i: number) => string;
}

/**
 * The drift candidates of one channel that hold their level after their ramp, up to the next command
 * change (drift-persists.ts): an excursion that comes back is no drift. A lone channel's that its
 * commands account for are their answer (drift-model.ts).
 */
export function driftCandidates(inputs: DriftInputs): DriftCandidate[] {
  const { own, y: model, refs } = inputs;
  const next = (i: number) => inputs.changes.find((c) => c > i) ?? inputs.ctx.t.length;
  return candidatesOf(inputs).filter(
    ({ d, y, approach }) =>
      holdsAfter(y, d.i0, d.i1, d.values.change ?? 0, next(d.i1)) &&
      // A lone channel's drift on its own level that its lagged command model follows (drift-model.ts);
      // not one found with the approach to its command fitted under it, whose answer is taken out: the
      // file-wide model, with a counter command (a build's layer number) among its regressors, follows
      // any slow rise over the run and took a chamber's creep for the build's answer.
      !(
        refs.length === 0 &&
        y === own &&
        model !== own &&
        !approach &&
        commandsAccount(own, model, d.i0, d.i1)
      ),
  );
}

/**
 * Whether the steady stretch [a, b) judges the stretch [c, end) after a change, so that the approach
 * fit (drift-settling.ts) need not: it lies in it and is long enough for drift() to fit a ramp (100
 * samples). A creep while the level still approaches can leave only a short rest before the next
 * change, and the creep lies before it, where nothing judged it. (Also counting a steady stretch that
 * starts in the stretch's second half as too late recovered set 2's reaction wheel, but made a false
 * drift of a cooling tower's return water in set 10: left out.)
 */
function judges(a: number, b: number, c: number, end: number): boolean {
  return a >= c && a < end && b - a >= 100;
}

function candidatesOf(inputs: DriftInputs): DriftCandidate[] {
  const { ctx, ch, own, y, ySigma, refs, sibFrozen, programKey } = inputs;
  const judged = inputs.modelled ?? { y, sigma: ySigma };
  // A pair's residual cancels what a continuous motion does to both: the motion's samples are not
  // each a change to settle from (drift-motion.ts).
  const changes = refs.length === 1 ? motionEnds(inputs.changes) : inputs.changes;
  const t = ctx.t;
  const siblings = refs.length;
  const out: DriftCandidate[] = [];
  const answered = (c: number, end: number) => responded(y, ySigma, c, end);
  if (siblings < 2) {
    // A lone channel: judged on its own level, from where it settled after each change (row 0 is
    // power-on) to the next, against the wander of its other steady stretches (drift-own.ts). A
    // pair: the same on its residual against the other, which cancels what they share; the two
    // residuals mirror each other (standsOut cannot say which moved), so both channels report the
    // drift and the finding names both. (Pairs had the level rule and a 10-sigma floor: the wander
    // band now keeps cells that part under load out, dev seeds 1-25.)
    // Against a frozen partner the residual is this channel's own motion less a held value (a
    // magnet pair, one frozen through a warm-up: the other's warming read as a 104-sigma drift).
    // The pair says nothing there: its residual is bridged across the partner's frozen runs.
    const level = siblings ? bridged(judged.y, sibFrozen) : own;
    const settleOn = siblings ? bridged(y, sibFrozen) : own;
    const from = [0, ...changes];
    const settled = settledAfter(settleOn, ch.sigma, t, from, ctx.period, (c, end) => !c || answered(c, end));
    const segments = ownSegments(
      t,
      from,
      settled,
      ctx.settle.get(ch.name) ?? 0,
      Math.max(ctx.startup.get(ch.name)!, 0.1 * ctx.duration),
    );
    for (const [s, e] of segments) {
      const d = drift(
        ch,
        level,
        s,
        e,
        false,
        segments.filter(([a]) => a !== s),
      );
      // A lone channel's drift that only continues its answer to the change before its stretch
      // (row 0: power-on) is that answer's thermal lag (drift-lag.ts).
      const c = Math.max(...from.filter((x) => x <= s));
      if (d && !siblings && lagTail(level, c, d.i0, d.i1, d.values.change ?? 0)) continue;
      if (d) out.push({ d, y: level, refs });
    }
    // A lone channel still approaching its last command's level through the whole stretch (no steady
    // stretch starts in it): judged on its own level with the approach fitted under the ramp
    // (drift-settling.ts). Power-on's stretch is the warm-up's, not a command's; a departure found
    // after more than one command is the response's own second phase (grain that stops drying and
    // warms), not a creep.
    if (!siblings) {
      const late = from.flatMap((c, k) => {
        const end = k + 1 < from.length ? from[k + 1]! : t.length;
        if (c === 0 || segments.some(([a, b]) => judges(a, b, c, end)) || !answered(c, end)) return [];
        const d = settlingDrift(ch, own, c, end);
        // One whose approach had run three of its time constants at the onset (drift-settling.ts) is
        // no tail: the fit took the approach out, and windows laid back to the change see that approach.
        return d && (d.extra?.settled_onset || !lagTail(own, c, d.i0, d.i1, d.values.change ?? 0)) ? [d] : [];
      });
      if (late.length === 1) out.push({ d: late[0]!, y: own, refs, approach: true });
    }
    // A pair's residual cancels what the two share, so its stretches are judged joined across
    // changes it did not answer too (drift-span.ts); the ramp found there must still leave the
    // wander of the stretches it does not touch.
    // A lone channel's stretches are joined two at a time across a change its level did not answer
    // (drift-lone-span.ts): joined further, the process's own slow course over the run (a culture's
    // growth) leaves more than a creep's height in the fit.
    const ownAnswered = (c: number, end: number) => responded(settleOn, ch.sigma, c, end);
    const joined = (
      siblings
        ? joinUnanswered(segments, changes, t.length, answered)
        : segments
            .slice(1)
            .flatMap((g, k) =>
              abutting(segments[k]!, g)
                ? joinUnanswered([segments[k]!, g], changes, t.length, ownAnswered)
                : [],
            )
    ).filter(([a, b]) => !segments.some(([u, v]) => u === a && v === b));
    for (const [s, e] of joined) {
      const d = drift(ch, level, s, e, false, []);
      const apart = d && segments.filter(([a, b]) => b <= d.i0 || a > d.i1);
      const kept = apart?.length ? drift(ch, level, s, e, false, apart) : null;
      if (!kept) continue;
      // A lone channel's: its own and not the tail of its answer to the change before, as above.
      const loneOwn = () =>
        ownAcrossCuts(
          kept.i0,
          kept.i1,
          kept.peak_sigma,
          changes.filter((c) => c > s && c < e),
        ) &&
        !lagTail(level, Math.max(...from.filter((x) => x <= s)), kept.i0, kept.i1, kept.values.change ?? 0);
      if (siblings || loneOwn()) out.push({ d: kept, y: level, refs });
    }
    // A program that repeats: judged against the channel's own response at the same point of the
    // same step (drift-program.ts), from the first steady stretch on, as one stretch, with the
    // 3-sigma floor of the residual's own noise (what the program explains has cancelled). The
    // segment-wide fit only: a warm-up through the whole record leaves each repetition a little
    // above the last, and the local second look took one of those stair treads for a drift.
    const steadyFrom = segments[0]?.[0] ?? t.length;
    const prog = programResidual(level, changes, programKey, steadyFrom);
    const d = prog && drift({ ...ch, sigma: noiseScale(prog) }, prog, steadyFrom, t.length, false, []);
    if (d) out.push({ d, y: prog, refs });
    // A program that repeats only in blocks (strokes run in blocks between single holds): each block
    // of at least a fifth of the record, its steps each run BLOCK_REPEATS times, judged the same way on
    // its own.
    if (!prog) {
      const r = programTemplate(level, changes, programKey, BLOCK_REPEATS);
      for (const [s, e] of repeatedStretches(r, steadyFrom, 0.2 * t.length)) {
        const b = drift({ ...ch, sigma: noiseScale(r.subarray(s, e)) }, r, s, e, false, []);
        if (b) out.push({ d: b, y: r, refs });
      }
    }
    return out;
  }
  // With two siblings or more a drift is judged from where the residual stopped moving (a creep
  // that starts later must not stretch the settling mask over itself) and down to 3 sigma, since
  // standsOut can then tell one sensor's creep from cells parting under load. Only the residual's
  // settling masks it: the channel's own (a thermal lag of a whole plateau, capped at 15% of the
  // file after every command) hid creeps that start while the channel, with its siblings, is still
  // settling.
  const settleY = changes.length ? settleLevel(y, ch.sigma, t, changes, ctx.period, undefined, true) : 0;
  // A channel still settling when the next command comes (settle at the 15% cap) has no steady
  // stretch to judge a slow change in.
  if (changes.length && settleY >= 0.15 * ctx.duration) return out;
  const segCtx = {
    ...ctx,
    settle: new Map([[ch.name, settleY]]),
    startup: new Map([[ch.name, Math.max(0.1 * ctx.duration, ctx.startup.get(ch.name)!)]]),
  };
  // Stretches joined across changes the residual did not answer (drift-span.ts).
  const steady = steadySegments(segCtx, ch.name);
  const joined = joinUnanswered(steady, changes, t.length, answered).filter(
    ([a, b]) => !steady.some(([u, v]) => u === a && v === b),
  );
  const spans = [...steady, ...joined];
  // The floor in the residual's own noise where that is the smaller: a channel's sigma taken from
  // its own differences is raised by what its siblings share (a recipe ramp) and the residual cancels.
  const ych = { ...ch, sigma: Math.min(ch.sigma, judged.sigma) };
  for (const [s, e] of spans) {
    const d = drift(ych, judged.y, s, e, true);
    if (d) out.push({ d, y: judged.y, refs });
  }
  return out;
}
