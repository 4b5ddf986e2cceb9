// A frozen (stuck) sensor and the channels judged against it. While a sensor repeats one value it
// measures nothing: it must leave its siblings' reference, or each sibling shows a fake level shift
// when it freezes and again when it recovers. And the frozen sensor's own "step" at its release, or a
// burst that starts inside its frozen span, is the same fault as the stuck finding, not a second one.
import type { RowEvent } from './findings.js';

/** A frozen span in series indices (rows, or buckets of rows). */
export interface FrozenSpan {
  i0: number;
  i1: number;
}

/** The series with its frozen spans blanked (NaN), so a median over siblings skips it there. */
export function withoutFrozen(xi: Float64Array, spans: FrozenSpan[]): Float64Array {
  if (!spans.length) return xi;
  const out = Float64Array.from(xi);
  for (const s of spans) out.fill(NaN, Math.max(0, s.i0), Math.min(out.length, s.i1 + 1));
  return out;
}

/** Kinds that a frozen sensor's own release produces (its value jumps back to the truth, or rings). */
const RELEASE_KINDS = new Set<RowEvent['kind']>(['step', 'spike', 'oscillation', 'drift']);

/**
 * Drops a channel's step, spike, oscillation or drift that starts inside one of its own frozen spans
 * or within `margin` rows after its release: the stuck finding already reports it.
 */
export function dropFrozenEchoes(
  events: RowEvent[],
  frozen: Map<string, { r0: number; r1: number }[]>,
  margin: number,
): RowEvent[] {
  return events.filter((e) => {
    if (!RELEASE_KINDS.has(e.kind) || e.channels.length !== 1) return true;
    const spans = frozen.get(e.channels[0]!) ?? [];
    return !spans.some((s) => e.r0 >= s.r0 && e.r0 <= s.r1 + margin);
  });
}

/** Rows of flicker that may split one frozen span: a stuck ADC that toggles a bit now and then. */
export const FLICKER_ROWS = 5;

/**
 * Two stuck runs of one channel separated by at most FLICKER_ROWS rows are one frozen span: the few
 * rows between are flicker of the frozen reading, not a recovery.
 */
export function joinFlicker(runs: RowEvent[]): RowEvent[] {
  const out: RowEvent[] = [];
  for (const r of [...runs].sort((a, b) => a.r0 - b.r0)) {
    const last = out[out.length - 1];
    if (last && r.r0 - last.r1 - 1 <= FLICKER_ROWS) {
      const rows = r.r1 - last.r0 + 1;
      out[out.length - 1] = {
        ...last,
        i1: Math.max(last.i1, r.i1),
        r1: Math.max(last.r1, r.r1),
        values: {
          ...last.values,
          rows,
          ratio: (last.values.ratio ?? 0) * (rows / Math.max(1, last.values.rows ?? rows)),
        },
      };
    } else out.push({ ...r });
  }
  return out;
}

/**
 * Whether series index i is at an edge (freeze or release) of one of the spans, within `margin`
 * samples: a frozen sibling leaves the median when it freezes and rejoins it when it recovers, and
 * the median of a different set of sensors sits at a different level, so every other sibling's
 * residual shifts there. Such a shift is the stuck sibling's fault, reported as stuck.
 */
export function atFrozenEdge(i: number, spans: FrozenSpan[], margin: number): boolean {
  return spans.some((s) => Math.abs(i - s.i0) <= margin || Math.abs(i - (s.i1 + 1)) <= margin);
}
