// Two lists of as many members whose distinguishing words match one to one are read member by member.
import { describe, expect, it } from 'vitest';
import { pairedMembers } from './prose-pairs.js';
import { model, proseDoc, rels } from './test-helpers.js';

describe('member-by-member lists in prose', () => {
  it('pairs by the word that sets each member apart, or in order with "respectively"', () => {
    expect(pairedMembers(['Switch East', 'Switch West'], ['West Limit', 'East Limit'])).toEqual(
      new Map([
        ['Switch East', 'East Limit'],
        ['Switch West', 'West Limit'],
      ]),
    );
    expect(pairedMembers(['MCU', 'FPGA'], ['3V3 Rail', '1V8 Rail'])).toBeUndefined();
    expect(pairedMembers(['MCU', 'FPGA'], ['3V3 Rail', '1V8 Rail'], true)?.get('FPGA')).toBe('1V8 Rail');
    expect(pairedMembers(['Pump'], ['Battery Bus'])).toBeUndefined();
  });

  it('relates each subject to its own object only', () => {
    const m = model(
      proseDoc('d.md', 'Limit Switch East and Limit Switch West report the East Limit and the West Limit.'),
    );
    expect(rels(m)).toEqual([
      'limit switch east PROVIDES east limit',
      'limit switch west PROVIDES west limit',
    ]);
  });
});
