// One interface per two-column table, with or without a "Property | Value" header; its lines as
// names; an item's own net left to the item; a power table's rail written with its net label.
import { describe, expect, it } from 'vitest';
import { keyValueBody } from './key-value-tables.js';
import { expandNets } from './list-tables.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

const record = (id: string, name: string, a: string, b: string, lines: string): string[][] => [
  ['Interface ID', id],
  ['Name', name],
  ['Type', 'RS-422 full duplex'],
  ['End A', a],
  ['End B', b],
  ['Lines', lines],
];

describe('interface records without a header', () => {
  it('is a record only with both ends among its keys, every row a key and a value', () => {
    expect(keyValueBody(record('IF-1', 'Console Link', 'Panel (J1)', 'Host', 'CON_TX'))).toBe(0);
    expect(keyValueBody([['Property', 'Value'], ...record('IF-1', 'L', 'A', 'B', 'X')])).toBe(1);
    // A reader may hand a merged cell on as an empty third one.
    expect(keyValueBody(record('IF-1', 'L', 'A', 'B', 'X').map((r) => [...r, '']))).toBe(0);
    expect(
      keyValueBody([
        ['Mass', '1.2 kg'],
        ['Power', '3 W'],
        ['Name', 'Tracker'],
      ]),
    ).toBeUndefined();
    expect(
      keyValueBody([
        ['End A', 'Panel', 'x'],
        ['End B', 'Host', 'y'],
        ['Name', 'L', 'z'],
      ]),
    ).toBeUndefined();
  });

  it('names the interface by its Name row, with its id and lines as aliases and its ends on it', () => {
    const m = model(
      tableDoc(
        'icd.docx',
        record(
          'IF-01',
          'Console Link',
          'Panel Board (J1)',
          'Host Computer (HC)',
          'CON_TX_P / CON_TX_N (panel to host), CON_RX_P / CON_RX_N',
        ),
      ),
    );
    expect(typeOf(m, 'console link')).toBe('INTERFACE');
    const link = m.entities.find((e) => e.key === 'console link')!;
    expect(link.aliases).toEqual(
      expect.arrayContaining(['IF-01', 'CON_TX_P', 'CON_TX_N', 'CON_RX_P', 'CON_RX_N']),
    );
    expect(rels(m)).toEqual(
      ['console link CONNECTS panel board', 'console link CONNECTS host computer'].sort(),
    );
  });

  it('reads nothing from a two-column table of properties that names no ends', () => {
    const m = model(
      tableDoc('spec.docx', [
        ['Name', 'Star Tracker'],
        ['Mass', '1.2 kg'],
        ['Power', '3 W'],
      ]),
    );
    expect(m.entities).toEqual([]);
  });
});

describe('line lists', () => {
  it('reads a spaced slash as two nets and leaves a direction remark out', () => {
    expect(expandNets('SC_TX_P / SC_TX_N (tracker to OBC), SC_RX_P / SC_RX_N')).toEqual([
      'SC_TX_P',
      'SC_TX_N',
      'SC_RX_P',
      'SC_RX_N',
    ]);
    expect(expandNets('TOW_TX+/-, QSPI_IO0..1')).toEqual(['TOW_TX+', 'TOW_TX-', 'QSPI_IO0', 'QSPI_IO1']);
  });
});

describe('an item on one of an interface’s lines', () => {
  const signals = tableDoc('signals.pdf', [
    ['Signal', 'ID / Net', 'Source', 'Destination', 'Interface'],
    ['Sensor Reset', 'SNS_RST_N', 'Processing Board', 'Sensor Board', 'IF-02'],
  ]);
  const icd = tableDoc(
    'icd.docx',
    record('IF-02', 'Sensor Data Link', 'Sensor Board', 'Processing Board', 'SNS_D0_P / SNS_D0_N, SNS_RST_N'),
  );

  it('keeps the net the signal list names as the item’s own as the item’s, not the interface’s', () => {
    const m = model(icd, signals);
    const link = m.entities.find((e) => e.key === 'sensor data link')!;
    const reset = m.entities.find((e) => e.key === 'sensor reset')!;
    expect(link.entityType).toBe('INTERFACE');
    expect(link.aliases).toEqual(expect.arrayContaining(['SNS_D0_P', 'SNS_D0_N']));
    expect(link.aliases).not.toContain('SNS_RST_N');
    expect(reset.entityType).toBe('SIGNAL');
    expect(reset.aliases).toContain('SNS_RST_N');
  });

  it('keeps every line on the interface when no item claims one', () => {
    const link = model(icd).entities.find((e) => e.key === 'sensor data link')!;
    expect(link.aliases).toEqual(expect.arrayContaining(['SNS_D0_P', 'SNS_D0_N', 'SNS_RST_N']));
  });
});

describe('power tables', () => {
  it('reads "3V3 Rail (+3V3)" as the rail and its net label', () => {
    const m = model(
      tableDoc('power.pdf', [
        ['Consumer', 'Rail', 'Nom. W'],
        ['Boot Flash (U2)', '3V3 Rail (+3V3)', '0.05'],
        ['Image Sensor Board (A1)', '+5V', '0.40'],
      ]),
    );
    const rail = m.entities.find((e) => e.key === '3v3 rail')!;
    expect(rail.entityType).toBe('RESOURCE');
    expect(rail.aliases).toContain('+3V3');
    expect(typeOf(m, '+5v')).toBe('RESOURCE');
    expect(rels(m)).toEqual(['boot flash CONSUMES 3v3 rail', 'image sensor board CONSUMES +5v']);
  });
});
