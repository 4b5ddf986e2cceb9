// One thing under names that share no key: a rail's net label and its worded name, a net and the
// named item it carries, a part named by function and by part number, an item named short and long.
import { describe, expect, it } from 'vitest';
import type { Netlist, NetlistNode } from '../documents/types.js';
import { abbreviates, netTokens } from './joins.js';
import { doc, model, proseDoc, rels, tableDoc } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pinType: string): NetlistNode => ({ ref, pin: '1', pinType });
const namesOf = (m: ReturnType<typeof model>, name: string): string[] => {
  const e = m.entities.find((x) => x.name === name || x.aliases.includes(name));
  return e ? [e.name, ...e.aliases] : [];
};

describe('joins', () => {
  it('meets a rail label and the worded rail whose word it abbreviates', () => {
    expect(abbreviates('sw', 'switched')).toBe(true);
    expect(abbreviates('mtr', 'motor')).toBe(true);
    expect(abbreviates('sw', 'sensor')).toBe(false);
    const m = model(
      netDoc({
        components: [
          { ref: 'U3', value: 'Buck Converter' },
          { ref: 'K1', value: 'Power Relay' },
        ],
        nets: [{ code: '1', name: '+12V_SW', nodes: [node('K1', 'power_out'), node('U3', 'power_in')] }],
      }),
      proseDoc('d.md', 'The Power Unit supplies the 12V Switched Supply to the Valve Module.'),
    );
    expect(namesOf(m, '+12V_SW')).toContain('12V Switched Supply');
  });

  it('meets a net and the item it carries by its words and the parts on it', () => {
    expect(netTokens('nVALVE_FAULT')).toEqual(['valve', 'fault']);
    expect(netTokens('PRESS_SENSE')).toEqual(['press']);
    expect(netTokens('Boom Pressure')).toBeUndefined();
    const m = model(
      netDoc({
        components: [
          { ref: 'U1', value: 'Rate MCU' },
          { ref: 'U6', value: 'Door Switch' },
        ],
        nets: [
          { code: '1', name: '/PRESS_SENSE', nodes: [node('U1', 'input'), node('U6', 'passive')] },
          { code: '2', name: '/DOOR_OPEN', nodes: [node('U1', 'bidirectional'), node('U6', 'passive')] },
        ],
      }),
      tableDoc('signals.csv', [
        ['Signal', 'Source', 'Destination'],
        ['Boom Pressure', 'Pressure Transducer', 'Rate MCU'],
        ['Door State', 'Door Switch', 'Rate MCU'],
        ['Wheel Speed', 'Speed Sensor', 'Rate MCU'],
      ]),
    );
    expect(namesOf(m, 'PRESS_SENSE')).toContain('Boom Pressure');
    expect(namesOf(m, 'DOOR_OPEN')).toContain('Door State');
    expect(namesOf(m, 'Wheel Speed')).toEqual(['Wheel Speed']);
  });

  it('keeps a per-line net apart from an item between the same parts that its words do not name', () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'U1', value: 'DSP Controller' },
          { ref: 'U7', value: 'Current Sensors' },
        ],
        nets: [{ code: '1', name: '/I_SENSE_U', nodes: [node('U7', 'output'), node('U1', 'input')] }],
      }),
      tableDoc('signals.csv', [
        ['Signal', 'Source', 'Destination'],
        ['Phase Currents', 'Current Sensors', 'DSP Controller'],
      ]),
    );
    expect(namesOf(m, 'I_SENSE_U')).toEqual(['I_SENSE_U']);
  });

  it('meets a net label rail and a worded rail that share a user, unless one part makes one and uses the other', () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'U3', value: 'Battery Charger' },
          { ref: 'U4', value: '12V Regulator' },
        ],
        nets: [
          { code: '1', name: '/VBATT', nodes: [node('U3', 'power_out'), node('U4', 'power_in')] },
          { code: '2', name: '/+12V', nodes: [node('U4', 'power_out')] },
        ],
      }),
      proseDoc(
        'd.md',
        'The Traction Battery supplies the 24V Traction Bus. The 12V Regulator draws from the 24V Traction Bus and provides the 12V Rail.',
      ),
    );
    expect(namesOf(m, 'VBATT')).toContain('24V Traction Bus');
    expect(namesOf(m, '24V Traction Bus')).not.toContain('12V Rail');
  });

  it('meets a part a block model names by function and the BOM line whose description says it', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Designator', 'Comment', 'Quantity'],
        ['Flight Controller Board', '', ''],
        ['U2', 'BMI088', '1'],
      ]),
      netDoc({ components: [{ ref: 'U2', value: 'BMI088', description: '6-axis IMU' }], nets: [] }),
      {
        name: 'model.json',
        doc: doc({
          kind: 'json',
          json: {
            name: 'Drone',
            kind: 'system',
            parts: [
              { name: 'Flight Controller', kind: 'subsystem', parts: [{ name: 'IMU', kind: 'component' }] },
            ],
          },
        }),
      },
    );
    expect(namesOf(m, 'IMU')).toEqual(expect.arrayContaining(['BMI088', 'U2']));
  });

  it('meets a short and a long name of one item sent between the same parts', () => {
    const m = model(
      tableDoc('n2.csv', [
        ['N2', 'EPS', 'OBC'],
        ['EPS', '', 'Housekeeping telemetry'],
        ['OBC', 'Switch commands', ''],
      ]),
      tableDoc('signals.csv', [
        ['Signal', 'Source', 'Destination'],
        ['EPS Housekeeping Telemetry', 'EPS', 'OBC'],
        ['Power Switch Commands', 'OBC', 'EPS'],
        ['Payload Commands', 'OBC', 'Payload'],
      ]),
    );
    expect(namesOf(m, 'Housekeeping telemetry')).toContain('EPS Housekeeping Telemetry');
    expect(namesOf(m, 'Switch commands')).toContain('Power Switch Commands');
    expect(rels(m)).not.toContain('eps CONSUMES payload command');
  });

  it('does not take a BOM line named in words for a functional name it merely contains', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Designator', 'Description', 'Quantity'],
        ['Power Module', '', ''],
        ['U2', 'Battery Charger', '1'],
      ]),
      {
        name: 'model.json',
        doc: doc({
          kind: 'json',
          json: {
            name: 'Buoy',
            kind: 'system',
            parts: [
              { name: 'Power Module', kind: 'subsystem', parts: [{ name: 'Battery', kind: 'component' }] },
            ],
          },
        }),
      },
    );
    expect(namesOf(m, 'Battery')).toEqual(['Battery']);
  });
});
