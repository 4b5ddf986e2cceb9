// A model's block identifiers ("Power_Supply_24V", "Valve_Actuator") meet the one worded part they
// name; an identifier two worded parts could stand for stays apart.
import { describe, expect, it } from 'vitest';
import { doc, model, tableDoc, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'model.json', doc: doc({ kind: 'json', json }) });
const blocks = (...names: string[]) => jsonDoc({ blocks: names.map((name) => ({ name, kind: 'block' })) });
const bom = (...names: string[]) =>
  tableDoc('bom.csv', [['Ref Des', 'Description', 'Qty'], ...names.map((n, i) => [`U${i + 1}`, n, '1'])]);
const names = (m: ReturnType<typeof model>) => m.entities.map((e) => e.name).sort();

describe('model identifiers and worded names', () => {
  it('joins words in another order and a name that drops a leading qualifier', () => {
    const m = model(
      bom('24V Power Supply', 'Inlet Valve Actuator'),
      blocks('Power_Supply_24V', 'Valve_Actuator'),
    );
    expect(names(m)).toEqual(['24V Power Supply', 'Inlet Valve Actuator']);
  });

  it('leaves an identifier alone when two worded parts end in its words', () => {
    const m = model(bom('Inlet Valve Actuator', 'Outlet Valve Actuator'), blocks('Valve_Actuator'));
    expect(names(m)).toEqual(['Inlet Valve Actuator', 'Outlet Valve Actuator', 'Valve_Actuator']);
  });
});

describe('a model titled with the maker in front', () => {
  const levelled = tableDoc('bom.csv', [
    ['Level', 'Description', 'Qty'],
    ['1', 'Door Drive System', '1'],
    ['2', 'Door Controller', '1'],
    ['1', 'Spare Kit', '1'],
  ]);
  const system = (name: string) =>
    jsonDoc({ root: { name, kind: 'System', parts: [{ name: 'Door Controller' }] } });

  it('is the BOM line named without it, and the system', () => {
    const m = model(levelled, system('Aldane Door Drive System'));
    expect(m.entities.filter((e) => /Door Drive System/.test(e.name))).toHaveLength(1);
    expect(typeOf(m, 'door drive system')).toBe('SYSTEM');
  });

  it('stays apart from a line whose name is not the rest of the title', () => {
    const m = model(levelled, system('Aldane Door Control System'));
    expect(m.entities.filter((e) => /Door (Drive|Control) System/.test(e.name))).toHaveLength(2);
  });
});
