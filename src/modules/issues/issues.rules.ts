// Issue rules as pure functions: which tracked fields a change moves (the history), when an issue
// counts as closed, and how tags are kept. Tested on their own in issues.rules.test.ts.
import type { IssueStatus } from './issues.schemas.js';

export type TrackedField = 'status' | 'priority' | 'owner' | 'title' | 'tags';
export type TrackedValue = string | string[];
export type Tracked = Record<TrackedField, TrackedValue>;

export interface Change {
  field: TrackedField;
  from: TrackedValue | null;
  to: TrackedValue;
}

/** History is written in this order within one change, so entries read the same way every time. */
const ORDER: readonly TrackedField[] = ['title', 'status', 'priority', 'owner', 'tags'];

const same = (a: TrackedValue, b: TrackedValue) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : a === b;

/** The history of a new issue: each tracked field from nothing to its first value. */
export function initialChanges(fields: Tracked): Change[] {
  return ORDER.map((field) => ({ field, from: null, to: fields[field] }));
}

/** The tracked fields `patch` really changes (a PATCH sending the current value records nothing). */
export function trackedChanges(before: Tracked, patch: Partial<Tracked>): Change[] {
  return ORDER.flatMap((field) => {
    const to = patch[field];
    return to === undefined || same(before[field], to) ? [] : [{ field, from: before[field], to }];
  });
}

export const isClosed = (status: IssueStatus) => status === 'resolved' || status === 'rejected';

/**
 * `closed_at` after a status move: set when the issue moves to resolved or rejected (again, if it moves
 * from one to the other), cleared when it reopens, kept when the status does not move.
 */
export function closedAtAfter(
  before: { status: IssueStatus; closedAt: Date | null },
  next: IssueStatus,
  now: Date,
) {
  if (next === before.status) return before.closedAt;
  return isClosed(next) ? now : null;
}

/** Tags in the order given, each once. */
export const uniqueTags = (tags: readonly string[]) => [...new Set(tags)];
