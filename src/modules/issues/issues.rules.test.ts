// The issue rules on their own: what a change writes to the history, when closed_at is set, tags.
import { describe, expect, it } from 'vitest';
import { closedAtAfter, initialChanges, trackedChanges, uniqueTags, type Tracked } from './issues.rules.js';

const before: Tracked = {
  title: 'Overshoot',
  status: 'open',
  priority: 'low',
  owner: 'Unassigned',
  tags: ['a'],
};

describe('trackedChanges', () => {
  it('lists only the tracked fields whose value moves, in a fixed order', () => {
    expect(trackedChanges(before, { tags: ['a', 'b'], status: 'resolved', owner: 'Unassigned' })).toEqual([
      { field: 'status', from: 'open', to: 'resolved' },
      { field: 'tags', from: ['a'], to: ['a', 'b'] },
    ]);
  });

  it('records nothing for an unchanged value, and tags by content and order', () => {
    expect(trackedChanges(before, { title: 'Overshoot', tags: ['a'] })).toEqual([]);
    expect(trackedChanges({ ...before, tags: ['a', 'b'] }, { tags: ['b', 'a'] })).toHaveLength(1);
  });

  it('ignores fields that are not tracked', () => {
    const patch = { resolutionSummary: 'x', description: [] } as Partial<Tracked>;
    expect(trackedChanges(before, patch)).toEqual([]);
  });
});

describe('initialChanges', () => {
  it('records every tracked field from nothing', () => {
    expect(initialChanges(before).map((c) => [c.field, c.from, c.to])).toEqual([
      ['title', null, 'Overshoot'],
      ['status', null, 'open'],
      ['priority', null, 'low'],
      ['owner', null, 'Unassigned'],
      ['tags', null, ['a']],
    ]);
  });
});

describe('closedAtAfter', () => {
  const now = new Date('2026-11-23T00:00:00.000Z');
  const then = new Date('2026-11-01T00:00:00.000Z');

  it('sets it on a move to resolved or rejected, even between the two', () => {
    expect(closedAtAfter({ status: 'open', closedAt: null }, 'resolved', now)).toBe(now);
    expect(closedAtAfter({ status: 'in_progress', closedAt: null }, 'rejected', now)).toBe(now);
    expect(closedAtAfter({ status: 'resolved', closedAt: then }, 'rejected', now)).toBe(now);
  });

  it('clears it when the issue reopens and keeps it when the status stays', () => {
    expect(closedAtAfter({ status: 'resolved', closedAt: then }, 'open', now)).toBeNull();
    expect(closedAtAfter({ status: 'resolved', closedAt: then }, 'resolved', now)).toBe(then);
    expect(closedAtAfter({ status: 'open', closedAt: null }, 'in_progress', now)).toBeNull();
  });
});

describe('uniqueTags', () => {
  it('keeps the first of each tag in the order given', () => {
    expect(uniqueTags(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c']);
  });
});
