// AADL-like exports that name parts in a display-name property, reach nested parts by dotted paths and
// say in words what a port connection conveys.
import { describe, expect, it } from 'vitest';
import { conveyedBy, displayNameOf } from './aadl-names.js';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'model.json', doc: doc({ kind: 'json', json }) });

const oven = {
  root: 'Oven.impl',
  implementations: [
    {
      name: 'Oven.impl',
      category: 'system',
      properties: { 'Acme::Display_Name': 'Acme Reflow Oven' },
      subcomponents: [
        { name: 'control_board', category: 'system', classifier: 'Board.impl' },
        { name: 'heater', category: 'device', classifier: 'Heater' },
      ],
      connections: [
        {
          name: 'c1',
          kind: 'port',
          source: 'control_board.zone_mcu.duty_out',
          destination: 'heater.duty_in',
          conveys: 'Heater Duty',
        },
        { name: 'c2', kind: 'port', source: 'heater.t_out', destination: 'control_board.zone_mcu.t_in' },
      ],
    },
    {
      name: 'Board.impl',
      category: 'system',
      properties: { 'Acme::Display_Name': 'Control Board' },
      subcomponents: [
        {
          name: 'zone_mcu',
          category: 'processor',
          classifier: 'STM32',
          properties: { 'Acme::Display_Name': 'Zone Processor' },
        },
      ],
    },
  ],
};

describe('AADL display names, nested ends and conveyed items', () => {
  it('reads a display name from a property map or a name/value list, and nothing else', () => {
    expect(displayNameOf({ properties: { 'X::Display_Name': 'Main Board' } })).toBe('Main Board');
    expect(displayNameOf({ properties: [{ name: 'displayName', value: 'Main Board' }] })).toBe('Main Board');
    expect(displayNameOf({ properties: { 'X::Part_Number': 'LM-410' } })).toBeUndefined();
    expect(conveyedBy({ conveys: 'Photon Counts' })).toBe('Photon Counts');
    expect(conveyedBy({ source: 'a.b', destination: 'c.d' })).toBeUndefined();
  });

  it('names parts by their display names, not their identifiers or classifiers', () => {
    const m = model(jsonDoc(oven));
    expect(typeOf(m, 'acme reflow oven')).toBe('SYSTEM');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'acme reflow oven CONTAINS control board',
        'control board CONTAINS zone processor',
      ]),
    );
    expect(m.entities.map((e) => e.name)).not.toContain('Board');
  });

  it('follows a dotted path to the nested part and names the item by what the connection conveys', () => {
    const m = model(jsonDoc(oven));
    expect(rels(m)).toEqual(
      expect.arrayContaining(['zone processor PROVIDES heater duty', 'heater CONSUMES heater duty']),
    );
    expect(rels(m)).not.toContain('control board PROVIDES heater duty');
    // Without a conveyed item the port names it, as before.
    expect(rels(m).some((r) => /^heater PROVIDES /.test(r))).toBe(true);
  });

  it('types a conveyed high voltage as a resource, a conveyed reading of a voltage as a signal', () => {
    const link = (conveys: string) => ({
      root: 'Box.impl',
      implementations: [
        {
          name: 'Box.impl',
          category: 'system',
          subcomponents: [
            { name: 'hv_supply', category: 'device', classifier: 'HV' },
            { name: 'tube', category: 'device', classifier: 'Tube' },
          ],
          connections: [
            { name: 'c', kind: 'port', source: 'hv_supply.out', destination: 'tube.in', conveys },
          ],
        },
      ],
    });
    expect(typeOf(model(jsonDoc(link('Tube High Voltage'))), 'tube high voltage')).toBe('RESOURCE');
    expect(typeOf(model(jsonDoc(link('Tube Voltage Reading'))), 'tube voltage reading')).toBe('SIGNAL');
  });
});
