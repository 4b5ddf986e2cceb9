// A finding over most of the file localises nothing and is dropped (analyse.ts MAX_SPAN). Dropped
// only after merging, such an event first absorbed every shorter event it overlapped on a shared
// channel and took them with it: a 600 s row gap in every column vanished into a drift fitted over
// 70% of a nacelle bench record. Events too long to report are set aside before merging, so they
// absorb nothing; what merging makes too long is still dropped after it.
import { mergeEvents, type RowEvent } from './findings.js';

/** Merge events that are one finding, none of them spanning `maxRows` rows or more. */
export function mergeReportable(events: RowEvent[], near: number, maxRows: number): RowEvent[] {
  const short = (e: RowEvent) => e.r1 - e.r0 < maxRows;
  return mergeEvents(events.filter(short), near).filter(short);
}
