// Tables: classify each by its header (BOM, interface table, signal list, power allocation, pin
// allocation, N² matrix) and turn rows into mentions. Classification is by column roles, not by the
// table's caption, so an unnamed sheet works as well as a captioned Markdown table.
import type { DocumentTable } from '../documents/types.js';
import type { MentionSink } from './builder.js';
import { extractBom } from './bom.js';
import { endpoint, extractDiagonalN2, extractN2, findDiagonalN2, isN2Matrix } from './n2.js';
import { findHeader, roleOf, splitList, type ColumnRole } from './columns.js';
import { isGroundName, isPowerName, isRefdes } from './normalise.js';
import type { Provenance } from './types.js';

export type Prov = (row: number, extractor: string) => Provenance;

export function extractTable(table: DocumentTable, documentName: string, sink: MentionSink): void {
  const prov: Prov = (row, extractor) => ({ documentName, location: { ...table.location, row }, extractor });
  if (isN2Matrix(table.rows)) return extractN2(table.rows, prov, sink);
  const diagonal = findDiagonalN2(table.rows);
  if (diagonal) return extractDiagonalN2(diagonal, prov, sink);
  if (isKeyValue(table.rows)) return extractKeyValue(table, prov, sink);
  const header = findHeader(table.rows);
  if (!header) return;
  const col = header.columns;
  const body = table.rows.slice(header.index + 1).map((cells, i) => ({ cells, row: header.index + 2 + i }));
  const get = (cells: string[], role: ColumnRole): string => {
    const c = col.get(role);
    return c === undefined ? '' : (cells[c] ?? '').replace(/[*`]/g, '').trim();
  };
  if (col.has('refdes') || col.has('mpn') || col.has('qty'))
    return extractBom(body, get, (row) => prov(row, 'bom_table'), sink);
  if (col.has('signal') && (col.has('endA') || col.has('endB') || col.has('consumer'))) {
    const sinkRole: ColumnRole = col.has('endB') ? 'endB' : 'consumer';
    for (const { cells, row } of body) {
      const signal = get(cells, 'signal');
      // The return (GND) is listed for its pins; it is not a rail anything provides or consumes.
      if (!signal || isGroundName(signal)) continue;
      const p = prov(row, 'icd_table');
      const type = isPowerName(signal) ? 'RESOURCE' : 'SIGNAL';
      const name = sink.entity(signal, type, p, { properties: { rate: get(cells, 'rate') } });
      for (const s of splitList(get(cells, 'endA'))) sink.relate(endpoint(s, p, sink), name, 'PROVIDES', p);
      for (const d of splitList(get(cells, sinkRole))) sink.relate(endpoint(d, p, sink), name, 'CONSUMES', p);
    }
    return;
  }
  if (col.has('rail') && (col.has('consumer') || col.has('power') || col.has('name') || col.has('endB'))) {
    const consumerRole: ColumnRole = col.has('consumer') ? 'consumer' : col.has('name') ? 'name' : 'endB';
    for (const { cells, row } of body) {
      const p = prov(row, 'icd_table');
      const rail = get(cells, 'rail');
      const consumer = get(cells, consumerRole);
      if (!rail || !consumer || /^total/i.test(consumer)) continue;
      const railName = sink.entity(rail, 'RESOURCE', p);
      sink.relate(endpoint(consumer, p, sink), railName, 'CONSUMES', p);
      const source = col.has('endA') ? get(cells, 'endA') : '';
      for (const s of splitList(source)) sink.relate(endpoint(s, p, sink), railName, 'PROVIDES', p);
    }
    return;
  }
  if (col.has('endA') && col.has('endB')) {
    for (const { cells, row } of body) {
      const p = prov(row, 'icd_table');
      const a = get(cells, 'endA');
      const b = get(cells, 'endB');
      if (!a || !b) continue;
      const ifaceCell = get(cells, 'interface') || get(cells, 'name');
      const kind = get(cells, 'ifaceType');
      if (ifaceCell && !/^[A-Z]{1,4}-?\d+$/.test(ifaceCell)) {
        const power = isPowerName(ifaceCell) || /power/i.test(kind);
        const iface = sink.entity(ifaceCell, power ? 'RESOURCE' : 'INTERFACE', p, {
          properties: { type: kind },
        });
        for (const s of splitList(a))
          sink.relate(endpoint(s, p, sink), iface, power ? 'PROVIDES' : 'CONNECTS', p);
        for (const d of splitList(b))
          sink.relate(endpoint(d, p, sink), iface, power ? 'CONSUMES' : 'CONNECTS', p);
        // A "Physical"/"Connector" column names the connectors the interface runs through.
        for (const ref of splitList(get(cells, 'connector')))
          if (isRefdes(ref))
            sink.relate(sink.entity(ref, 'COMPONENT', p, { weight: 0.3 }), iface, 'CONNECTS', p);
      } else {
        for (const s of splitList(a))
          for (const d of splitList(b))
            sink.relate(endpoint(s, p, sink), endpoint(d, p, sink), 'CONNECTS', p, kind);
      }
    }
    return;
  }
  if (col.has('pin') && col.has('signal')) {
    for (const { cells, row } of body) {
      const signal = get(cells, 'signal');
      if (!signal || isGroundName(signal) || /^(nc|n\/c|spare|reserved|-)$/i.test(signal)) continue;
      sink.entity(signal, isPowerName(signal) ? 'RESOURCE' : 'SIGNAL', prov(row, 'pin_table'));
    }
  }
}

/** A two-column property table ("Property | Value"): one interface described per table. */
function isKeyValue(rows: string[][]): boolean {
  const head = rows[0] ?? [];
  return (
    head.filter((c) => c.trim()).length === 2 &&
    /^(property|field|parameter|attribute|key|item|characteristic)$/i.test(head[0]!.trim())
  );
}

function extractKeyValue(table: DocumentTable, prov: Prov, sink: MentionSink): void {
  const values = new Map<string, { value: string; row: number }>();
  table.rows.slice(1).forEach((r, i) => {
    const role = roleOf(r[0] ?? '');
    if (role && r[1]?.trim() && !values.has(role)) values.set(role, { value: r[1].trim(), row: i + 2 });
  });
  const a = values.get('endA');
  const b = values.get('endB');
  // The table's caption or heading names the interface; without both ends it is not an interface table.
  const title = (table.name ?? '')
    .replace(/^(interface|if)\s*[:\-–]\s*/i, '')
    .replace(/^[\d.]+\s+/, '')
    .trim();
  if (!a || !b || !title) return;
  const kind = values.get('ifaceType')?.value ?? '';
  const p = prov(a.row, 'icd_table');
  const power = isPowerName(title) || /\bpower\b/i.test(kind);
  const iface = sink.entity(title, power ? 'RESOURCE' : 'INTERFACE', p, { properties: { type: kind } });
  for (const s of splitList(a.value))
    sink.relate(endpoint(s, p, sink), iface, power ? 'PROVIDES' : 'CONNECTS', p);
  for (const d of splitList(b.value))
    sink.relate(endpoint(d, p, sink), iface, power ? 'CONSUMES' : 'CONNECTS', p);
}
