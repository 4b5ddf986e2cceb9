// Netlist lines that are not plain two-part signals: a chip select that belongs to the SPI bus its parts
// share, and a sense line whose only other pins are resistors and capacitors.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, rels } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pinType: string) => ({ ref, pin: '1', pinType });
const parts = [
  { ref: 'U1', value: 'Host MCU' },
  { ref: 'U2', value: 'Data Flash' },
  { ref: 'U3', value: 'Gate Driver' },
  { ref: 'R1', value: '10k' },
  { ref: 'R2', value: '10k' },
  { ref: 'J1', value: 'Aux Connector' },
];
const spi = (prefix: string, ...refs: string[]) =>
  ['SCK', 'MOSI', 'MISO'].map((line, i) => ({
    code: `${prefix}${i}`,
    name: `/MCU/${prefix}_${line}`,
    nodes: [node('U1', 'bidirectional'), ...refs.map((r) => node(r, 'input'))],
  }));

describe('netlist lines', () => {
  it('folds a chip select (overbar and all) into the one SPI bus its parts are on', () => {
    const m = model(
      netDoc({
        components: parts,
        nets: [
          ...spi('SPI2', 'U2'),
          { code: '9', name: '/MCU/~{FLASH_CS}', nodes: [node('U1', 'bidirectional'), node('U2', 'input')] },
        ],
      }),
    );
    expect(m.entities.find((e) => e.name === 'SPI2')?.aliases).toContain('~{FLASH_CS}');
    expect(m.entities.some((e) => e.entityType === 'SIGNAL')).toBe(false);
    expect(rels(m)).toEqual(['data flash CONNECTS spi2', 'host mcu CONNECTS spi2']);
  });

  it('keeps a chip select a signal when its parts share no SPI bus, or two', () => {
    const none = model(
      netDoc({
        components: parts,
        nets: [
          ...spi('SPI2', 'U2'),
          { code: '9', name: '/DRV_CS', nodes: [node('U1', 'bidirectional'), node('U3', 'input')] },
        ],
      }),
    );
    expect(none.entities.find((e) => e.name === 'DRV_CS')?.entityType).toBe('SIGNAL');
    const two = model(
      netDoc({
        components: parts,
        nets: [
          ...spi('SPI1', 'U2'),
          ...spi('SPI3', 'U2'),
          { code: '9', name: '/FLASH_CS', nodes: [node('U1', 'bidirectional'), node('U2', 'input')] },
        ],
      }),
    );
    expect(two.entities.find((e) => e.name === 'FLASH_CS')?.entityType).toBe('SIGNAL');
  });

  it('reads a sense line from a divider into one input; a net of one part and no passives says nothing', () => {
    const m = model(
      netDoc({
        components: parts,
        nets: [
          {
            code: '1',
            name: '/Power/VBAT_SENSE',
            nodes: [node('R1', 'passive'), node('R2', 'passive'), node('U1', 'input')],
          },
          { code: '2', name: '/SPARE', nodes: [node('U1', 'input')] },
          { code: '3', name: '/BOOT', nodes: [node('R1', 'passive'), node('U1', 'bidirectional')] },
          {
            code: '4',
            name: '/AUX_IN',
            nodes: [node('J1', 'passive'), node('R2', 'passive'), node('U3', 'input')],
          },
        ],
      }),
    );
    expect(rels(m)).toEqual([
      'aux connector CONNECTS aux in',
      'gate driver CONSUMES aux in',
      'host mcu CONSUMES vbat sense',
    ]);
  });
});
