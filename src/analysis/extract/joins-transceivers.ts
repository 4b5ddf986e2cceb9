// A line transceiver (RS-422/485, CAN, LVDS) turns a processor's logic-level link into the line the
// ICD describes: the UART nets from the processor to the transceiver ("SC_UART_TX", "SC_UART_RX")
// carry the same link as the differential pairs from the transceiver to the connector ("SC_TX_P/N").
// Teams name the two sides apart, so a prefix or protocol rarely ties them; the transceiver does. A
// bus only the netlist names, running between one part and a transceiver that sits on exactly one
// interface a document names, is that interface's logic side.
import type { EntityMention, RelationshipMention } from './builder.js';
import { mentionGroups, type UnionFind } from './joins.js';

// An Ethernet PHY is the physical-layer transceiver: its RMII side is the MAC's, its line side the port's.
const TRANSCEIVER =
  /\b(transceivers?|line drivers?|line receivers?|drivers? ?\/ ?receivers?|(ethernet )?phys?)\b/i;

export function joinTransceiverSides(
  mentions: EntityMention[],
  relationships: RelationshipMention[],
  uf: UnionFind,
): void {
  const groups = mentionGroups(mentions, uf);
  const isInterface = (r: number): boolean => groups.get(r)!.some((m) => m.entityType === 'INTERFACE');
  const netlistOnly = (r: number): boolean =>
    groups.get(r)!.every((m) => m.entityType === 'INTERFACE' && m.provenance.extractor === 'netlist');
  // Which parts each interface joins, and which interfaces each part is on.
  const partsOf = new Map<number, Set<number>>();
  const busesOf = new Map<number, Set<number>>();
  for (const rel of relationships) {
    const a = uf.indexOf(rel.source);
    const b = uf.indexOf(rel.target);
    if (a === undefined || b === undefined) continue;
    const [ra, rb] = [uf.find(a), uf.find(b)];
    for (const [bus, part] of [
      [ra, rb],
      [rb, ra],
    ] as const) {
      if (!isInterface(bus) || isInterface(part)) continue;
      partsOf.set(bus, (partsOf.get(bus) ?? new Set()).add(part));
      busesOf.set(part, (busesOf.get(part) ?? new Set()).add(bus));
    }
  }
  const isTransceiver = (r: number): boolean =>
    groups.get(r)!.some((m) => [m.name, ...m.aliases, m.description ?? ''].some((n) => TRANSCEIVER.test(n)));
  const joins: [number, number][] = [];
  for (const [bus, parts] of partsOf) {
    if (!netlistOnly(bus) || parts.size !== 2) continue;
    const transceivers = [...parts].filter(isTransceiver);
    if (transceivers.length !== 1) continue;
    const line = [...busesOf.get(transceivers[0]!)!].filter((b) => b !== bus && !netlistOnly(b));
    if (line.length === 1) joins.push([bus, line[0]!]);
  }
  for (const [a, b] of joins) uf.union(a, b);
}
