// Enterprise Architect's table dump (t_package, t_object, t_connector): parts nest by ParentID and are
// typed by blocks, ports hang on parts, named binding connectors are interfaces, item flows convey an
// element by id; packages, block definitions and requirements are not things of the product.
import { describe, expect, it } from 'vitest';
import { fromEaTables, isEaTableExport } from './json-ea.js';
import { doc, model, rels, typeOf } from './test-helpers.js';

const obj = (id: number, type: string, name: string, extra: object = {}) => ({
  Object_ID: id,
  Object_Type: type,
  Name: name,
  Stereotype: '',
  Alias: '',
  ParentID: 0,
  Classifier: 0,
  Package_ID: 10,
  ...extra,
});
const link = (id: number, from: number, to: number, name = '') => ({
  Connector_ID: id,
  Connector_Type: 'Connector',
  Stereotype: 'BindingConnector',
  Name: name,
  Start_Object_ID: from,
  End_Object_ID: to,
});
const flow = (id: number, from: number, to: number, item: number) => ({
  Connector_ID: id,
  Connector_Type: 'InformationFlow',
  Stereotype: 'ItemFlow',
  Name: '',
  Start_Object_ID: from,
  End_Object_ID: to,
  PDATA1: String(item),
});

const ea = {
  t_package: [
    { Package_ID: 1, Name: 'WX-100 Winch', Parent_ID: 0 },
    { Package_ID: 10, Name: 'Structure', Parent_ID: 1 },
  ],
  t_object: [
    obj(1, 'Class', 'WX-100', { Stereotype: 'block' }),
    obj(2, 'Part', 'Winch', { Classifier: 1, Alias: 'WX' }),
    obj(3, 'Class', 'WX-110', { Stereotype: 'block' }),
    obj(4, 'Part', 'Drive Unit', { Classifier: 3, ParentID: 2 }),
    obj(5, 'Class', 'WX-111', { Stereotype: 'block' }),
    obj(6, 'Part', 'Motor Controller', { Classifier: 5, ParentID: 4, Alias: 'A2' }),
    obj(7, 'Part', 'Control Console', { ParentID: 2 }),
    obj(8, 'Port', 'p_link', { ParentID: 6 }),
    obj(9, 'Port', 'p_link', { ParentID: 7 }),
    obj(20, 'Class', 'Speed Demand', { Stereotype: 'signal' }),
    obj(21, 'Class', 'Voltage', { Stereotype: 'ValueType' }),
    obj(30, 'Requirement', 'WX-R-001', { Note: 'The winch shall stop in 1 s.' }),
  ],
  t_connector: [link(100, 8, 9, 'Console Link'), flow(101, 7, 6, 20)],
  t_diagram: [{ Diagram_ID: 1, Name: 'Winch internal block diagram', ParentID: 2 }],
};
const eaDoc = (json: unknown) => ({ name: 'model.json', doc: doc({ kind: 'json', json }) });

describe('EA table exports', () => {
  it('is recognised by its t_object rows, and only by them', () => {
    expect(isEaTableExport(ea)).toBe(true);
    expect(isEaTableExport({ t_object: [{ Name: 'x' }] })).toBe(false);
    expect(isEaTableExport({ elements: [{ Object_ID: 1, Object_Type: 'Part' }] })).toBe(false);
  });

  it('reads parts by ParentID, the top part as the system, and leaves out types, folders and requirements', () => {
    const m = model(eaDoc(ea));
    expect(m.entities.map((e) => e.name).sort()).toEqual([
      'Console Link',
      'Control Console',
      'Drive Unit',
      'Motor Controller',
      'Speed Demand',
      'Winch',
    ]);
    expect(typeOf(m, 'winch')).toBe('SYSTEM');
    expect(typeOf(m, 'drive unit')).toBe('SUBSYSTEM');
    expect(typeOf(m, 'motor controller')).toBe('COMPONENT');
    expect(m.entities.find((e) => e.key === 'motor controller')?.aliases).toContain('A2');
    expect(rels(m)).toEqual([
      'console link CONNECTS control console',
      'console link CONNECTS motor controller',
      'control console PROVIDES speed demand',
      'drive unit CONTAINS motor controller',
      'motor controller CONSUMES speed demand',
      'winch CONTAINS control console',
      'winch CONTAINS drive unit',
    ]);
  });

  it('keeps a block that no part is typed by as a thing of its own', () => {
    const nodes = fromEaTables({ t_object: [obj(1, 'Class', 'Pump Skid', { Stereotype: 'block' })] }).nodes;
    expect(nodes).toEqual([{ id: 'ea1', name: 'Pump Skid', kind: 'block' }]);
  });

  it('reads an item flow that names what it carries instead of pointing at it', () => {
    const m = model(
      eaDoc({
        t_object: [obj(1, 'Part', 'Power Unit'), obj(2, 'Part', 'Drive')],
        t_connector: [{ ...flow(9, 1, 2, 0), PDATA1: '', Name: '48V Power' }],
      }),
    );
    expect(rels(m)).toEqual(['drive CONSUMES 48v power', 'power unit PROVIDES 48v power']);
    expect(typeOf(m, '48v power')).toBe('RESOURCE');
  });
});
