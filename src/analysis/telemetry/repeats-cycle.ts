// Where in a machine's cycle a firing falls. A detector that fires at every press stroke or moulding
// shot describes that point of the cycle (the shot's pressure peak as the state goes from inject to
// hold), and repeats.ts sets its bar from those firings. A glitch in the middle of the cooling phase,
// where the channel is quiet shot after shot, is not one of them, however much smaller it is than the
// shot's peak: firings are compared with the others at the same point of the cycle, named by the
// states of the columns that cycle (a categorical state changing more than CYCLE_CHANGES times) over
// the event's rows and EDGE samples either side, so a firing at a transition is the transition's.
// A firing is taken out of the cycle's group only when it clears the detector's bar on the channel's
// file-wide noise (SPIKE_Z sigmas): one that only a quiet local scale let through, on a channel the
// cycle keeps busy (a junction temperature's ripple while it heats each cycle), is the cycle's texture
// and keeps the group's bar.
import { changeIndices, isDiscrete } from './context.js';
import { SPIKE_Z } from './detect-local.js';
import type { RowEvent } from './findings.js';

/** A categorical state that changes more often than this cycles (as commandChanges treats toggles). */
export const CYCLE_CHANGES = 40;
/** Samples either side of an event over which its cycle states are read. */
const EDGE = 2;
/** Distinct values a numeric state column may take and still be categorical. */
const MAX_STATES = 8;

export interface StateColumn {
  x: Float64Array;
  text: boolean;
}

/** The state columns that cycle: categorical, changing more than CYCLE_CHANGES times. */
export function cyclingColumns(columns: StateColumn[]): Float64Array[] {
  return columns
    .filter((c) => (c.text || isDiscrete(c.x, MAX_STATES)) && changeIndices(c.x).length > CYCLE_CHANGES)
    .map((c) => c.x);
}

/**
 * The point of the cycle of an event over series indices [i0, i1]: the cycling states' values seen
 * there, '' when no column cycles (every firing then shares one bar, as before).
 */
export function cyclePoint(columns: StateColumn[]): (i0: number, i1: number) => string {
  const cycling = cyclingColumns(columns);
  if (!cycling.length) return () => '';
  return (i0, i1) =>
    cycling
      .map((x) => {
        const seen = new Set<number>();
        for (let i = Math.max(0, i0 - EDGE); i <= Math.min(x.length - 1, i1 + EDGE); i++)
          if (Number.isFinite(x[i]!)) seen.add(x[i]!);
        return [...seen].sort((a, b) => a - b).join('|');
      })
      .join(',');
}

/** The point of the cycle an event is grouped by: its own, when it is plain on the file-wide noise. */
export function eventPoint(
  point: (i0: number, i1: number) => string,
  bucket: number,
): (e: RowEvent) => string {
  return (e) => (e.peak_sigma >= SPIKE_Z ? point(Math.floor(e.r0 / bucket), Math.floor(e.r1 / bucket)) : '');
}
