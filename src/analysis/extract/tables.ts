// Tables: classify each by its header (BOM, interface table, signal list, power allocation, pin
// allocation, N² matrix) and turn rows into mentions. Classification is by column roles, not by the
// table's caption, so an unnamed sheet works as well as a captioned Markdown table.
import { pairHalfOf, unitsOfPinEnds, wireListFunction } from './unit-pin-ends.js';
import type { DocumentTable } from '../documents/types.js';
import type { MentionSink } from './builder.js';
import { extractBom, sectionRow } from './bom.js';
import { parentPositionColumns, parentPositionsToItems } from './bom-parent.js';
import { assemblyPathColumn, pathsToParents } from './bom-path.js';
import { sheetTitleRow } from './bom-sheets.js';
import { treeColumn, treeLevels } from './bom-tree.js';
import { extractSideSheet, sideHeader } from './icd-sides.js';
import { isItemNet } from './icd-via.js';
import { extractInterfaceList, isInterfaceList } from './icd-interface-list.js';
import { carriedItems, isInterfaceSummary } from './icd-summary.js';
import { itemsByDescription } from './dictionary-descriptions.js';
import { labelled } from './n2-cells.js';
import { endpoint, extractDiagonalN2, extractN2, findDiagonalN2, n2HeaderRow } from './n2.js';
import { findHeader, splitList as splitCell, type ColumnRole } from './columns.js';
import { withArrowEnds, withLetteredEnds } from './icd-arrows.js';
import { withPeerEnds } from './icd-peer.js';
import { namesTheItem } from './bus-line-nets.js';
import { endNames } from './end-parts.js';
import { withWireEnds } from './wire-ends.js';
import { extractKeyValue, keyValueBody } from './key-value-tables.js';
import { extractPinList, pinListColumns } from './pin-list.js';
import { linesOfCodedInterfaces } from './pin-codes.js';
import {
  carrierName,
  carrierProtocols,
  connectorPins,
  connectorRefs,
  isMediumAtConnector,
  netNames,
  sharedNetNames,
} from './icd-cells.js';
import { extractBusLineTable } from './bus-line-tables.js';
import { busKind, isBareProtocol, isGroundName, isPowerName, isRefdes, normaliseName } from './normalise.js';
import type { Provenance } from './types.js';

export type Prov = (row: number, extractor: string) => Provenance;

/** "A ↔ B", "A <-> B", "A -> B, C", "A to B", "A - B": the two ends of a one-cell pair. */
export function splitEnds(cell: string): [string, string] {
  const m =
    /^(.+?)\s*(?:↔|⇄|⇔|<->|<=>|<>|->|→|=>|—|–)\s*(.+)$/.exec(cell.trim()) ??
    /^(.+?)\s+(?:-|to|and|\/)\s+(.+)$/i.exec(cell.trim()) ??
    // "A; B; C": the parties of a bus, one list; the first end and the others.
    /^([^;]+?)\s*;\s*(.+)$/.exec(cell.trim());
  return m ? [m[1]!.trim(), m[2]!.trim()] : ['', ''];
}

/** A sheet's title block as the labelled row that opens its section (see bom-sheets.ts). */
function sheetTitleOpener(
  preamble: string[][],
  sectioned: boolean,
): { cells: string[]; row: number } | undefined {
  const cells = sectioned ? sheetTitleRow(preamble) : undefined;
  return cells && { cells, row: 1 };
}

