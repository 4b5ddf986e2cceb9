// An interface list with no end columns ("ID | Interface | Medium | Connector | Lines"): the ends are
// given elsewhere (an N² matrix, the model); the list says each interface's id, the connector it runs
// through and the nets that are its lines. The nets are names of the interface, not items of their
// own, and outweigh a netlist's reading of a lone net as a signal, as a connector ICD's pinout does.
import type { MentionSink } from './builder.js';
import type { ColumnRole } from './columns.js';
import { expandNets } from './list-tables.js';
import { labelled } from './n2-cells.js';
import { isRefdes } from './normalise.js';
import type { Provenance } from './types.js';

const LINES_HEADER = /^(lines|nets|net names|wires|conductors|signal lines|circuits)$/i;

/** "Lines", "Nets", "Wires": a header (or a property's key) that lists an interface's lines. */
export const isLinesHeader = (header: string): boolean =>
  LINES_HEADER.test(header.replace(/[*`]/g, '').trim());

/** The column of an interface's lines, by its header. */
export function linesColumn(header: string[]): number | undefined {
  const c = header.findIndex(isLinesHeader);
  return c >= 0 ? c : undefined;
}

/** Applies when the table names interfaces, and says nothing of ends, items or pins. */
export function isInterfaceList(col: Map<ColumnRole, number>, header: string[]): boolean {
  return (
    col.has('interface') &&
    (col.has('connector') || linesColumn(header) !== undefined) &&
    !(['endA', 'endB', 'ends', 'signal', 'pin', 'consumer', 'rail'] as const).some((r) => col.has(r))
  );
}

export function extractInterfaceList(
  body: { cells: string[]; row: number }[],
  header: string[],
  get: (cells: string[], role: ColumnRole) => string,
  prov: (row: number) => Provenance,
  sink: MentionSink,
): void {
  const lines = linesColumn(header);
  for (const { cells, row } of body) {
    const name = get(cells, 'interface');
    if (!name || !/[A-Za-z]{2}/.test(name)) continue;
    const p = prov(row);
    const nets = lines === undefined ? [] : expandNets((cells[lines] ?? '').trim());
    const iface = sink.entity(name, 'INTERFACE', p, {
      aliases: [get(cells, 'ifaceId') || undefined, ...nets],
      properties: { type: get(cells, 'ifaceType') },
      weight: nets.length >= 2 ? 2.5 : 1.5,
    });
    // "Tether Connector (J1)", "J1": the connector the interface runs through is on it.
    for (const piece of get(cells, 'connector').split(/\s*[,;]\s*/)) {
      const { name: part, alias } = labelled(piece);
      if (!part) continue;
      const ref = isRefdes(part) ? part : alias && isRefdes(alias) ? alias : undefined;
      if (!ref) continue;
      const unit = sink.entity(part, 'COMPONENT', p, { aliases: [alias], weight: 0.3 });
      sink.relate(unit, iface, 'CONNECTS', p);
    }
  }
}
