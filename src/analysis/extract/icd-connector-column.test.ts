// An interface register's "Connector / harness" column: the connectors named with their designator
// ("Rack Connector J1") are on the interface; the harness it runs in is not.
import { describe, expect, it } from 'vitest';
import { connectorRefs } from './icd-cells.js';
import { model, rels, tableDoc } from './test-helpers.js';

describe('connector column of an interface register', () => {
  it('takes the designator of a named connector and of a bare one, not of a harness', () => {
    expect(connectorRefs(['Rack Connector J1', 'harness W1'])).toEqual(['J1']);
    expect(connectorRefs(['J3'])).toEqual(['J3']);
    expect(connectorRefs(['PCB traces'])).toEqual([]);
    expect(connectorRefs(['Tow Cable W1'])).toEqual([]);
    // "J4 / W4": the connector and the harness (W, the cable class letter) it runs in.
    expect(connectorRefs(['J4', 'W4'])).toEqual(['J4']);
  });

  it('connects the connector to the interface the row names', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Ref Des', 'Description', 'Qty'],
        ['J1', 'Rack Connector', '1'],
        ['U9', 'Telemetry Unit', '1'],
      ]),
      tableDoc('icd.docx', [
        ['IF No.', 'Interface', 'Physical layer', 'End A', 'End B', 'Connector / harness'],
        [
          'IF-05',
          'Fan Drive',
          'PWM, 25 kHz',
          'Telemetry Unit (J1)',
          'Rack Fan',
          'Rack Connector J1, harness W1',
        ],
      ]),
    );
    expect(rels(m)).toContain('fan drive CONNECTS rack connector');
    expect(m.entities.some((e) => e.name === 'W1' || e.aliases.includes('W1'))).toBe(false);
  });
});