export function extractTable(
  table: DocumentTable,
  documentName: string,
  sink: MentionSink,
  known?: Set<string>,
  /** The unit the document's direction columns are seen from, when its text says (icd-viewpoint.ts). */
  viewpoint?: string,
): void {
  const splitList = (cell: string): string[] => splitCell(cell, known);
  const prov: Prov = (row, extractor) => ({ documentName, location: { ...table.location, row }, extractor });
  const n2Header = n2HeaderRow(table.rows);
  if (n2Header >= 0) return extractN2(table.rows, prov, sink, known, n2Header);
  const diagonal = findDiagonalN2(table.rows);
  if (diagonal) return extractDiagonalN2(diagonal, prov, sink, known);
  if (sideHeader(table.rows)) return extractSideSheet(table, prov, sink, known);
  const record = keyValueBody(table.rows);
  if (record !== undefined) return extractKeyValue(table, record, prov, sink, known);
  const arrowed =
    withWireEnds(table.rows) ??
    withArrowEnds(table.rows) ??
    withLetteredEnds(table.rows) ??
    withPeerEnds(table.rows, viewpoint);
  if (arrowed) table = { ...table, rows: arrowed };
  const header = findHeader(table.rows);
  if (!header) return;
  const col = header.columns;
  wireListFunction(header.cells, col);
  let bodyRows = table.rows.slice(header.index + 1);
  // "+-- VST-1100", "|   +-- VST-1101": a product tree drawn in front of the item numbers is the level.
  const tree = col.has('level') || col.has('group') ? undefined : treeColumn(bodyRows);
  if (tree !== undefined) {
    const width = Math.max(...table.rows.map((r) => r.length));
    bodyRows = treeLevels(bodyRows, tree, width);
    col.set('level', width);
  }
  // "Find No. | Parent Find No.": the parent's position read as its item number, a Parent column.
  const positions = col.has('level') || col.has('group') ? undefined : parentPositionColumns(header.cells);
  if (positions && (col.has('mpn') || col.has('refdes'))) {
    bodyRows = parentPositionsToItems(
      bodyRows,
      positions,
      col.get('mpn'),
      col.get('name') ?? col.get('description'),
    );
    col.set('group', positions.parent);
  }
  // "Assembly Path: CE-2 > Steam Boiler Assembly": the path's last step is the line's container.
  const path = col.has('level') || col.has('group') ? undefined : assemblyPathColumn(header.cells, bodyRows);
  if (path !== undefined) {
    bodyRows = pathsToParents(bodyRows, path);
    col.set('group', path);
  }
  bodyRows = unitsOfPinEnds(header.cells, bodyRows);
  const body = bodyRows.map((cells, i) => ({ cells, row: header.index + 2 + i }));
  const get = (cells: string[], role: ColumnRole): string => {
    const c = col.get(role);
    return c === undefined ? '' : (cells[c] ?? '').replace(/[*`]/g, '').trim();
  };
  if (col.has('refdes') || col.has('mpn') || col.has('qty')) {
    // A BOM listed assembly by assembly opens its first section above the column header; one with
    // levels or a parent column names its top line in the list itself.
    const sectioned = !col.has('level') && !col.has('group');
    const opener =
      table.rows
        .slice(0, header.index)
        .map((cells, i) => ({ cells, row: i + 1 }))
        .filter(({ cells }) => sectioned && sectionRow(cells))
        .pop() ?? sheetTitleOpener(table.rows.slice(0, header.index), sectioned);
    const raw = (cells: string[], role: ColumnRole): string => {
      const c = col.get(role);
      return c === undefined ? '' : (cells[c] ?? '').replace(/[*`]/g, '').trimEnd();
    };
    return extractBom(opener ? [opener, ...body] : body, get, (row) => prov(row, 'bom_table'), sink, raw);
  }
  if (isInterfaceList(col, header.cells))
    return extractInterfaceList(body, header.cells, get, (row) => prov(row, 'icd_table'), sink);
  // "Connects: A ↔ B": both ends in one cell become the two end columns.
  if (col.has('ends') && !col.has('endA') && !col.has('endB')) {
    const width = Math.max(...table.rows.map((r) => r.length));
    for (const { cells } of body) {
      const [a, b] = splitEnds(cells[col.get('ends')!] ?? '');
      cells[width] = a;
      cells[width + 1] = b;
    }
    col.set('endA', width);
    col.set('endB', width + 1);
  }
  // A pin-out names each pin's net in its "Name" column.
  if (!col.has('signal') && col.has('pin') && col.has('name')) {
    col.set('signal', col.get('name')!);
    col.delete('name');
  }
  // "Name | Source | Destination | Carried On": items travelling on an interface, named by "Name".
  if (!col.has('signal') && col.has('name') && col.has('endA') && col.has('endB') && col.has('interface')) {
    col.set('signal', col.get('name')!);
    col.delete('name');
  }
  // An Item column with its producer and consumer names items, whether or not a Via column says what
  // carries them.
  if (!col.has('signal') && col.has('endA') && col.has('endB')) dataDictionary(header.cells, col);
  if (!col.has('signal') && col.has('endA') && col.has('endB'))
    itemsByDescription(header.cells, bodyRows, col);
  // "Interface | End A | End B | Signals": links and what they carry, read as an interface table.
  // "ID | Name | Type | From | To | Rate": telecommands and telemetry listed under their link's
  // heading are the items the link carries; a rate says so (an interface list has none).
  if (!col.has('signal') && col.has('name') && col.has('endA') && col.has('endB') && col.has('rate')) {
    col.set('signal', col.get('name')!);
    col.delete('name');
  }
  if (
    col.has('signal') &&
    extractBusLineTable(
      header.cells,
      body,
      table.name ?? table.location.section,
      get,
      splitList,
      (end, p) => endpoint(end, p, sink),
      (row) => prov(row, 'icd_table'),
      sink,
    )
  )
    return;
  if (isInterfaceSummary(header.cells, col)) {
    carriedItems(body, get, (row) => prov(row, 'icd_table'), sink);
    col.delete('signal');
  }
  if (col.has('signal') && (col.has('endA') || col.has('endB') || col.has('consumer'))) {
    const sinkRole: ColumnRole = col.has('endB') ? 'endB' : 'consumer';
    const rows = body.filter(({ cells }) => {
      const signal = get(cells, 'signal');
      // The return (GND) is listed for its pins; it is not a rail anything provides or consumes.
      if (!signal || isGroundName(signal) || /^(-+|—|nc|n\/c|spare|reserved)$/i.test(signal)) return false;
      // "Battery return" on net GND is the return under another label.
      if (isGroundName(get(cells, 'net'))) return false;
      // A bus line ("CANH") with no sender or receiver is a wire of the bus its row names, not an item.
      const ends = get(cells, 'endA') + get(cells, 'endB') + get(cells, 'consumer');
      return !(busKind(signal) && !/[A-Za-z]{2}/.test(ends));
    });
    const carriers = carrierProtocols(
      rows.map(({ cells }) => [get(cells, 'interface'), get(cells, 'ifaceType')]),
    );
    const pinUsers = new Map<string, Set<string>>();
    for (const { cells } of rows)
      for (const pin of connectorPins(get(cells, 'net')))
        pinUsers.set(pin, (pinUsers.get(pin) ?? new Set()).add(get(cells, 'signal').toLowerCase()));
    // "Lock Command; Window Command": one row, several items.
    const items = rows.flatMap(({ cells, row }) =>
      get(cells, 'signal')
        .split(/\s*[;\n]\s*/)
        .filter((signal) => signal && !isGroundName(signal))
        .map((signal) => ({ cells, row, signal })),
    );
    const shared = sharedNetNames(rows.map(({ cells }) => [get(cells, 'signal'), get(cells, 'net')]));
    // "Pin | Net | Signal": the signal column taken is the net, and the signal named in words stands
    // beside it; the words are the same item's name, which the model and the prose use.
    const signalColumn = col.get('signal')!;
    const wordedColumn = /^(net|net name)$/i.test(header.cells[signalColumn]?.trim() ?? '')
      ? header.cells.findIndex((c, i) => i > signalColumn && /^signal( name)?$/i.test(c.trim()))
      : -1;
    const viaUses = new Map<string, number>();
    for (const { cells } of rows) {
      const via = get(cells, 'interface');
      viaUses.set(via, (viaUses.get(via) ?? 0) + 1);
    }
    for (const { cells, row, signal: cell } of items) {
      const p = prov(row, 'icd_table');
      const kind = get(cells, 'ifaceType');
      // "48V Bus (+48V)": the item and its net label.
      const { name: labelledName, alias: label } = labelled(cell);
      // "Drum Position A+", "Winch Drive Link RX-": one wire of a pair is the item (or the link) the
      // pair carries; a wire list gives each half its own row.
      const { whole: signal, link: halfOfLink } = pairHalfOf(labelledName);
      if (halfOfLink) {
        const link = sink.entity(signal, 'INTERFACE', p, { aliases: [cell] });
        for (const e of [...splitList(get(cells, 'endA')), ...splitList(get(cells, sinkRole))])
          sink.relate(endpoint(e, p, sink), link, 'CONNECTS', p);
        continue;
      }
      const type =
        isPowerName(signal) ||
        (!!label && isPowerName(label)) ||
        /^(dc )?power\b/i.test(kind) ||
        col.get('rail') === col.get('signal')
          ? 'RESOURCE'
          : 'SIGNAL';
      const via = get(cells, 'interface');
      const itemNet = isItemNet(via, viaUses.get(via) ?? 0);
      const carrier = itemNet ? undefined : carrierName(via);
      const netCell = get(cells, 'net');
      const pins = connectorPins(netCell);
      // The schematic pins a row names are the net (or, for a carried item, the bus) it travels on,
      // so the item meets the netlist's net there — when those pins carry nothing else in the list.
      const ownPins = !carrier && pins.length === 1 && pinUsers.get(pins[0]!)!.size === 1 ? pins : [];
      const name = sink.entity(signal, type, p, {
        // A bare protocol in the cell ("SSI frame") names the medium, not the item's net.
        aliases: [
          ...netNames(netCell).filter(
            (n) =>
              (!carrier || normaliseName(n) !== normaliseName(carrier)) &&
              !isBareProtocol(n) &&
              namesTheItem(n) &&
              !shared.has(n),
          ),
          label,
          itemNet ? via : undefined,
          wordedColumn >= 0 ? cells[wordedColumn]?.trim() || undefined : undefined,
        ],
        keys: ownPins,
        properties: { rate: get(cells, 'rate'), type: kind },
      });
      const sources = splitList(get(cells, 'endA')).map((s) => endpoint(s, p, sink));
      const targets = splitList(get(cells, sinkRole)).map((d) => endpoint(d, p, sink));
      for (const s of sources) sink.relate(s, name, 'PROVIDES', p);
      for (const d of targets) sink.relate(d, name, 'CONSUMES', p);
      // "DC+ / DC- (X301)": a connector named whole, not by a pin, is where the item leaves the unit.
      // "Carried on: discrete (J4)": so is the connector a hardwired line's medium cell names.
      for (const ref of [
        ...wholeConnectors(netCell),
        ...(isMediumAtConnector(via) ? wholeConnectors(via) : []),
      ])
        sink.relate(sink.entity(ref, 'COMPONENT', p, { weight: 0.3 }), name, 'CONNECTS', p);
      if (!carrier || type === 'RESOURCE') continue;
      // "Carried On": the interface the item travels on; both ends are on it.
      const iface = sink.entity(carrier, 'INTERFACE', p, {
        keys: pins,
        properties: { protocol: carriers.get(carrier) },
        weight: 1.5,
      });
      for (const e of [...sources, ...targets]) sink.relate(e, iface, 'CONNECTS', p);
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
      // The return ("Ground" on GND) is listed for its pins: nothing provides or consumes it.
      if (isGroundName(rail) || isGroundName(get(cells, 'net'))) continue;
      // "3V3 Rail (+3V3)": the rail and its net label, as a signal list writes an item and its net.
      const { name: railWords, alias: railNet } = labelled(rail);
      // A Net column beside the supply's name is the net label that carries it ("24VAC Supply" | "24VAC").
      const netCell = get(cells, 'net') || get(cells, 'signal');
      // A dash ("-") there says the supply has no net on the board, not that it is called "-".
      const net =
        netCell && !isGroundName(netCell) && !/\s/.test(netCell) && !/^(-+|—|n\/a|none)$/i.test(netCell)
          ? netCell
          : undefined;
      const railName = sink.entity(railWords, 'RESOURCE', p, { aliases: [railNet, net] });
      for (const c of splitList(consumer)) sink.relate(endpoint(c, p, sink), railName, 'CONSUMES', p);
      // A power budget's totals row has no provider; a PDF that runs it into the row above leaves
      // "I/O Regulator (U6) Total at 12 V" in the provider's cell: the total is not part of the name.
      const source = col.has('endA') ? get(cells, 'endA').replace(/(?<=\S)\s+total\b.*$/i, '') : '';
      for (const s of splitList(source).filter((x) => !isPremisesSupply(x)))
        sink.relate(endpoint(s, p, sink), railName, 'PROVIDES', p);
    }
    return;
  }
  if (col.has('endA') && col.has('endB')) {
    const codeColumn = header.cells.findIndex((c) => /^(code|if code|interface code)$/i.test(c.trim()));
    for (const { cells, row } of body) {
      const p = prov(row, 'icd_table');
      const a = get(cells, 'endA');
      const b = get(cells, 'endB');
      if (!a || !b) continue;
      const ifaceCell = get(cells, 'interface') || get(cells, 'name');
      const kind = get(cells, 'ifaceType');
      if (ifaceCell && !/^[A-Z]{1,4}-?\d+$/.test(ifaceCell)) {
        const power = isPowerName(ifaceCell) || /power/i.test(kind);
        // Its code ("IF-S", in an Id or a Code column) is how pin-outs and signal tables name it.
        const code = /^[A-Z]{1,4}-[A-Z0-9]{1,4}$/.exec(
          get(cells, 'ifaceId') || (cells[codeColumn] ?? '').trim(),
        )?.[0];
        const iface = sink.entity(ifaceCell, power ? 'RESOURCE' : 'INTERFACE', p, {
          properties: { type: kind },
          aliases: [code],
        });
        for (const s of splitList(a).flatMap(endNames))
          sink.relate(endpoint(s, p, sink), iface, power ? 'PROVIDES' : 'CONNECTS', p);
        for (const d of splitList(b).flatMap(endNames))
          sink.relate(endpoint(d, p, sink), iface, power ? 'CONSUMES' : 'CONNECTS', p);
        // A "Physical"/"Connector" column names the connectors the interface runs through.
        for (const ref of connectorRefs(splitList(get(cells, 'connector'))))
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
    const pinList = pinListColumns(header.cells);
    if (pinList)
      return extractPinList(
        body,
        get,
        pinList,
        (row) => prov(row, 'pin_table'),
        sink,
        viewpoint,
        table.name,
        known,
      );
    const lines = linesOfCodedInterfaces(body, get, (row) => prov(row, 'pin_table'), sink);
    for (const { cells, row } of body) {
      const signal = get(cells, 'signal');
      if (!signal || isGroundName(signal) || /^(nc|n\/c|spare|reserved|-)$/i.test(signal)) continue;
      if (lines.has(signal)) continue;
      // "A (D+) | RS485_A", "24 V | +24V", "0 V | GND": a line table's rows on a bus line, a rail or the
      // return are the wires of that bus or supply, which the rest of the document names.
      const net = get(cells, 'net');
      if (net && (isGroundName(net) || busKind(net))) continue;
      // The supply a link carries is its rail, named by its net.
      if (net && isPowerName(net)) {
        sink.entity(net, 'RESOURCE', prov(row, 'pin_table'));
        continue;
      }
      if (net && /^[+-]?\d+(\.\d+)?\s*v(ac|dc)?$/i.test(signal)) continue;
      sink.entity(signal, isPowerName(signal) ? 'RESOURCE' : 'SIGNAL', prov(row, 'pin_table'));
    }
  }
}

/**
 * Data dictionaries list items, not links: "Item | Producer | Consumer(s) | Medium". With a producer and
 * a consumer column and no signal or interface column, a column headed Item names the item (it is no
 * id column here), and the Medium column names what carries it.
 */
function dataDictionary(header: string[], col: Map<ColumnRole, number>): void {
  const clean = header.map((c) => c.replace(/[*`]/g, '').trim());
  const item = clean.findIndex((c) => /^(items?|data items?|item names?|tag names?)$/i.test(c));
  if (item < 0) return;
  col.set('signal', item);
  for (const role of ['ifaceId', 'name'] as const) if (col.get(role) === item) col.delete(role);
  const medium = clean.findIndex((c) => /^(medium|media|transport medium)$/i.test(c));
  if (medium >= 0 && !col.has('interface')) col.set('interface', medium);
}

/** Designators in parentheses that name a connector whole ("(X301)"), not one of its pins. */
function wholeConnectors(cell: string): string[] {
  return [...cell.matchAll(/\(\s*([A-Z]{1,3}\d{1,4})\s*\)/g)].map((m) => m[1]!).filter(isRefdes);
}

/**
 * "Site supply", "building mains", "utility grid": a supply's source named as the premises' own is
 * where the product is plugged in, not a part of it (a "Site Controller" is a unit, and is not this).
 */
export const isPremisesSupply = (source: string): boolean =>
  /^((the\s+)?(site|facility|building|plant|utility|customer|public)\s+(supply|mains|power|ac|feed|grid|network)|(utility\s+)?grid|mains)$/i.test(
    source.trim(),
  );
