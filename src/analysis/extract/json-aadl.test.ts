// AADL-like exports: types hold features, implementations hold subcomponents and `sub.feature`
// connections; signals and buses reach a part through its parents' features, and a process stands
// for the processor it is bound to.
import { describe, expect, it } from 'vitest';
import { doc, model, proseDoc, rels, tableDoc, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'model.json', doc: doc({ kind: 'json', json }) });

const port = (name: string, direction: string, classifier: string) => ({
  name,
  category: 'dataPort',
  direction,
  classifier,
});
const access = (name: string, classifier: string) => ({
  name,
  category: 'busAccess',
  kind: 'requires',
  classifier,
});

const aadl = {
  componentTypes: [
    { category: 'system', name: 'Kiln', features: [access('plant_net', 'Plant_Ethernet')] },
    {
      category: 'system',
      name: 'Cabinet',
      features: [
        port('temp_in', 'in', 'Analog'),
        access('field', 'Field_Bus'),
        access('plant_net', 'Plant_Ethernet'),
      ],
    },
    {
      category: 'processor',
      name: 'Kiln_Controller',
      features: [access('fb', 'Field_Bus'), access('eth', 'Plant_Ethernet')],
    },
    { category: 'process', name: 'Firing', features: [port('kiln_temperature', 'in', 'Analog')] },
    { category: 'device', name: 'Thermocouple', features: [port('mv_out', 'out', 'Analog')] },
    { category: 'device', name: 'Burner', features: [access('fb', 'Field_Bus')] },
    { category: 'bus', name: 'Field_Bus', features: [] },
  ],
  componentImplementations: [
    {
      name: 'Kiln.impl',
      type: 'Kiln',
      category: 'system',
      subcomponents: [
        { name: 'cab', category: 'system', classifier: 'Cabinet.impl' },
        { name: 'te1', category: 'device', classifier: 'Thermocouple' },
        { name: 'te2', category: 'device', classifier: 'Thermocouple' },
        { name: 'burner', category: 'device', classifier: 'Burner' },
        { name: 'field_bus', category: 'bus', classifier: 'Field_Bus' },
      ],
      connections: [
        { name: 'c1', category: 'port', source: 'te1.mv_out', destination: 'cab.temp_in' },
        { name: 'b1', category: 'busAccess', source: 'field_bus', destination: 'cab.field' },
        { name: 'b2', category: 'busAccess', source: 'field_bus', destination: 'burner.fb' },
        { name: 'b3', category: 'busAccess', source: 'plant_net', destination: 'cab.plant_net' },
      ],
    },
    {
      name: 'Cabinet.impl',
      type: 'Cabinet',
      category: 'system',
      subcomponents: [
        { name: 'kc', category: 'processor', classifier: 'Kiln_Controller' },
        { name: 'firing', category: 'process', classifier: 'Firing' },
      ],
      connections: [
        { name: 'c2', category: 'port', source: 'temp_in', destination: 'firing.kiln_temperature' },
        { name: 'b4', category: 'busAccess', source: 'field', destination: 'kc.fb' },
        { name: 'b5', category: 'busAccess', source: 'plant_net', destination: 'kc.eth' },
      ],
      properties: [{ name: 'Actual_Processor_Binding', value: 'reference (kc)', appliesTo: 'firing' }],
    },
  ],
};

