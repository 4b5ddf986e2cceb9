// A pin-out that assigns a connector's pins to a coded interface ("IF-S" in its IF column) says the
// nets on those pins are lines of that interface: the connector is an end of the interface, and the
// lines reach it through the interface, not each on its own. A netlist (or the pin-out itself) links
// the connector to every net on its pins; those links are dropped for the lines the pin-out places
// on an interface. Pins it leaves off any interface ("-") keep their link.
import type { RelationshipMention } from './builder.js';
import type { ProposedEntity, ProposedRelationship } from './types.js';

/** The property a pin-out row puts on its connector–line mention: the interface code it is a line of. */
export const LINE_OF_INTERFACE = 'line_of_interface';

export function withoutLinesAtConnectors(
  relationships: ProposedRelationship[],
  mentions: RelationshipMention[],
  keyOf: (name: string) => string | undefined,
  entities: ProposedEntity[],
): ProposedRelationship[] {
  const typeOfKey = new Map(entities.map((e) => [e.key, e.entityType]));
  const pair = (a: string, b: string): string => [a, b].sort().join('\u0000');
  const lines = new Set<string>();
  for (const m of mentions) {
    if (m.relationshipType !== 'CONNECTS' || !m.properties[LINE_OF_INTERFACE]) continue;
    const [a, b] = [keyOf(m.source), keyOf(m.target)];
    // A line that is the interface itself (a bus pair "RS485_A" named as the link) stays linked.
    if (a && b && typeOfKey.get(a) !== 'INTERFACE' && typeOfKey.get(b) !== 'INTERFACE') lines.add(pair(a, b));
  }
  if (lines.size === 0) return relationships;
  const kept = relationships.filter(
    (r) => r.relationshipType !== 'CONNECTS' || !lines.has(pair(r.sourceKey, r.targetKey)),
  );
  return [...kept, ...driversOnInterfaces(kept, mentions, keyOf, entities)];
}

/**
 * The chips beside the connector (on the same board) that drive or read a line of the interface are
 * ends of that interface too: the MCU whose ADC pin is on a harness line is on the harness. Rails
 * are no lines of this kind: a supply pin does not make a chip an end of a harness.
 */
function driversOnInterfaces(
  relationships: ProposedRelationship[],
  mentions: RelationshipMention[],
  keyOf: (name: string) => string | undefined,
  entities: ProposedEntity[],
): ProposedRelationship[] {
  const byKey = new Map(entities.map((e) => [e.key, e]));
  // line → the interfaces it is a line of, each with the board its connector sits on
  const onInterface = new Map<string, { iface: string; board: string }[]>();
  for (const m of mentions) {
    const code = m.properties[LINE_OF_INTERFACE];
    if (m.relationshipType !== 'CONNECTS' || !code) continue;
    const [line, iface] = [keyOf(m.target), keyOf(code)];
    const board = byKey.get(keyOf(m.source) ?? '')?.parentKey;
    if (!line || !iface || !board) continue;
    if (byKey.get(line)?.entityType !== 'SIGNAL' || byKey.get(iface)?.entityType !== 'INTERFACE') continue;
    onInterface.set(line, [...(onInterface.get(line) ?? []), { iface, board }]);
  }
  const key = (a: string, t: string, b: string): string => `${a}\u0000${t}\u0000${b}`;
  const seen = new Set(relationships.map((r) => key(r.sourceKey, r.relationshipType, r.targetKey)));
  const out: ProposedRelationship[] = [];
  for (const r of relationships) {
    if (r.relationshipType !== 'PROVIDES' && r.relationshipType !== 'CONSUMES') continue;
    const chip = byKey.get(r.sourceKey);
    if (chip?.entityType !== 'COMPONENT') continue;
    for (const { iface, board } of onInterface.get(r.targetKey) ?? []) {
      if (chip.parentKey !== board) continue;
      const [a, b] = [r.sourceKey, iface].sort() as [string, string];
      if (seen.has(key(a, 'CONNECTS', b))) continue;
      seen.add(key(a, 'CONNECTS', b));
      out.push({
        sourceKey: a,
        targetKey: b,
        relationshipType: 'CONNECTS',
        properties: {},
        provenance: r.provenance,
      });
    }
  }
  return out;
}
