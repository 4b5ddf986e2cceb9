// A signal list's "Mnemonic / ID" column gives each item the net label a schematic uses for it; an id
// two items share (a PDO number each node counts from one) names neither.
import { describe, expect, it } from 'vitest';
import { model, tableDoc } from './test-helpers.js';

describe('signal list mnemonics', () => {
  const m = model(
    tableDoc('signals.xlsx', [
      ['Signal Name', 'Mnemonic / ID', 'Source', 'Destination'],
      ['Warning Field', 'WARN_FIELD', 'Laser Scanner', 'Drive Board'],
      ['Drive Status', 'TPDO1 (COB-ID 0x181)', 'Drive Board', 'Cart PLC'],
      ['Battery Status', 'TPDO1 (COB-ID 0x190)', 'Battery Unit', 'Cart PLC'],
    ]),
  );
  const aliasesOf = (name: string): string[] => m.entities.find((e) => e.name === name)?.aliases ?? [];

  it('are the names of the items’ nets', () => {
    expect(aliasesOf('Warning Field')).toContain('WARN_FIELD');
  });

  it('leave an id two items share to neither, so the two stay apart', () => {
    expect(aliasesOf('Drive Status')).not.toContain('TPDO1');
    expect(
      m.entities
        .filter((e) => /status/i.test(e.name))
        .map((e) => e.name)
        .sort(),
    ).toEqual(['Battery Status', 'Drive Status']);
  });
});
