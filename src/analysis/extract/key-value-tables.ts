// ICDs written one interface at a time give each as a two-column table of its properties: under a
// "Property | Value" header, or with no header at all, the keys down the first column ("Interface ID |
// IF-01", "Name | Spacecraft Link", "End A | ...", "Lines | ..."). Either way it is one record, the
// same as one row of an interface list turned on its side.
import type { DocumentTable } from '../documents/types.js';
import type { MentionSink } from './builder.js';
import { roleOf, splitList as splitCell } from './columns.js';
import { isLinesHeader } from './icd-interface-list.js';
import { expandNets } from './list-tables.js';
import { endpoint } from './n2.js';
import { isPowerName } from './normalise.js';
import type { Prov } from './tables.js';

const KEY_HEADER = /^(property|field|parameter|attribute|key|item|characteristic)$/i;

/**
 * The index of the first property row when the table is one interface's properties: 1 under a
 * "Property | Value" header; 0 when the keys start at once, which needs every row to be a key and a
 * value and both ends among the keys (a header-less two-column table is otherwise anything).
 */
export function keyValueBody(rows: string[][]): number | undefined {
  const filled = (r: string[]): string[] => r.filter((c) => c.trim());
  const head = rows[0] ?? [];
  if (filled(head).length === 2 && KEY_HEADER.test(head[0]!.trim())) return 1;
  const body = rows.filter((r) => filled(r).length > 0);
  if (body.length < 3 || body.some((r) => filled(r).length > 2 || !r[0]?.trim())) return undefined;
  const roles = new Set(body.map((r) => roleOf(r[0]!)));
  return roles.has('endA') && roles.has('endB') ? 0 : undefined;
}

export function extractKeyValue(
  table: DocumentTable,
  first: number,
  prov: Prov,
  sink: MentionSink,
  known?: Set<string>,
): void {
  const splitList = (cell: string): string[] => splitCell(cell, known);
  const rows = table.rows
    .slice(first)
    .map((r, i) => ({ key: r[0] ?? '', value: (r[1] ?? '').trim(), row: first + i + 1 }));
  const values = new Map<string, { value: string; row: number }>();
  for (const { key, value, row } of rows) {
    const role = roleOf(key);
    if (role && value && !values.has(role)) values.set(role, { value, row });
  }
  const a = values.get('endA');
  const b = values.get('endB');
  // The record's own Name says what the interface is called; otherwise the table's caption or heading
  // names it. A section numbered and id'd ("2 IF-01 Tow Link") names it after the id, an alias.
  const caption = (table.name ?? '')
    .replace(/^(interface|if)\s*[:\-–]\s*/i, '')
    .replace(/^[\d.]+\s+/, '')
    .trim();
  const captionId = /^([A-Z]{1,4}-\d{1,3})\s+(\S.*)$/.exec(caption);
  const title =
    first === 0 && values.get('name') ? values.get('name')!.value : captionId ? captionId[2]! : caption;
  const id = first === 0 ? values.get('ifaceId')?.value : captionId?.[1];
  if (!a || !b || !title) return;
  const kind = values.get('ifaceType')?.value ?? '';
  const p = prov(a.row, 'icd_table');
  const power = isPowerName(title) || /\bpower\b/i.test(kind);
  // "Board nets: TOW_TX+/-, TOW_RX+/-", "Lines: SC_TX_P / SC_TX_N": the schematic names of its lines
  // are its aliases.
  const nets = rows
    .filter(({ key }) => /\bnets?\b/i.test(key) || isLinesHeader(key))
    .flatMap(({ value }) => expandNets(value));
  const iface = sink.entity(title, power ? 'RESOURCE' : 'INTERFACE', p, {
    properties: { type: kind },
    aliases: [id, ...nets],
    // Nets the ICD names as its lines are lines of this interface, whatever the netlist's guess
    // from each net alone (a signal per net).
    ...(nets.length >= 2 ? { weight: 2.5 } : {}),
  });
  // "Ethernet Switch (port 8, in the TPU)": a remark in brackets is no part of the end's name.
  const ends = (cell: string): string[] => splitList(cell.replace(/\s*\([^()]*\s[^()]*\)/g, ''));
  for (const s of ends(a.value)) sink.relate(endpoint(s, p, sink), iface, power ? 'PROVIDES' : 'CONNECTS', p);
  for (const d of ends(b.value)) sink.relate(endpoint(d, p, sink), iface, power ? 'CONSUMES' : 'CONNECTS', p);
  // "Carried by: Tow Cable W1, pairs A and B" / "J3 (Sensor Connector)": the cable or connector it
  // runs through is on it too; lower-case words ("on board", "towfish loom") name nothing.
  const carrier = values.get('interface')?.value ?? '';
  for (const part of carrier.split(/\s*[,;]\s*/)) {
    const ref = /^([A-Z]{1,3}\d{1,3})\s*\(([^()]+)\)$/.exec(part);
    const name = ref ? ref[2]!.trim() : part.replace(/\s+[A-Z]{1,3}\d{1,3}$/, '').trim();
    if (!/^[A-Z]/.test(name) || !/[a-z]/.test(name)) continue;
    const unit = sink.entity(name, 'COMPONENT', p, { aliases: [ref?.[1]], weight: 0.4 });
    sink.relate(unit, iface, 'CONNECTS', p);
  }
}
