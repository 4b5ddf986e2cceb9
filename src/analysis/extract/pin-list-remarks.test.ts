// Pin-outs whose columns say more than the net: a "Mating Side" column is the far end; beside a Signal
// and a Net column a Notes column is a remark ("Talker"), never the pin's item; and a bus line named by
// its bus and the line's role ("NMEA 0183 Link TX A") is a wire of that bus.
import { describe, expect, it } from 'vitest';
import { model, rels, tableDoc } from './test-helpers.js';

const summary = tableDoc('icd.docx', [
  ['Interface', 'Type', 'From', 'To'],
  ['NMEA 0183 Link', 'RS-422', 'Main Board', 'Chartplotter'],
  ['NMEA 2000 Bus', 'CAN', 'Main Board', 'Chartplotter'],
]);
const names = (m: ReturnType<typeof model>) => m.entities.map((e) => e.name);

describe('a pin-out with a Notes column', () => {
  const m = model(
    summary,
    tableDoc('pinout.xlsx', [
      ['Connector', 'Pin', 'Signal', 'Net', 'Dir', 'Remote End', 'Notes'],
      ['J1', '3', 'NMEA 0183 Link TX A', 'N183_TX_A', 'OUT', 'Chartplotter', 'Talker'],
      ['J1', '4', 'NMEA 0183 Link TX B', 'N183_TX_B', 'OUT', 'Chartplotter', 'Talker'],
      ['J1', '5', 'NMEA 0183 Link RX A', 'N183_RX_A', 'IN', 'Chartplotter', 'Listener, 120R'],
      ['J1', '6', 'NMEA 0183 Link RX B', 'N183_RX_B', 'IN', 'Chartplotter', 'Listener'],
      ['J2', '2', 'NET-S', '', '-', 'NMEA 2000 backbone', 'not used, unit is self powered'],
      ['J2', '4', 'NET-H', 'N2K_CANH', 'BIDIR', 'Chartplotter', 'NMEA 2000 Bus'],
      ['J2', '5', 'NET-L', 'N2K_CANL', 'BIDIR', 'Chartplotter', 'NMEA 2000 Bus'],
    ]),
  );

  it('takes no remark for an item, and proposes nothing for a pin without a net', () => {
    expect(names(m)).not.toContain('Talker');
    expect(names(m)).not.toContain('Listener');
    expect(names(m)).not.toContain('NET-S');
  });

  it('reads the lines of a bus the other documents name as wires of that bus', () => {
    const link = m.entities.find((e) => e.name === 'NMEA 0183 Link');
    expect(link?.aliases).toEqual(expect.arrayContaining(['N183_TX_A', 'N183_TX_B', 'N183_RX_A']));
    const can = m.entities.find((e) => e.name === 'NMEA 2000 Bus');
    expect(can?.aliases).toEqual(expect.arrayContaining(['N2K_CANH', 'N2K_CANL']));
    expect(rels(m)).toContain('chartplotter CONNECTS nmea 0183 link');
  });
});

describe('a pin-out headed Mating Side', () => {
  it('reads the mating side as the far end and the function as the item', () => {
    const m = model(
      tableDoc('signals.csv', [
        ['Data Item', 'Sender', 'Receiver'],
        ['Wheel Signal CP1', 'Wheel Sensor Unit', 'Evaluator Board'],
      ]),
      tableDoc('pinout.xlsx', [
        ['Pin', 'Net Name', 'Function', 'I/O', 'Mating Side'],
        ['2', 'CP1_SIG', 'Wheel Signal CP1', 'IN', 'Wheel Sensor Unit CP1'],
      ]),
    );
    expect(m.entities.find((e) => e.name === 'Wheel Signal CP1')?.aliases).toContain('CP1_SIG');
    expect(names(m)).not.toContain('CP1_SIG');
  });
});

describe('a relay contact’s common wire', () => {
  it('carries the item the contact carries', () => {
    const m = model(
      tableDoc('signals.csv', [
        ['Signal', 'Net', 'From', 'To'],
        ['Track Clear', 'TRACK_CLR', 'Track Clear Relay', 'Interlocking'],
      ]),
      tableDoc('pinout.xlsx', [
        ['Pin', 'Net Name', 'Function', 'I/O', 'Mating Side'],
        ['1', 'TRACK_CLR', 'Track Clear (NO contact)', 'OUT', 'Interlocking'],
        ['2', 'TRACK_CLR_COM', 'Track Clear common', 'OUT', 'Interlocking'],
      ]),
    );
    expect(m.entities.find((e) => e.name === 'Track Clear')?.aliases).toContain('TRACK_CLR_COM');
    expect(names(m)).not.toContain('TRACK_CLR_COM');
  });
});