describe('AADL-like JSON exports', () => {
  it('rebuilds the instances and follows connections through the parents to the parts at the ends', () => {
    const m = model(jsonDoc(aadl));
    // Types, implementations, features and the process are not entities; a classifier shared by two
    // instances (Thermocouple) names neither, and a tag-like instance name gets its hyphen back.
    expect(m.entities.map((e) => e.key).sort()).toEqual(
      [
        'cabinet',
        'field bus',
        'kiln',
        'kiln controller',
        'kiln temperature',
        'burner',
        'plant net',
        'te1',
        'te2',
      ].sort(),
    );
    expect(m.entities.find((e) => e.key === 'te1')?.aliases).toContain('TE-1');
    expect(typeOf(m, 'kiln')).toBe('SYSTEM');
    expect(typeOf(m, 'cabinet')).toBe('SUBSYSTEM');
    expect(typeOf(m, 'field bus')).toBe('INTERFACE');
    expect(typeOf(m, 'plant net')).toBe('INTERFACE');
    expect(typeOf(m, 'kiln temperature')).toBe('SIGNAL');
    expect(rels(m)).toEqual(
      [
        'kiln CONTAINS cabinet',
        'kiln CONTAINS te1',
        'kiln CONTAINS te2',
        'kiln CONTAINS burner',
        'cabinet CONTAINS kiln controller',
        // The bus reaches the controller through the cabinet's feature: the cabinet only passes it on.
        'field bus CONNECTS kiln controller',
        'burner CONNECTS field bus',
        // A root feature with no bus behind it is a link leaving the model.
        'kiln controller CONNECTS plant net',
        // The process's port is its processor's.
        'te1 PROVIDES kiln temperature',
        'kiln controller CONSUMES kiln temperature',
      ].sort(),
    );
  });

  it('joins a model bus to the ICD link with the same ends or the protocol its classifier names', () => {
    const icd = tableDoc('icd.csv', [
      ['Interface', 'Protocol', 'End A', 'End B'],
      ['Burner Link', 'Field Bus, 500 kbit/s', 'Kiln Controller', 'Burner'],
      ['Plant Network', 'Plant Ethernet', 'Kiln Controller', 'Plant DCS'],
    ]);
    const m = model(jsonDoc(aadl), icd);
    const iface = m.entities
      .filter((e) => e.entityType === 'INTERFACE')
      .map((e) => [e.name, ...e.aliases].sort());
    expect(iface).toHaveLength(2);
    expect(iface).toContainEqual(expect.arrayContaining(['Burner Link', 'Field_Bus']));
    expect(iface).toContainEqual(expect.arrayContaining(['Plant Network', 'plant_net']));
  });

  it('keeps two links between the same parts apart when nothing else says which is which', () => {
    const icd = tableDoc('icd.csv', [
      ['Interface', 'Protocol', 'End A', 'End B'],
      ['Burner Link', 'Serial', 'Kiln Controller', 'Burner'],
      ['Burner Service Link', 'Serial', 'Kiln Controller', 'Burner'],
    ]);
    const m = model(jsonDoc(aadl), icd);
    expect(m.entities.filter((e) => e.entityType === 'INTERFACE')).toHaveLength(4);
  });

  it('names a part by every capitalised word before its numbered tag in prose', () => {
    const m = model(
      proseDoc(
        'design.md',
        'The Discharge Pressure Transmitter (PT-101) and the Suction Pressure Transmitter (PT-102) feed the controller.',
      ),
    );
    const names = m.entities.map((e) => [e.name, ...e.aliases].join('|'));
    expect(names).toContain('Discharge Pressure Transmitter|PT-101');
    expect(names).toContain('Suction Pressure Transmitter|PT-102');
  });
});

describe('AADL-like exports in other spellings', () => {
  it('reads connection ends as objects and names a subcomponent named in words by that name', () => {
    const json = {
      types: [
        { category: 'device', name: 'Sensor', features: [port('out1', 'out', 'Reading')] },
        { category: 'device', name: 'Logger', features: [port('in1', 'in', 'Reading')] },
      ],
      implementations: [
        {
          name: 'Station.impl',
          category: 'system',
          subcomponents: [
            { name: 'Wind Sensor', category: 'device', componentType: 'Sensor' },
            { name: 'Data Logger', category: 'device', componentType: 'Logger' },
          ],
          connections: [
            {
              category: 'port',
              source: { subcomponent: 'Wind Sensor', feature: 'out1' },
              destination: { subcomponent: 'Data Logger', feature: 'in1' },
            },
          ],
        },
      ],
    };
    const m = model(jsonDoc(json));
    expect(rels(m)).toEqual(
      [
        'station CONTAINS wind sensor',
        'station CONTAINS data logger',
        'wind sensor PROVIDES reading',
        'data logger CONSUMES reading',
      ].sort(),
    );
  });
});
