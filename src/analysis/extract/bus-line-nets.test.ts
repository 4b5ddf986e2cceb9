// A signal table's net cell that lists the lines of the bus an item rides on (SPI2_SCK, SPI2_MOSI...)
// names the bus, not the item: the item stays an item beside the bus.
import { describe, expect, it } from 'vitest';
import { model, tableDoc, typeOf } from './test-helpers.js';

describe('bus lines in an item’s net cell', () => {
  const m = model(
    tableDoc('spi.xlsx', [
      ['Signal', 'Mnemonic / ID', 'Source', 'Destination'],
      ['Cross-check data', 'SPI2_SCK, SPI2_MOSI, SPI2_MISO', 'Application MCU', 'Safety MCU'],
      ['Gate Enable', 'GD_EN', 'Safety MCU', 'Gate Driver Board'],
    ]),
  );
  const aliasesOf = (name: string): string[] => m.entities.find((e) => e.name === name)?.aliases ?? [];

  it('are no aliases of the item', () => {
    expect(typeOf(m, 'cross check data')).toBe('SIGNAL');
    expect(aliasesOf('Cross-check data').filter((a) => /SPI/.test(a))).toEqual([]);
  });

  it('while a plain net still names its item', () => {
    expect(aliasesOf('Gate Enable')).toContain('GD_EN');
  });
});
