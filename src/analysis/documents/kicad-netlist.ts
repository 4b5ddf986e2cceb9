// KiCad netlists (`.net`, `(export (version "E") …)`; version "D" files use bare atoms, which the
// S-expression reader accepts the same way). Components and nets go to `netlist` for the extractor,
// and to two tables so the chunker and search see them as rows that read alone.
import { DocumentBuilder } from './build.js';
import { atom, child, children, parseSExpr } from './sexpr.js';
import {
  DocumentReadError,
  type Netlist,
  type NetlistComponent,
  type NetlistNode,
  type ReadDocument,
} from './types.js';

/** True for the head of a KiCad netlist, whatever whitespace its writer used. */
export function looksLikeKicadNetlist(text: string): boolean {
  return /^\s*\(\s*export\s+\(\s*version\b/.test(text.slice(0, 256));
}

export function parseKicadNetlist(text: string): Netlist {
  const exported = parseSExpr(text).find((item) => Array.isArray(item) && item[0] === 'export');
  if (exported === undefined) {
    throw new DocumentReadError('corrupt', 'This file is not a KiCad netlist: it has no (export …) list.');
  }
  const components: NetlistComponent[] = children(child(exported, 'components') ?? [], 'comp').map((comp) => {
    const libsource = child(comp, 'libsource');
    const component: NetlistComponent = { ref: atom(comp, 'ref') ?? '', value: atom(comp, 'value') ?? '' };
    const optional: [keyof NetlistComponent, string | undefined][] = [
      ['footprint', atom(comp, 'footprint')],
      ['part', atom(libsource, 'part')],
      ['lib', atom(libsource, 'lib')],
      // KiCad 7+ writes (description) on the comp itself; older versions only in libsource.
      ['description', atom(comp, 'description') ?? atom(libsource, 'description')],
      ['sheet', atom(child(comp, 'sheetpath'), 'names')],
    ];
    for (const [key, value] of optional) if (value !== undefined && value !== '') component[key] = value;
    return component;
  });
  const nets = children(child(exported, 'nets') ?? [], 'net').map((net) => ({
    code: atom(net, 'code') ?? '',
    name: atom(net, 'name') ?? '',
    nodes: children(net, 'node').map((node) => {
      const entry: NetlistNode = { ref: atom(node, 'ref') ?? '', pin: atom(node, 'pin') ?? '' };
      const pinFunction = atom(node, 'pinfunction');
      const pinType = atom(node, 'pintype');
      if (pinFunction) entry.pinFunction = pinFunction;
      if (pinType) entry.pinType = pinType;
      return entry;
    }),
  }));
  return { components, nets };
}

export function readKicadNetlist(text: string): ReadDocument {
  const netlist = parseKicadNetlist(text);
  if (netlist.components.length === 0 && netlist.nets.length === 0) {
    throw new DocumentReadError('empty', 'This KiCad netlist has no components and no nets.');
  }
  const doc = new DocumentBuilder('kicad_netlist');
  doc.addTable({
    name: 'Components',
    rows: [
      ['Reference', 'Value', 'Footprint', 'Library', 'Part', 'Description', 'Sheet'],
      ...netlist.components.map((c) => [
        c.ref,
        c.value,
        c.footprint ?? '',
        c.lib ?? '',
        c.part ?? '',
        c.description ?? '',
        c.sheet ?? '',
      ]),
    ],
  });
  doc.addTable({
    name: 'Nets',
    rows: [
      ['Net', 'Code', 'Nodes'],
      ...netlist.nets.map((net) => [
        net.name,
        net.code,
        net.nodes.map((n) => `${n.ref}.${n.pin}${n.pinFunction ? ` (${n.pinFunction})` : ''}`).join(', '),
      ]),
    ],
  });
  return doc.build({ netlist });
}
