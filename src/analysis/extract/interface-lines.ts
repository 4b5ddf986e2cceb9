// A connector ICD lists its interfaces ("ID | Interface | Endpoints | Connector") and then each
// connector's pinout ("Pin | Signal | Net | From | To"). A pin on a connector the interface list
// assigns to an interface, running between that interface's endpoints (or naming the interface
// itself as its end, "IF-01"), is one of the interface's lines: "PHASE_U" on the motor connector is a
// wire of the Motor Phase Link, "CAN_H" one of the CAN bus. The line's net is a name of the interface,
// not an item of its own; rails and returns through the same connector stay items.
import type { MentionSink } from './builder.js';
import { findHeader, splitList } from './columns.js';
import { connectorRefs } from './icd-cells.js';
import { isGroundName, isPowerName, isRefdes, normaliseName } from './normalise.js';
import type { DocumentTable } from '../documents/types.js';

interface Listed {
  name: string;
  /** The interface's own names (its name, its id) and its endpoints, normalised. */
  self: Set<string>;
  ends: Set<string>;
  connectors: Set<string>;
}
interface Line {
  iface: string;
  names: string[];
  table: DocumentTable;
  row: number;
}

// "Motor Control MCU (U1)": the designator in brackets is the same part.
const endKey = (cell: string): string => normaliseName(cell.replace(/\s*\([^)]*\)\s*$/, ''));

function interfaceList(table: DocumentTable): Listed[] {
  const header = findHeader(table.rows);
  const col = header?.columns;
  if (!header || !col?.has('interface') || !col.has('connector')) return [];
  const endCols = (['ends', 'endA', 'endB'] as const).map((r) => col.get(r)).filter((c) => c !== undefined);
  if (endCols.length === 0) return [];
  const cell = (r: string[], c: number | undefined): string => (c === undefined ? '' : (r[c] ?? '').trim());
  return table.rows.slice(header.index + 1).flatMap((r) => {
    const name = cell(r, col.get('interface'));
    if (!name) return [];
    const ends = endCols.flatMap((c) => cell(r, c).split(/\s*[;,]\s*/)).filter((e) => e);
    const connectors = connectorRefs(splitList(cell(r, col.get('connector'))));
    return [
      {
        name,
        self: new Set([name, cell(r, col.get('ifaceId'))].filter((x) => x).map(normaliseName)),
        ends: new Set(ends.map(endKey)),
        connectors: new Set(connectors.map((c) => c.toUpperCase())),
      },
    ];
  });
}

/** The interface whose connector the table's caption names ("3.2 J2 Motor Phase Connector"). */
function interfaceOf(table: DocumentTable, listed: Listed[]): Listed | undefined {
  const refs = (table.name ?? '').split(/[\s(),]+/).filter(isRefdes);
  const hits = listed.filter((l) => refs.some((r) => l.connectors.has(r.toUpperCase())));
  return hits.length === 1 ? hits[0] : undefined;
}

/**
 * The document's tables with the interfaces' lines taken out of the pinouts, and those lines, so the
 * caller can give their nets to the interfaces as names.
 */
export function interfaceLines(tables: DocumentTable[]): { tables: DocumentTable[]; lines: Line[] } {
  const listed = tables.flatMap(interfaceList);
  if (listed.length === 0) return { tables, lines: [] };
  const lines: Line[] = [];
  const out = tables.map((table) => {
    const iface = interfaceOf(table, listed);
    const header = iface ? findHeader(table.rows) : undefined;
    const col = header?.columns;
    if (!iface || !header || !col?.has('pin') || !col.has('endA') || !col.has('endB')) return table;
    const cell = (r: string[], role: 'endA' | 'endB' | 'signal' | 'net'): string => {
      const c = col.get(role);
      return c === undefined ? '' : (r[c] ?? '').trim();
    };
    const onInterface = (end: string): boolean =>
      end.split(/\s*,\s*/).every((e) => iface.self.has(normaliseName(e)) || iface.ends.has(endKey(e)));
    const keep = table.rows.filter((r, i) => {
      if (i <= header.index) return true;
      const [a, b] = [cell(r, 'endA'), cell(r, 'endB')];
      const names = [cell(r, 'net'), cell(r, 'signal')].filter((n) => n && !/^(-|–|—)$/.test(n));
      if (!a || !b || names.length === 0 || names.some((n) => isPowerName(n) || isGroundName(n))) return true;
      if (!onInterface(a) || !onInterface(b)) return true;
      // The net is what the other documents call the line; the pin's label is only its caption.
      lines.push({ iface: iface.name, names: names.slice(0, 1), table, row: i + 1 });
      return false;
    });
    return keep.length === table.rows.length ? table : { ...table, rows: keep };
  });
  return { tables: out, lines };
}

/**
 * Gives each line's net to its interface as a name. The ICD states which interface the net is a line
 * of, which outweighs the netlist's reading of a lone named net as a signal (weight 2).
 */
export function nameInterfacesByLines(lines: Line[], documentName: string, sink: MentionSink): void {
  for (const { iface, names, table, row } of lines)
    sink.entity(
      iface,
      'INTERFACE',
      { documentName, location: { ...table.location, row }, extractor: 'icd_table' },
      { aliases: names, weight: 2.5 },
    );
}
