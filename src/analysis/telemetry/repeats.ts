// A detector that fires again and again on one channel is describing how that channel normally
// behaves (a thermostat's cycles, shocks of a shock test, a PA's level-dependent noise), not a fault:
// a real fault is rarely repeated many times in one record. So per channel and kind only the few
// strongest events are kept, and when a detector fired many times, only those that stand out from
// the rest of its firings.
import type { RowEvent } from './findings.js';

/** At most this many findings of one kind on one channel. */
export const MAX_PER_CHANNEL_KIND = 3;
/**
 * Beyond MAX_PER_CHANNEL_KIND firings, an event is kept only when its strength is this many times the
 * median strength of the channel's firings of that kind: the channel's normal behaviour sets the bar.
 */
export const STAND_OUT = 2;

/** How strong the evidence of an event is, comparable within one kind on one channel. */
export function strength(e: RowEvent): number {
  switch (e.kind) {
    case 'limit_breach':
      return (e.margin ?? 0) * (e.r1 - e.r0 + 1);
    case 'stuck':
    case 'dropout':
      return e.r1 - e.r0 + 1;
    default:
      return e.peak_sigma;
  }
}

/**
 * `pointOf` names where in a machine's cycle an event falls (repeats-cycle.ts): firings are compared
 * only with those at the same point.
 */
export function limitRepeats(
  events: RowEvent[],
  max = MAX_PER_CHANNEL_KIND,
  pointOf: (e: RowEvent) => string = () => '',
): RowEvent[] {
  const groups = new Map<string, RowEvent[]>();
  for (const e of events) {
    // Multi-channel events (a time gap in every column) are judged once, under their channel list.
    const key = `${e.kind}\n${e.channels.join('\n')}\n${pointOf(e)}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const keep = new Set<RowEvent>();
  for (const list of groups.values()) {
    // Firings that are the channel's course, not a fault (spike-course.ts), count towards its
    // normal behaviour and are never kept: without them a channel's few other firings read as rare.
    const reportable = list.filter((e) => !e.extra?.onCourse);
    if (list.length <= max) {
      reportable.forEach((e) => keep.add(e));
      continue;
    }
    const all = [...list].sort((a, b) => strength(b) - strength(a));
    const bar = STAND_OUT * strength(all[all.length >> 1]!);
    const sorted = reportable.sort((a, b) => strength(b) - strength(a));
    for (const e of sorted.slice(0, max)) if (strength(e) >= bar) keep.add(e);
  }
  return events.filter((e) => keep.has(e));
}
