// A model's tagged values are facts about the element that holds them, not parts of it.
import { describe, expect, it } from 'vitest';
import { isTaggedValue } from './json-tagged-values.js';
import { doc, model, rels, typeOf } from './test-helpers.js';

describe('tagged values of a model element', () => {
  it('a name–value pair is a property, an element with a value is still an element', () => {
    expect(isTaggedValue({ Name: 'partNumber', Value: 'TH-3000' })).toBe(true);
    expect(isTaggedValue({ Property: 'ICD', Value: 'IF-02' })).toBe(true);
    expect(isTaggedValue({ name: 'mass', value: 1.2, unit: 'kg' })).toBe(true);
    expect(isTaggedValue({ id: 'p1', name: 'Pump', value: 'x' })).toBe(false);
    expect(isTaggedValue({ name: 'Pump', kind: 'Part' })).toBe(false);
    expect(isTaggedValue({ name: 'Pump', value: { name: 'Motor' } })).toBe(false);
  });

  it('gives the blocks that carry them no child', () => {
    const tags = (pn: string) => [{ Name: 'partNumber', Value: pn }];
    const json = {
      elements: [
        { id: 'b1', name: 'Kiln System', kind: 'Block', TaggedValues: tags('K-100'), parts: ['b2'] },
        { id: 'b2', name: 'Burner Controller', kind: 'Block', TaggedValues: tags('K-110') },
      ],
    };
    const m = model({ name: 'model.json', doc: doc({ kind: 'json', json }) });
    expect(m.entities.map((e) => e.name)).not.toContain('partNumber');
    expect(typeOf(m, 'burner controller')).toBe('COMPONENT');
    expect(rels(m)).toEqual(['kiln system CONTAINS burner controller']);
  });
});
