// An export with keys the reader has no name for ("elementId", "displayName", "elementKind") is read
// by the roles those keys play: the same model as the same export with the usual keys.
import { describe, expect, it } from 'vitest';
import { keyRoles, withKnownKeys } from './json-key-roles.js';
import { extractJsonModel } from './json-model.js';
import { MentionSink } from './builder.js';
import { doc, model, rels, typeOf } from './test-helpers.js';

const usual = {
  blocks: [
    { id: 'b1', name: 'Kiln System', kind: 'System', parts: ['b2', 'b3'] },
    { id: 'b2', name: 'Burner Controller', kind: 'Part' },
    { id: 'b3', name: 'Operator Panel', kind: 'Part' },
    { id: 'b4', name: 'Flame Sensor', kind: 'Part' },
  ],
  connectors: [{ id: 'c1', name: 'Panel Link', kind: 'Connector', source: 'b2', target: 'b3' }],
};
const renamed = {
  blocks: usual.blocks.map(({ id, name, kind, ...rest }) => ({
    elementId: id,
    displayName: name,
    elementKind: kind,
    ...rest,
  })),
  connectors: usual.connectors.map(({ id, name, kind, ...rest }) => ({
    elementId: id,
    displayName: name,
    elementKind: kind,
    ...rest,
  })),
};
const jsonDoc = (json: unknown) => ({ name: 'model.json', doc: doc({ kind: 'json', json }) });

describe('the roles of unknown keys in a model export', () => {
  it('finds the id, name and kind keys by what their values do', () => {
    expect(keyRoles(renamed)).toEqual({ id: 'elementId', name: 'displayName', kind: 'elementKind' });
    // The usual keys need no role: the document is read as it is.
    expect(keyRoles(usual)).toEqual({});
    expect(withKnownKeys(usual)).toBe(usual);
  });

  it('reads the renamed export as the usual one', () => {
    const a = model(jsonDoc(usual));
    const b = model(jsonDoc(renamed));
    expect(typeOf(b, 'burner controller')).toBe('COMPONENT');
    expect(typeOf(b, 'kiln system')).toBe('SYSTEM');
    expect(rels(b)).toContain('kiln system CONTAINS burner controller');
    expect(b.entities.map((e) => `${e.name} ${e.entityType}`).sort()).toEqual(
      a.entities.map((e) => `${e.name} ${e.entityType}`).sort(),
    );
    expect(rels(b).sort()).toEqual(rels(a).sort());
  });

  it('an id no other element points at is no id; a name the elements carry refers to one', () => {
    const ends = [
      { endId: 'e1', componentName: 'Burner Controller' },
      { endId: 'e2', componentName: 'Burner Controller' },
      { endId: 'e3', componentName: 'Operator Panel' },
    ];
    const components = [
      { name: 'Burner Controller', kind: 'Part' },
      { name: 'Operator Panel', kind: 'Part' },
    ];
    expect(keyRoles({ components, ends })).toEqual({});
  });

  it('a short name, a namespaced property or a type reference plays no role', () => {
    const elements = [
      { '@id': 'p1', declaredShortName: 'U1', typeName: 'Mcu', 'Acme::Display_Name': 'Main MCU' },
      { '@id': 'p2', declaredShortName: 'U2', typeName: 'Mcu', 'Acme::Display_Name': 'Aux MCU' },
      { '@id': 'p3', declaredShortName: 'J1', typeName: 'Conn', 'Acme::Display_Name': 'Connector' },
      { '@id': 'Mcu', partType: 'p1' },
      { '@id': 'Conn', partType: 'p3' },
      { '@id': 'x', partType: 'p2' },
    ];
    expect(keyRoles({ elements })).toEqual({});
  });
});

// The list's name used to be noted only once the object was taken for a part, so the first reading
// of an export made its functions parts; only a second reading of the same objects saw the list.
describe('a list of functions', () => {
  it('holds behaviour, not parts, on a single reading of the export', () => {
    const json = {
      physicalArchitecture: {
        name: 'Physical Architecture',
        components: [
          { id: 'pc1', name: 'Wheel Controller', allocatedFunctions: ['f1'] },
          { id: 'pc2', name: 'Motor Driver', allocatedFunctions: ['f2'] },
        ],
        functions: [
          { id: 'f1', name: 'Process wheel commands' },
          { id: 'f2', name: 'Switch phase currents' },
        ],
      },
    };
    const sink = new MentionSink();
    extractJsonModel(json, 'model.json', sink);
    const names = sink.entities.map((e) => e.name);
    expect(names).toContain('Wheel Controller');
    expect(names).not.toContain('Process wheel commands');
    expect(names).not.toContain('Switch phase currents');
  });
});

// A scripting-API dump names a part's block "ClassifierID" and lists parts flat, each naming its
// owner ("ParentID"): unread, every part became a thing named by its role ("ctrl", "mcu") beside its block.
describe('a reference to a type or an owner under an unknown id key', () => {
  const elements = [
    { ElementID: 1, Name: 'Kiln System', Type: 'Class', Stereotype: 'block', ParentID: 0 },
    { ElementID: 2, Name: 'Burner Controller', Type: 'Class', Stereotype: 'block', ParentID: 0 },
    { ElementID: 3, Name: 'Flame Sensor', Type: 'Class', Stereotype: 'block', ParentID: 0 },
    { ElementID: 11, Name: 'ctrl', Type: 'Part', ParentID: 1, ClassifierID: 2 },
    { ElementID: 12, Name: 'flame', Type: 'Part', ParentID: 1, ClassifierID: 3 },
  ];
  const connectors = [{ ConnectorID: 20, Type: 'Connector', ClientID: 11, SupplierID: 12 }];

  it('is read as the typed-by reference by what its values are', () => {
    expect(keyRoles({ elements, connectors })).toEqual({ id: 'ElementID', typedBy: 'ClassifierID' });
  });

  it('folds each part into its block, contained where the part is owned', () => {
    const m = model(jsonDoc({ elements, connectors }));
    const names = m.entities.map((e) => e.name);
    expect(names).not.toContain('ctrl');
    expect(names).not.toContain('flame');
    expect(rels(m)).toContain('kiln system CONTAINS burner controller');
    expect(rels(m)).toContain('kiln system CONTAINS flame sensor');
    expect(typeOf(m, 'kiln system')).toBe('SYSTEM');
  });

  it('a key naming something else, or holding no element ids, is no reference', () => {
    const other = elements.map((e) => ({ ...e, PackageID: 5, ClassifierID: 99 }));
    expect(keyRoles({ elements: other, connectors })).toEqual({ id: 'ElementID' });
  });
});
