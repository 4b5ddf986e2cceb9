// Interface tables number their ends as often as they letter them: "Side 1" / "Side 2" are the two
// ends of a link like "End A" / "End B"; a column of numbers ("Pin 1") is no end.
import { describe, expect, it } from 'vitest';
import { model, rels, tableDoc } from './test-helpers.js';

describe('numbered interface ends', () => {
  it('reads "Side 1" and "Side 2" as the link\'s ends, "Kind / layer" as its type', () => {
    const m = model(
      tableDoc('icd.md', [
        ['Link', 'Kind / layer', 'Side 1', 'Side 2'],
        ['Hub CAN', 'CANopen', 'Turbine Controller', 'Pitch Control Unit'],
      ]),
    );
    expect(rels(m)).toEqual(['hub can CONNECTS pitch control unit', 'hub can CONNECTS turbine controller']);
    expect(m.entities.find((e) => e.key === 'hub can')?.entityType).toBe('INTERFACE');
  });

  it('does not take "Pin 1" and "Pin 2" for ends', () => {
    const m = model(
      tableDoc('icd.md', [
        ['Link', 'Kind', 'Pin 1', 'Pin 2'],
        ['Hub CAN', 'CANopen', 'CANH', 'CANL'],
      ]),
    );
    expect(rels(m)).toEqual([]);
  });
});
