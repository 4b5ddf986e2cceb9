// A small tool's architecture export: one nested tree of nodes, links written "path:port" (labelled
// for the interfaces, empty otherwise), flows that say "what" runs "from" a node "to" a node "via" a
// link id, and a "needs" list of {who, on, why}. The flow's "what" is its item, so a flow is a
// PROVIDES/CONSUMES of that item and its link id names no interface; a flow that says it is data is a
// signal whatever its name says; an unlabelled link names nothing and relates nothing.
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'arch.json', doc: doc({ kind: 'json', json }) });

const exported = {
  tool: 'archlet',
  root: {
    id: 'site',
    label: 'Deployment',
    kind: 'context',
    children: [
      { id: 'scu', label: 'Surface Unit', kind: 'external', ports: [{ name: 'hv' }] },
      {
        id: 'tms',
        label: 'Tether System',
        kind: 'system',
        children: [
          { id: 'peb', label: 'Pod Board', kind: 'assembly', ports: [{ name: 'fibre' }] },
          { id: 'pcu', label: 'Power Unit', kind: 'assembly', ports: [{ name: 'hvIn' }] },
          { id: 'winch', label: 'Winch', kind: 'assembly', ports: [{ name: 'ctl' }] },
        ],
      },
    ],
  },
  links: [
    { id: 'L1', label: 'Umbilical Link', ends: ['tms/peb:fibre', 'scu:fibre'] },
    { id: 'L5', label: '', ends: ['scu:hv', 'tms/pcu:hvIn'] },
    { id: 'L6', label: '', ends: ['tms/pcu:out', 'tms/winch:ctl'] },
  ],
  flows: [
    { what: 'Winch Mode Command', kind: 'data', from: 'scu', to: 'tms/peb', via: 'L1' },
    { what: 'HV Supply', kind: 'power', from: 'scu', to: 'tms/pcu', via: 'L5' },
    { what: 'Winch Power Enable', kind: 'data', from: 'tms/peb', to: 'tms/pcu', via: 'L6' },
  ],
  needs: [{ who: 'tms/winch', on: 'tms/peb', why: 'moves only on a speed demand' }],
};

describe('a nested-tree architecture export', () => {
  const m = model(jsonDoc(exported));
  const r = rels(m);
  it('reads each flow as its item going from one node to the other', () => {
    expect(r).toContain('surface unit PROVIDES winch mode command');
    expect(r).toContain('pod board CONSUMES winch mode command');
    expect(r).toContain('power unit CONSUMES hv supply');
    expect(typeOf(m, 'hv supply')).toBe('RESOURCE');
  });
  it('makes no interface of a link id a flow runs via', () => {
    expect(typeOf(m, 'l5')).toBeUndefined();
    expect(typeOf(m, 'l1')).toBeUndefined();
    expect(typeOf(m, 'umbilical link')).toBe('INTERFACE');
  });
  it('keeps a data flow named after power a signal', () => {
    expect(typeOf(m, 'winch power enable')).toBe('SIGNAL');
  });
  it('relates nothing over an unlabelled link, and the labelled link joins its ends', () => {
    expect(r).not.toContain('power unit CONNECTS surface unit');
    expect(r).not.toContain('surface unit CONNECTS power unit');
    expect(r).toContain('pod board CONNECTS umbilical link');
  });
  it('reads a needs entry as a dependency of who on what', () => {
    expect(r).toContain('winch DEPENDS_ON pod board');
  });
});
