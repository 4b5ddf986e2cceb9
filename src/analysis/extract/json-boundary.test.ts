// A context architecture's connector to the system's boundary port ends on the part the port is
// delegated to; the system is no end of its own external interface. Without a context root, or with
// no single delegation, the connectors are read as they are.
import { describe, expect, it } from 'vitest';
import { doc, model, rels } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'model.json', doc: doc({ kind: 'json', json }) });
const exportNamed = (root: string, delegations: unknown[]) => ({
  Architecture: {
    Name: root,
    Components: [
      { Name: 'Building System', Stereotype: 'P.External' },
      {
        Name: 'Heat Pump',
        Stereotype: 'P.HW_System',
        Architecture: {
          Components: [{ Name: 'Controller', Stereotype: 'P.HW_Part' }],
          Connectors: delegations,
        },
      },
    ],
    Connectors: [
      {
        Source: { Component: 'Building System', Port: 'Bus' },
        Destination: { Component: 'Heat Pump', Port: 'Bus' },
        Interface: 'Field Bus',
      },
    ],
  },
});
const delegation = {
  Source: { Port: 'Bus' },
  Destination: { Component: 'Controller', Port: 'Bus' },
  Interface: 'Field Bus',
};

describe('connectors through the system boundary', () => {
  it('ends a context connector on the part the system port is delegated to', () => {
    const joined = rels(model(jsonDoc(exportNamed('Pump_Context', [delegation])))).filter((r) =>
      r.includes('CONNECTS'),
    );
    expect(joined).toEqual(['building system CONNECTS field bus', 'controller CONNECTS field bus']);
  });

  it('keeps the system as an end when no part takes the port', () => {
    const joined = rels(model(jsonDoc(exportNamed('Pump_Context', [])))).filter((r) =>
      r.includes('CONNECTS'),
    );
    expect(joined).toContain('field bus CONNECTS heat pump');
  });
});
