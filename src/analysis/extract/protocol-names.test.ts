// A bare protocol name ("USB", "SSI") and a connector designator after a link's name are not names of
// the thing they stand beside.
import { describe, expect, it } from 'vitest';
import { isBareProtocol } from './normalise.js';
import { model, proseDoc, tableDoc } from './test-helpers.js';

describe('bare protocol names', () => {
  it('knows a protocol by itself from a net or bus that carries its name', () => {
    expect(isBareProtocol('USB')).toBe(true);
    expect(isBareProtocol('SSI')).toBe(true);
    expect(isBareProtocol('CAN1_TX')).toBe(false);
    expect(isBareProtocol('MDI_TD')).toBe(false);
  });

  it('does not alias a data-dictionary item to the protocol its Object cell names', () => {
    const m = model(
      tableDoc('dd.tsv', [
        ['Item', 'Producer', 'Consumer(s)', 'Medium', 'Object / Net'],
        ['Shaft Angle', 'Shaft Encoder', 'Main CPU', 'Encoder Bus', 'SSI frame, 24 bit'],
      ]),
    );
    expect(m.entities.find((e) => e.key === 'shaft angle')?.aliases).toEqual([]);
  });
});

describe('connector designators in prose', () => {
  const names = tableDoc('bom.csv', [
    ['Ref', 'Description', 'Qty'],
    ['X6', 'Service Connector', '1'],
    ['X3', 'Motor Connector', '1'],
  ]);

  it('leaves "the Service USB (X6)" apart from the connector X6', () => {
    const m = model(
      names,
      tableDoc('ifaces.csv', [
        ['Interface', 'Endpoint A', 'Endpoint B'],
        ['Service USB', 'Laptop', 'Main CPU'],
      ]),
      proseDoc('d.md', 'The Service USB (X6) is for maintenance only.'),
    );
    expect(m.entities.find((e) => e.key === 'service connector')?.aliases).not.toContain('Service USB');
  });

  it('still gives a connector its own designator: "the Motor Connector (X3)"', () => {
    const m = model(names, proseDoc('d.md', 'The motor is wired through the Motor Connector (X3).'));
    expect(m.entities.find((e) => e.key === 'motor connector')?.aliases).toContain('X3');
  });
});
