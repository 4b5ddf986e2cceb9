// Shapes a space project's documents take: an Altium BOM whose Comment column holds part values and
// whose descriptions name the part before a dash; an interface list with "Unit A | Unit B"; per-link
// tables of telecommands and telemetry ("ID | Name | Type | From | To | Rate"); and a Capella-like
// physical architecture with functions, functional exchanges and component exchanges.
import { describe, expect, it } from 'vitest';
import { findHeader } from './columns.js';
import { doc, model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('an Altium BOM with values in Comment', () => {
  const rows = [
    ['Comment', 'Description', 'Designator', 'Footprint', 'LibRef', 'Quantity'],
    ['VA41630', 'Wheel Control MCU - Arm Cortex-M4, rad-hard, 100 MHz', 'U1', 'LQFP-128', 'VA41630', '1'],
    ['DRV8323RH', 'Three-Phase Gate Driver - 60 V, hardware interface', 'U5', 'QFN-40', 'DRV8323RH', '1'],
    ['10k', 'Resistor - 0603, 1%', 'R1', '0603', 'RES', '1'],
  ];
  it('names each line by its description, before the dash', () => {
    const names = model(tableDoc('bom.csv', rows)).entities.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Wheel Control MCU', 'Three-Phase Gate Driver']));
    expect(names).not.toContain('VA41630');
  });
  it('keeps a Comment column of names as the name', () => {
    const named = [rows[0]!, ['Brew Heater', 'Heating element, 1200 W', 'HE1', '', 'FN-2110', '1']];
    expect(findHeader(named)?.columns.get('description')).toBe(0);
  });
});

describe('a link section listing telecommands and telemetry', () => {
  const m = model(
    tableDoc('icd.pdf', [
      ['Interface ID', 'Interface Name', 'Type', 'Unit A', 'Unit B'],
      ['IF-01', 'RS-422 TM/TC Link', 'RS-422', 'Spacecraft OBC', 'Wheel Drive Electronics'],
    ]),
    tableDoc('icd-if01.pdf', [
      ['ID', 'Name', 'Type', 'From', 'To', 'Rate'],
      ['TC-01', 'Wheel Speed Command', 'TC', 'Spacecraft OBC', 'Wheel Drive Electronics', 'on demand'],
      ['TM-01', 'Wheel Speed Telemetry', 'TM', 'Wheel Drive Electronics', 'Spacecraft OBC', '10 Hz'],
    ]),
  );
  it('reads Unit A and Unit B as the link ends', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'rs 422 tm tc link CONNECTS spacecraft obc',
        'rs 422 tm tc link CONNECTS wheel drive electronic',
      ]),
    );
  });
  it('reads the rows as signals sent and received, not as interfaces', () => {
    expect(typeOf(m, 'wheel speed command')).toBe('SIGNAL');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'spacecraft obc PROVIDES wheel speed command',
        'wheel drive electronic CONSUMES wheel speed command',
      ]),
    );
  });
});

describe('a Capella-like physical architecture with functions', () => {
  const m = model({
    name: 'model.json',
    doc: doc({
      kind: 'json',
      json: {
        physicalArchitecture: {
          name: 'RW-45 Physical Architecture',
          components: [
            { id: 'PC-00', name: 'Reaction Wheel Assembly', nature: 'NODE', subComponents: ['PC-10'] },
            { id: 'PC-10', name: 'Wheel Drive Electronics', nature: 'NODE', allocatedFunctions: ['PF-11'] },
            {
              id: 'PC-90',
              name: 'Spacecraft OBC',
              nature: 'NODE',
              actor: true,
              allocatedFunctions: ['PF-91'],
            },
          ],
          functions: [
            { id: 'PF-11', name: 'Process wheel commands' },
            { id: 'PF-91', name: 'Command attitude actuators' },
          ],
          functionalExchanges: [
            { id: 'FE-01', name: 'Wheel Speed Command', source: 'PF-91', target: 'PF-11' },
          ],
          componentExchanges: [
            {
              id: 'CE-01',
              name: 'RS-422 TM/TC Link',
              kind: 'FLOW',
              interfaceId: 'IF-01',
              source: { component: 'PC-90' },
              target: { component: 'PC-10' },
              allocatedFunctionalExchanges: ['FE-01'],
            },
          ],
        },
      },
    }),
  });
  const names = m.entities.map((e) => e.name);
  it('proposes no function as a part', () => {
    expect(names).not.toContain('Process wheel commands');
    expect(names).not.toContain('Command attitude actuators');
  });
  it('reads a functional exchange as an item its functions’ parts send and receive', () => {
    expect(typeOf(m, 'wheel speed command')).toBe('SIGNAL');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'spacecraft obc PROVIDES wheel speed command',
        'wheel drive electronic CONSUMES wheel speed command',
      ]),
    );
  });
  it('reads a component exchange an interface is allocated to as the link', () => {
    expect(typeOf(m, 'rs 422 tm tc link')).toBe('INTERFACE');
  });
});
