// Property values applied to a model element ({name, value} pairs) are facts about it, never parts.
import { describe, expect, it } from 'vitest';
import { propertyValueFacts } from './json-property-values.js';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'pa.json', doc: doc({ kind: 'json', json }) });

const component = (name: string, values: { name: string; value: string }[], children: unknown[] = []) => ({
  id: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  applied_property_values: values,
  ownedPhysicalComponents: children,
});

describe('applied property values', () => {
  it('reads the pairs as facts, under their own names', () => {
    expect(
      propertyValueFacts({
        name: 'Burner Controller',
        appliedPropertyValues: [
          { name: 'partNumber', value: 'KC-210' },
          { name: 'refDes', value: 'U4' },
        ],
      }),
    ).toEqual({ partNumber: 'KC-210', refDes: 'U4' });
  });

  it('a pair is no part: a leaf stays a component, and its designator is an alias', () => {
    const m = model(
      jsonDoc({
        rootComponent: component(
          'Kiln System',
          [{ name: 'partNumber', value: 'KS-1' }],
          [
            component(
              'Control Unit',
              [{ name: 'partNumber', value: 'KS-2' }],
              [component('Burner Controller', [{ name: 'refDes', value: 'U4' }])],
            ),
          ],
        ),
      }),
    );
    expect(typeOf(m, 'burner controller')).toBe('COMPONENT');
    expect(typeOf(m, 'control unit')).toBe('SUBSYSTEM');
    expect(typeOf(m, 'partnumber')).toBeUndefined();
    expect(typeOf(m, 'refdes')).toBeUndefined();
    expect(m.entities.find((e) => e.key === 'burner controller')?.aliases).toContain('U4');
    expect(rels(m).filter((r) => / CONTAINS /.test(r))).toEqual([
      'control unit CONTAINS burner controller',
      'kiln system CONTAINS control unit',
    ]);
  });
});
