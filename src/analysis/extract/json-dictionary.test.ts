// An interface dictionary's type names ("UnitLinkIF") give way to the name its description opens
// with after an id ("IF-1 Unit Link"); a single-item type's connectors are flows of that item; an
// entry with neither keeps its own name.
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'model.json', doc: doc({ kind: 'json', json }) });
const part = (Name: string) => ({ Name, Stereotype: 'Profile.HW_Part', Ports: [] });
const exportWith = (interfaces: unknown[], connectors: unknown[]) => ({
  InterfaceDictionary: { Interfaces: interfaces },
  Architecture: {
    Name: 'Pump',
    Components: [
      part('Controller'),
      part('Board'),
      {
        ...part('Module'),
        Architecture: {
          Components: [part('Switch')],
          Connectors: [
            {
              Source: { Component: 'Switch', Port: 'C' },
              Destination: { Port: 'FlowOut' },
              Interface: 'FlowOK',
            },
          ],
        },
      },
    ],
    Connectors: connectors,
  },
});

describe('a System Composer interface dictionary', () => {
  it('names a typed connector by its description and reads a single-item type as a flow', () => {
    const m = model(
      jsonDoc(
        exportWith(
          [
            { Name: 'UnitLinkIF', Description: 'IF-1 Unit Link, RS-485', Elements: ['Speed', 'Status'] },
            { Name: 'FlowOK', Description: 'Flow OK, discrete', Elements: ['Flow OK'] },
          ],
          [
            {
              Source: { Component: 'Controller', Port: 'L' },
              Destination: { Component: 'Board', Port: 'L' },
              Interface: 'UnitLinkIF',
            },
            {
              Source: { Component: 'Module', Port: 'FlowOut' },
              Destination: { Component: 'Controller', Port: 'F' },
              Interface: 'FlowOK',
            },
          ],
        ),
      ),
    );
    expect(typeOf(m, 'unit link')).toBe('INTERFACE');
    expect(typeOf(m, 'unitlinkif')).toBeUndefined();
    expect(typeOf(m, 'flow ok')).toBe('SIGNAL');
    const flows = rels(m).filter((r) => !r.includes('CONTAINS'));
    expect(flows).toEqual([
      'board CONNECTS unit link',
      'controller CONNECTS unit link',
      'controller CONSUMES flow ok',
      'module PROVIDES flow ok',
    ]);
  });

  it('keeps a type with neither an id in its description nor a single item as an interface', () => {
    const m = model(
      jsonDoc(
        exportWith(
          [{ Name: 'PowerBus', Description: 'Power distribution', Elements: ['Volts', 'Amps'] }],
          [
            {
              Source: { Component: 'Controller', Port: 'P' },
              Destination: { Component: 'Board', Port: 'P' },
              Interface: 'PowerBus',
            },
          ],
        ),
      ),
    );
    expect(rels(m)).toContain('controller CONNECTS powerbus');
  });
});
