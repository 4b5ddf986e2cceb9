// XMI-shaped tool exports (Cameo-like JSON): "xmi:type" kinds, a part's "type" as its block's id,
// connectors typed by an association block with nested ends, packages as folders.
import { describe, expect, it } from 'vitest';
import { fromXmiExport, isXmiExport } from './json-cameo.js';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'model.json', doc: doc({ kind: 'json', json }) });
const part = (id: string, name: string, type: string) => ({
  'xmi:type': 'uml:Property',
  'xmi:id': id,
  name,
  type,
  aggregation: 'composite',
});
const block = (id: string, name: string, extra: object = {}) => ({
  'xmi:type': 'uml:Class',
  'xmi:id': id,
  name,
  ...extra,
});

const xmi = (contextName: string) => ({
  model: {
    'xmi:type': 'uml:Model',
    'xmi:id': 'm',
    name: 'Winch',
    ownedElement: [
      {
        'xmi:type': 'uml:Package',
        'xmi:id': 'pk1',
        name: '01 Structure',
        ownedElement: [
          block('ctx', contextName, {
            ownedAttribute: [part('p_ext', 'ops', 'b_ext'), part('p_sys', 'sys', 'b_sys')],
            ownedConnector: [
              {
                'xmi:type': 'uml:Connector',
                'xmi:id': 'c1',
                name: 'cable',
                type: 'if1',
                end: [
                  { 'xmi:type': 'uml:ConnectorEnd', partWithPort: 'p_ext' },
                  { 'xmi:type': 'uml:ConnectorEnd', partWithPort: 'p_ctl', propertyPath: ['p_sys', 'p_ctl'] },
                ],
              },
            ],
          }),
          block('b_ext', 'Operator Console'),
          block('b_sys', 'Winch Drive', {
            ownedAttribute: [part('p_ctl', 'ctl', 'b_ctl'), part('p_mot', 'mot', 'b_mot')],
          }),
          block('b_ctl', 'Winch Controller'),
          block('b_mot', 'Drive Motor'),
        ],
      },
      {
        'xmi:type': 'uml:Package',
        'xmi:id': 'pk2',
        name: '02 Interfaces',
        ownedElement: [{ 'xmi:type': 'uml:AssociationClass', 'xmi:id': 'if1', name: 'Console Link' }],
      },
    ],
  },
});

describe('XMI-shaped block model exports', () => {
  it('is recognised by its xmi keys only', () => {
    expect(isXmiExport(xmi('Winch Context'))).toBe(true);
    expect(isXmiExport({ blocks: [{ id: 'a', name: 'A', type: 'Block' }] })).toBe(false);
  });

  it('rewrites kinds, part types and connector ends; a non-id "type" stays a kind', () => {
    const out = fromXmiExport({
      'xmi:id': 'x',
      a: { 'xmi:type': 'uml:Property', 'xmi:id': 'p', type: 'x' },
      b: { 'xmi:type': 'uml:Class', 'xmi:id': 'q', type: 'Block' },
    }) as Record<string, Record<string, unknown>>;
    expect(out.a).toMatchObject({ kind: 'uml:Property', typedBy: 'x' });
    expect(out.b).toMatchObject({ kind: 'uml:Class', type: 'Block' });
  });

  it('reads parts as their blocks, packages and the context block as no entities, the connector type as the interface', () => {
    const m = model(jsonDoc(xmi('Winch Operational Context')));
    const names = m.entities.map((e) => e.name).sort();
    expect(names).toEqual([
      'Console Link',
      'Drive Motor',
      'Operator Console',
      'Winch Controller',
      'Winch Drive',
    ]);
    expect(typeOf(m, 'winch drive')).toBe('SYSTEM');
    expect(typeOf(m, 'console link')).toBe('INTERFACE');
    expect(rels(m)).toEqual(
      [
        'console link CONNECTS winch controller',
        'console link CONNECTS operator console',
        'winch drive CONTAINS drive motor',
        'winch drive CONTAINS winch controller',
      ].sort(),
    );
  });

  it('keeps a block not named as a context', () => {
    const m = model(jsonDoc(xmi('Winch Installation')));
    expect(m.entities.map((e) => e.name)).toContain('Winch Installation');
  });
});
