// Names with and without a model code ("Hydraulic Drive Unit HDU-1" / "Hydraulic Drive Unit").
import { describe, expect, it } from 'vitest';
import { withoutModelCode } from './joins-model-codes.js';
import { doc, model, proseDoc, tableDoc } from './test-helpers.js';

describe('model codes in names', () => {
  it('strips a leading or trailing code, never a protocol, and only from a name of three words or more', () => {
    expect(withoutModelCode('Hydraulic Drive Unit HDU-1')).toBe('Hydraulic Drive Unit');
    expect(withoutModelCode('AWS-20 Automatic Weather Station')).toBe('Automatic Weather Station');
    expect(withoutModelCode('RS-485 Line Transceiver')).toBeUndefined();
    expect(withoutModelCode('Control Head')).toBeUndefined();
    expect(withoutModelCode('Pump P-1')).toBeUndefined();
    expect(withoutModelCode('Main Pump Motor')).toBeUndefined();
  });

  it('joins a prose guess to the structured line that carries the code', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Level', 'Item Name', 'Qty'],
        ['0', 'AWS-20 Automatic Weather Station', '1'],
        ['1', 'Logger Enclosure Assembly', '1'],
      ]),
      proseDoc(
        'dd.txt',
        'The Wrenfield AWS-20 Automatic Weather Station (AWS-20) is powered from the Solar Panel.',
      ),
    );
    const station = m.entities.filter((e) => /Weather Station/.test(e.name));
    expect(station).toHaveLength(1);
    expect(station[0]!.entityType).toBe('SYSTEM');
  });

  it('keeps apart two structured sources that disagree on the kind', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Level', 'Item Name', 'Qty'],
        ['0', 'Helm System', '1'],
        ['1', 'Rudder Reference Unit RF-60', '1'],
        // Lines under it make it an assembly in the BOM (a line with none is a component there).
        ['2', 'Rudder Sensor Board', '1'],
      ]),
      {
        name: 'model.json',
        doc: doc({
          kind: 'json',
          json: {
            name: 'Helm System',
            type: 'System',
            parts: [{ name: 'Rudder Reference Unit', type: 'Part' }],
          },
        }),
      },
    );
    const units = m.entities.filter((e) => /Rudder Reference Unit/.test(e.name));
    expect(units.map((e) => e.entityType).sort()).toEqual(['COMPONENT', 'SUBSYSTEM']);
  });
});
