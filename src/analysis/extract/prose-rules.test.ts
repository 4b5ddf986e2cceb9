// Prose rules from design descriptions: devices named by a voltage, plural control verbs, designators
// given in brackets or with "is", routing through connectors, "which" after a named bus, receiving,
// what is reported, and links through a connector or along a line.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { typeFromName } from './prose-names.js';
import { doc, model, proseDoc, rels, tableDoc, typeOf } from './test-helpers.js';

const bom = tableDoc('bom.csv', [
  ['Ref Des', 'Description', 'Qty'],
  ['U1', 'Rate Controller MCU', '1'],
  ['U3', '5V Buck Converter', '1'],
  ['U4', '3V3 LDO', '1'],
  ['U20', 'Section Valve Drivers', '1'],
  ['SV1', 'Section Valves', '1'],
  ['X3', 'Valve Module Connector', '1'],
  ['X20', 'BVM Input Connector', '1'],
  ['U11', 'Depth Sensor', '1'],
]);
const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const namesOf = (m: ReturnType<typeof model>, name: string): string[] => {
  const e = m.entities.find((x) => x.name === name || x.aliases.includes(name));
  return e ? [e.name, ...e.aliases] : [];
};

describe('prose rules', () => {
  it('types a device named by its voltage as a part, and its output as the rail', () => {
    expect(typeFromName('5V Buck Converter')).toBe('COMPONENT');
    expect(typeFromName('3V3 LDO')).toBe('COMPONENT');
    expect(typeFromName('24V DIN Power Supply')).toBe('COMPONENT');
    expect(typeFromName('24V Supply')).toBe('RESOURCE');
    expect(typeFromName('Camera Trigger Line')).toBe('SIGNAL');
    const m = model(
      proseDoc('d.md', 'The 5V Buck Converter draws from the 12V Input and generates the 5V Rail.'),
    );
    expect(typeOf(m, '5v buck converter')).toBe('COMPONENT');
    expect(rels(m)).toContain('5v buck converter PROVIDES 5v rail');
  });

  it('reads plural control verbs and the new ones', () => {
    const m = model(
      bom,
      proseDoc(
        'd.md',
        'The Section Valve Drivers switch the Section Valves. The Rate Controller MCU spins the Depth Sensor.',
      ),
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'section valve driver INFLUENCES section valve',
        'rate controller mcu INFLUENCES depth sensor',
      ]),
    );
  });

  it('takes a bracketed designator and "the X is CAN0" as other names of a known thing', () => {
    const m = model(
      tableDoc('icd.csv', [
        ['Interface', 'End A', 'End B'],
        ['Valve SPI', 'Rate Module', 'Valve Module'],
        ['ISOBUS', 'Rate Module', 'Terminal'],
      ]),
      netDoc({
        components: [
          { ref: 'U1', value: 'MCU' },
          { ref: 'U2', value: 'Transceiver' },
        ],
        nets: [
          {
            code: '1',
            name: 'SPIX_CLK',
            nodes: [
              { ref: 'U1', pin: '1', pinType: 'bidirectional' },
              { ref: 'U2', pin: '1', pinType: 'input' },
            ],
          },
          {
            code: '2',
            name: 'SPIX_DAT',
            nodes: [
              { ref: 'U1', pin: '2', pinType: 'bidirectional' },
              { ref: 'U2', pin: '2', pinType: 'input' },
            ],
          },
          {
            code: '3',
            name: 'CAN0_TX',
            nodes: [
              { ref: 'U1', pin: '3', pinType: 'bidirectional' },
              { ref: 'U2', pin: '3', pinType: 'input' },
            ],
          },
        ],
      }),
      proseDoc(
        'd.md',
        'The MCU sends commands over the Valve SPI (SPIX), which the requirement REQ-AS-012 covers.',
        'On the module the ISOBUS is CAN0 of the MCU.',
      ),
    );
    expect(namesOf(m, 'Valve SPI')).toContain('SPIX');
    expect(namesOf(m, 'ISOBUS')).toContain('CAN0');
    expect(m.entities.some((e) => /REQ/.test(e.name))).toBe(false);
  });

  it('connects the connector a bus leaves or enters at, through "which" after the named bus', () => {
    const m = model(
      bom,
      tableDoc('icd.csv', [
        ['Interface', 'End A', 'End B'],
        ['Valve SPI', 'Rate Controller MCU', 'Section Valve Drivers'],
      ]),
      proseDoc(
        'd.md',
        'The Rate Controller MCU sends the Section Commands to the Section Valve Drivers over the Valve SPI, which leaves the RCM at the Valve Module Connector and enters the BVM at the BVM Input Connector.',
      ),
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'valve module connector CONNECTS valve spi',
        'bvm input connector CONNECTS valve spi',
      ]),
    );
    expect(rels(m)).not.toContain('bvm input connector CONNECTS section valve driver');
  });

  it('reads receiving from a sender, and what is reported as a signal', () => {
    const m = model(
      bom,
      proseDoc(
        'd.md',
        'The Rate Controller MCU receives the Application Rate Setpoint from the Virtual Terminal. The Depth Sensor reports Depth to the Rate Controller MCU.',
      ),
    );
    expect(typeOf(m, 'depth')).toBe('SIGNAL');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'rate controller mcu CONSUMES application rate setpoint',
        'virtual terminal PROVIDES application rate setpoint',
        'depth sensor PROVIDES depth',
        'rate controller mcu CONSUMES depth',
      ]),
    );
  });

  it('links two parts joined through a connector directly, and parts on a line to the line', () => {
    const m = model(
      bom,
      proseDoc(
        'd.md',
        'The Depth Sensor connects to the Rate Controller MCU through the Valve Module Connector.',
        'The Survey Camera is connected to the Rate Controller MCU via the Camera Trigger Line.',
      ),
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'depth sensor CONNECTS rate controller mcu',
        'camera trigger line CONNECTS survey camera',
        'camera trigger line CONNECTS rate controller mcu',
      ]),
    );
    expect(typeOf(m, 'camera trigger line')).toBe('SIGNAL');
    expect(rels(m)).not.toContain('depth sensor CONNECTS valve module connector');
  });

  it('reads "comes from", "reports … back to", a supply that acts, AC power and a list after a semicolon', () => {
    const m = model(
      proseDoc(
        'd.md',
        'The Generator produces Three-Phase AC. An Auxiliary Supply derives the 24V Control Bus from the 400V DC Link; the Pitch Drive, the Yaw Drive and the Turbine Controller run on the 24V Control Bus.',
        'The Pitch Drive reports Blade Angle back to the Turbine Controller. Rotor Speed comes from the Encoder.',
      ),
    );
    expect(typeOf(m, 'three phase ac')).toBe('RESOURCE');
    expect(typeOf(m, 'auxiliary supply')).toBe('COMPONENT');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'generator PROVIDES three phase ac',
        'auxiliary supply PROVIDES 24v control bus',
        'pitch drive CONSUMES 24v control bus',
        'yaw drive CONSUMES 24v control bus',
        'turbine controller CONSUMES 24v control bus',
        'turbine controller CONSUMES blade angle',
        'encoder PROVIDES rotor speed',
      ]),
    );
  });
});

describe('a part designator after a net label', () => {
  it('says which part the net reaches, not another name of the net', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Ref Des', 'Description', 'Qty'],
        ['U4', 'Imbalance Accelerometer', '1'],
        ['U5', 'RTD Converter', '1'],
      ]),
      tableDoc('pins.csv', [
        ['Signal', 'Source', 'Destination'],
        ['ACC_CS', 'Main MCU', 'Imbalance Accelerometer'],
        ['RTD_CS', 'Main MCU', 'RTD Converter'],
      ]),
      proseDoc(
        'icd.md',
        'Bus lines are shared; chip selects /ACC_CS (U4) and /RTD_CS (U5) select the sensors.',
      ),
    );
    const acc = m.entities.find((e) => e.name === 'Imbalance Accelerometer')!;
    expect(acc.aliases).not.toContain('RTD Converter');
    expect(acc.aliases).not.toContain('ACC_CS');
    expect(m.entities.map((e) => e.name)).toContain('RTD Converter');
  });
});
