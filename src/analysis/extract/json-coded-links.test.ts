// A model's connector named with its interface id in front ("IF-01 Panel Modbus Link") is the link of
// that name with the id as an alias, as an ICD caption reads: the design text's "Panel Modbus Link"
// is then the same interface, not a second one.
import { describe, expect, it } from 'vitest';
import { doc, model, proseDoc } from './test-helpers.js';

const json = {
  elements: [
    { id: 'b1', name: 'Burner Controller', kind: 'Block' },
    { id: 'b2', name: 'Operator Panel', kind: 'Block' },
  ],
  connectors: [{ id: 'c1', name: 'IF-01 Panel Modbus Link', kind: 'Connector', source: 'b1', target: 'b2' }],
};

describe('a model link named with its interface id', () => {
  it('is named in words, its id and full name aliases', () => {
    const m = model({ name: 'model.json', doc: doc({ kind: 'json', json }) });
    const link = m.entities.find((e) => e.entityType === 'INTERFACE');
    expect(link?.name).toBe('Panel Modbus Link');
    expect(link?.aliases).toEqual(expect.arrayContaining(['IF-01', 'IF-01 Panel Modbus Link']));
  });

  it('meets the same link named in words elsewhere', () => {
    const m = model(
      { name: 'model.json', doc: doc({ kind: 'json', json }) },
      proseDoc('design.md', 'The Burner Controller talks to the Operator Panel over the Panel Modbus Link.'),
    );
    expect(m.entities.filter((e) => e.entityType === 'INTERFACE')).toHaveLength(1);
  });

  it('a name that is only a code, or has no words after it, is kept', () => {
    const bare = { ...json, connectors: [{ ...json.connectors[0], name: 'IF-01 CAN' }] };
    const m = model({ name: 'model.json', doc: doc({ kind: 'json', json: bare }) });
    expect(m.entities.find((e) => e.entityType === 'INTERFACE')?.name).toBe('IF-01 CAN');
  });
});
