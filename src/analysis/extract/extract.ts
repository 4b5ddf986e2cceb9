// The built-in extractor: every extractor over every document, then one entity per thing. Mentions
// merge when their normalised names, aliases (acronym ↔ full name, refdes, part number) or external
// ids meet; the type is a vote weighted by how structured the source was; relationships are re-keyed
// to the merged entities and deduplicated with their provenance joined.
import { MentionSink, type EntityMention } from './builder.js';
import { extractAadl, isAadlModel } from './json-aadl.js';
import { fromEaTables, isEaTableExport } from './json-ea.js';
import { fromXmiExport, isXmiExport } from './json-cameo.js';
import { withDictionaryNames } from './json-dictionary.js';
import { throughSystemBoundary } from './json-boundary.js';
import { withKnownKeys } from './json-key-roles.js';
import { extractJsonModel } from './json-model.js';
import { fromGraphRecords, isGraphRecords } from './json-records.js';
import { joinIdentifiersToNames, joinProductByMaker } from './joins-identifiers.js';
import { joinBusesByInitials } from './joins-initials.js';
import { joinInterfacesByEnds } from './joins-interfaces.js';
import { joinNetsToInterfacesByStandard } from './joins-net-prefixes.js';
import { joinTransceiverSides } from './joins-transceivers.js';
import { containFlatBoms } from './bom-owner.js';
import { joinCodedNames } from './joins-coded-names.js';
import { joinTrailingAcronyms } from './joins-trailing-acronyms.js';
import {
  joinAbbreviationsByPartNumber,
  joinNamesByModelCode,
  joinSystemsByModelCode,
} from './joins-model-codes.js';
import {
  joinItemsByWords,
  joinNetsToItems,
  joinPartsByDescription,
  joinRailsByAbbreviation,
  type UnionFind,
} from './joins.js';
import { leaveItemNetsToItems } from './item-lines.js';
import { partsByDesignator } from './part-designators.js';
import { keyValueLists } from './list-tables.js';
import { extractNetlist } from './netlist.js';
import { withoutLinesAtConnectors } from './pin-lines.js';
import { busKind, interfaceKey, mergeKeys, normaliseName } from './normalise.js';
import { extractProse } from './prose.js';
import { defineShortNames } from './short-names.js';
import { extractTable } from './tables.js';
import { withoutFrameTables } from './frames.js';
import { withoutBareProtocolAliases } from './bare-protocols.js';
import { leaveLabelsToTheirParts } from './board-labels.js';
import { leavePairsToItems } from './item-pairs.js';
import { joinRatedNames } from './rated-names.js';
import { interfaceLines, nameInterfacesByLines } from './interface-lines.js';
import { directionViewpoint } from './icd-viewpoint.js';
import { withNodeNames } from './icd-arrows.js';
import {
  ENTITY_TYPES,
  type EntityType,
  type ExtractedModel,
  type ProposedEntity,
  type ProposedRelationship,
  type SourceDocument,
} from './types.js';

export function extractModel(documents: SourceDocument[]): ExtractedModel {
  // A first reading gathers the names the structured documents give, so that a table cell naming
  // "Temperature and Humidity Sensor" is one part, not two, whichever document came first.
  const names = new Set<string>();
  // Which documents name each name: a net only its netlist names is told apart from one an ICD names.
  const namedIn = new Map<string, Set<string>>();
  const structured = (sink: MentionSink, known?: Set<string>): void => {
    for (const { name, doc } of documents) {
      // A netlist's tables are views of its components and nets: read the structure, not the views.
      if (doc.netlist)
        extractNetlist(
          doc.netlist,
          name,
          sink,
          known && ((net) => [...(namedIn.get(normaliseName(net)) ?? [])].some((d) => d !== name)),
        );
      else {
        const { tables, lines } = interfaceLines(
          withNodeNames(withoutFrameTables([...doc.tables, ...keyValueLists(doc.blocks)])),
        );
        const viewpoint = directionViewpoint(doc.blocks);
        tables.forEach((t) => extractTable(t, name, sink, known, viewpoint));
        nameInterfacesByLines(lines, name, sink);
      }
      // An AADL-like export splits types from implementations: its own reading rebuilds the instances.
      if (doc.json !== undefined) {
        const json = isGraphRecords(doc.json)
          ? fromGraphRecords(doc.json)
          : isEaTableExport(doc.json)
            ? fromEaTables(doc.json)
            : isXmiExport(doc.json)
              ? fromXmiExport(doc.json)
              : withDictionaryNames(throughSystemBoundary(withKnownKeys(doc.json)));
        (isAadlModel(json) ? extractAadl : extractJsonModel)(json, name, sink);
      }
    }
  };
  const first = new MentionSink();
  structured(first);
  for (const m of first.entities) {
    // Which of the names are interfaces: a pin-out's line of a bus is told from a signal on it.
    if (m.entityType === 'INTERFACE') names.add(interfaceKey(m.name));
    for (const n of [m.name, ...m.aliases]) {
      names.add(normaliseName(n));
      namedIn.set(
        normaliseName(n),
        (namedIn.get(normaliseName(n)) ?? new Set()).add(m.provenance.documentName),
      );
    }
  }
  const sink = new MentionSink();
  structured(sink, names);
  containFlatBoms(sink, (name, documentName) =>
    [...(namedIn.get(normaliseName(name)) ?? [])].some((d) => d !== documentName),
  );
  // Prose last: names the structured documents gave are recognised even in lower case.
  const known = new Set<string>();
  for (const m of sink.entities) for (const n of [m.name, ...m.aliases]) known.add(normaliseName(n));
  // A JSON model's text is its source code: what it says, its structure says; read as prose, a
  // metadata string ("schema": "Systems Engineering (SE) schema") would define parts.
  for (const { name, doc } of documents)
    if (doc.json === undefined) extractProse(doc.blocks, name, sink, known);
  for (const { name, doc } of documents)
    if (doc.json === undefined && doc.text) defineShortNames(doc.text, name, sink);
  const model = merge(sink);
  for (const d of documents) if (d.id) attachDocumentId(model, d.name, d.id);
  return model;
}

function attachDocumentId(model: ExtractedModel, documentName: string, id: string): void {
  for (const item of [...model.entities, ...model.relationships])
    for (const p of item.provenance) if (p.documentName === documentName) p.documentId = id;
}

function merge(sink: MentionSink): ExtractedModel {
  const mentions = sink.entities;
  partsByDesignator(mentions);
  leaveItemNetsToItems(mentions);
  leavePairsToItems(mentions);
  const parent = mentions.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const byKey = new Map<string, number>();
  const join = (key: string, i: number): void => {
    if (!key) return;
    const j = byKey.get(key);
    if (j === undefined) byKey.set(key, i);
    else parent[find(i)] = find(j);
  };
  mentions.forEach((m, i) => {
    join(normaliseName(m.name), i);
    for (const a of m.aliases) join(normaliseName(a), i);
    for (const k of mergeKeys(m.name, m.entityType)) join(k, i);
    if (m.externalId) join(`#${m.externalId.toUpperCase()}`, i);
    for (const k of m.keys ?? []) join(`\u0001${k}`, i);
  });
  const uf: UnionFind = {
    find,
    union: (a, b) => {
      if (find(a) !== find(b)) parent[find(a)] = find(b);
    },
    indexOf: (name) => byKey.get(normaliseName(name)),
  };
  // Initials first: "DL" standing for the one "Drive Link" is firmer evidence than a shared protocol.
  joinBusesByInitials(mentions, uf);
  joinBusesByProtocol(mentions, find, parent);
  joinRailsByAbbreviation(mentions, uf);
  joinNamesByModelCode(mentions, uf);
  joinSystemsByModelCode(mentions, uf);
  joinAbbreviationsByPartNumber(mentions, uf);
  joinIdentifiersToNames(mentions, uf);
  joinProductByMaker(mentions, uf);
  joinNetsToItems(mentions, sink.relationships, uf);
  joinPartsByDescription(mentions, uf);
  joinRatedNames(mentions, uf);
  joinItemsByWords(mentions, sink.relationships, uf);
  joinInterfacesByEnds(mentions, sink.relationships, uf);
  joinNetsToInterfacesByStandard(mentions, uf);
  joinTransceiverSides(mentions, sink.relationships, uf);
  joinCodedNames(mentions, uf);
  joinTrailingAcronyms(mentions, uf);
  const groups = new Map<number, EntityMention[]>();
  mentions.forEach((m, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), m]);
  });
  const keyOfRoot = new Map<number, string>();
  const entities: ProposedEntity[] = [];
  const used = new Set<string>();
  for (const [root, group] of groups) {
    // A bus, signal or rail is named as the documents name it ("Field Bus", "Flow Meter Pulses"),
    // not by its net label ("RS485", "FLOW_PULSE"), which stays an alias.
    const flowGroup = group.some((m) => FLOW_TYPES.has(m.entityType) && m.weight >= 1);
    const worded = flowGroup
      ? group.filter((m) => m.provenance.extractor !== 'netlist' && m.weight >= 1 && /\s/.test(m.name))
      : [];
    const best = (worded.length ? worded : group).reduce((a, b) => (b.weight > a.weight ? b : a));
    let key = normaliseName(best.name) || best.name.toLowerCase();
    while (used.has(key)) key += "'";
    used.add(key);
    keyOfRoot.set(root, key);
    const names = new Set<string>();
    for (const m of group)
      for (const n of [m.name, ...m.aliases, ...(m.labels ?? [])]) if (n !== best.name) names.add(n);
    const properties: Record<string, string> = {};
    for (const m of group) for (const [k, v] of Object.entries(m.properties)) properties[k] ??= v;
    const externalId = group.find((m) => m.externalId)?.externalId;
    const description = group.find((m) => m.description)?.description;
    entities.push({
      key,
      name: best.name,
      entityType: voteType(group),
      aliases: dedupeNames([...names]).filter((n) => normaliseName(n) !== key || n !== best.name),
      ...(externalId ? { externalId } : {}),
      ...(description ? { description } : {}),
      properties,
      provenance: group.map((m) => m.provenance),
      ...(() => {
        const parentName = group.find((m) => m.parentName)?.parentName;
        return parentName ? { parentName } : {};
      })(),
    });
  }
  withoutBareProtocolAliases(entities);
  leaveLabelsToTheirParts(entities, mentions);
  const keyOf = (name: string): string | undefined => {
    const i = byKey.get(normaliseName(name));
    return i === undefined ? undefined : keyOfRoot.get(find(i));
  };
  for (const e of entities) {
    const withParent = e as ProposedEntity & { parentName?: string };
    const parentKey = withParent.parentName ? keyOf(withParent.parentName) : undefined;
    delete withParent.parentName;
    if (parentKey && parentKey !== e.key) e.parentKey = parentKey;
  }
  // Whatever contains something is an assembly, whatever a leaf-looking source called it.
  const parents = new Set(entities.map((e) => e.parentKey).filter((k): k is string => !!k));
  for (const r of sink.relationships)
    if (r.relationshipType === 'CONTAINS') parents.add(keyOf(r.source) ?? '');
  for (const e of entities)
    if (parents.has(e.key) && e.entityType === 'COMPONENT') e.entityType = 'SUBSYSTEM';
  // The top of the structure (it contains, nothing contains it) that a structured source calls the
  // system is the system, though a BOM listing several top lines called it an assembly.
  const containedKeys = new Set(entities.filter((e) => e.parentKey).map((e) => e.key));
  for (const r of sink.relationships)
    if (r.relationshipType === 'CONTAINS') containedKeys.add(keyOf(r.target) ?? '');
  for (const [root, group] of groups) {
    const e = entities.find((x) => x.key === keyOfRoot.get(root));
    if (!e || e.entityType !== 'SUBSYSTEM' || !parents.has(e.key) || containedKeys.has(e.key)) continue;
    if (group.some((m) => m.entityType === 'SYSTEM' && m.weight >= 2)) e.entityType = 'SYSTEM';
  }
  // An end named only in interface tables ("Site SCADA") is a subsystem by default guess; with no
  // parts and no container anywhere it is a party the product talks to: a component.
  const contained = new Set(entities.filter((e) => e.parentKey).map((e) => e.key));
  for (const r of sink.relationships)
    if (r.relationshipType === 'CONTAINS') contained.add(keyOf(r.target) ?? '');
  for (const [root, group] of groups) {
    const e = entities.find((x) => x.key === keyOfRoot.get(root));
    if (!e || e.entityType !== 'SUBSYSTEM' || parents.has(e.key) || contained.has(e.key)) continue;
    if (group.every((m) => m.entityType !== 'SUBSYSTEM' || m.weight < 1)) e.entityType = 'COMPONENT';
  }
  const typeOfKey = new Map(entities.map((e) => [e.key, e.entityType]));
  const rels = new Map<string, ProposedRelationship>();
  for (const r of sink.relationships) {
    const s = keyOf(r.source);
    const t = keyOf(r.target);
    if (!s || !t || s === t) continue;
    // What is provided or consumed is a resource, signal or interface; "the panel supplies the charger"
    // says which parts are linked, not what flows, so it is not proposed as PROVIDES.
    let relType = r.relationshipType;
    if (relType === 'PROVIDES' || relType === 'CONSUMES') {
      const flowType = typeOfKey.get(t);
      if (flowType && !FLOW_TYPES.has(flowType)) continue;
      // Nor does a signal consume another ("… to U2 and the Right Motor PWM …" read as a recipient):
      // only a part (or an interface's end) provides or consumes.
      if (flowType && FLOW_TYPES.has(flowType) && typeOfKey.get(s) === 'SIGNAL') continue;
      // A line pair listed as a signal that turned out to be a bus: its ends connect to the bus.
      if (flowType === 'INTERFACE') relType = 'CONNECTS';
    }
    // "The Clock Synthesizer drives the Reference Clock": a part that drives or controls a signal
    // produces it; only a part is influenced.
    if (relType === 'INFLUENCES' && typeOfKey.get(t) === 'SIGNAL' && isPart(typeOfKey.get(s)))
      relType = 'PROVIDES';
    // CONNECTS says which interface, signal or rail a part is on. A table row that names two parts
    // and no interface it recognises (a hardwired line, a pin) says what flows, not a link between
    // them; and a connector is where an interface is reached, not a party to one.
    if (
      relType === 'CONNECTS' &&
      isPart(typeOfKey.get(s)) &&
      isPart(typeOfKey.get(t)) &&
      (TABLE_EXTRACTORS.has(r.provenance.extractor) || [s, t].some((k) => CONNECTOR_NAME.test(k)))
    )
      continue;
    const symmetric = relType === 'CONNECTS' && t < s;
    const [a, b] = symmetric ? [t, s] : [s, t];
    const id = `${a}\u0000${relType}\u0000${b}`;
    const existing = rels.get(id);
    if (existing) existing.provenance.push(r.provenance);
    else
      rels.set(id, {
        sourceKey: a,
        targetKey: b,
        relationshipType: relType,
        ...(r.name ? { name: r.name } : {}),
        properties: { ...r.properties },
        provenance: [r.provenance],
      });
  }
  // A direction one document states (X PROVIDES / CONSUMES Y) says more than another's bare
  // connection of the same pair (a netlist pin with no direction): keep the directed one.
  const directed = new Set<string>();
  for (const r of rels.values())
    if (r.relationshipType === 'PROVIDES' || r.relationshipType === 'CONSUMES')
      directed.add([r.sourceKey, r.targetKey].sort().join('\u0000'));
  const relationships = [...rels.values()].filter(
    (r) =>
      r.relationshipType !== 'CONNECTS' ||
      !directed.has([r.sourceKey, r.targetKey].sort().join('\u0000')) ||
      typeOfKey.get(r.sourceKey) === 'INTERFACE' ||
      typeOfKey.get(r.targetKey) === 'INTERFACE',
  );
  return {
    entities,
    relationships: withoutLinesAtConnectors(
      directGeneralPins(relationships, typeOfKey),
      sink.relationships,
      keyOf,
      entities,
    ),
  };
}

/**
 * A general-purpose pin (a GPIO marked bidirectional) on a net whose other ends are passive gives the
 * netlist no direction, but the other documents often do: a signal someone else provides (a pin list's
 * IN, an ICD's sender) is read by the pin, and one only others consume is driven by it.
 */
function directGeneralPins(
  relationships: ProposedRelationship[],
  typeOfKey: Map<string, EntityType>,
): ProposedRelationship[] {
  const ends = (type: string, signal: string): Set<string> =>
    new Set(
      relationships
        .filter((r) => r.relationshipType === type && r.targetKey === signal)
        .map((r) => r.sourceKey),
    );
  const out: ProposedRelationship[] = [];
  const seen = new Set(
    relationships.map((r) => `${r.sourceKey}\u0000${r.relationshipType}\u0000${r.targetKey}`),
  );
  for (const r of relationships) {
    const [part, signal] =
      typeOfKey.get(r.targetKey) === 'SIGNAL' ? [r.sourceKey, r.targetKey] : [r.targetKey, r.sourceKey];
    if (r.relationshipType !== 'CONNECTS' || !r.properties.pin_type || typeOfKey.get(signal) !== 'SIGNAL') {
      out.push(r);
      continue;
    }
    const providers = ends('PROVIDES', signal);
    const consumers = ends('CONSUMES', signal);
    const type =
      providers.size > 0 && !providers.has(part)
        ? 'CONSUMES'
        : providers.size === 0 && consumers.size > 0 && !consumers.has(part)
          ? 'PROVIDES'
          : undefined;
    if (!type) out.push(r);
    else if (!seen.has(`${part}\u0000${type}\u0000${signal}`)) {
      seen.add(`${part}\u0000${type}\u0000${signal}`);
      out.push({ ...r, sourceKey: part, targetKey: signal, relationshipType: type });
    }
  }
  return out;
}

const FLOW_TYPES = new Set<EntityType>(['RESOURCE', 'SIGNAL', 'INTERFACE']);
const TABLE_EXTRACTORS = new Set(['icd_table', 'pin_table', 'bom_table', 'n2_matrix']);
const CONNECTOR_NAME = /\b(connector|plug|socket|receptacle|header|jack)s?$/i;
const isPart = (t: EntityType | undefined): boolean =>
  t === 'SYSTEM' || t === 'SUBSYSTEM' || t === 'COMPONENT';

/** The type most strongly attested: a BOM or netlist outweighs a guess from a prose head noun. */
function voteType(group: EntityMention[]): EntityType {
  // The strongest single source decides; many weak guesses only break ties.
  const score = new Map<EntityType, number>();
  for (const m of group)
    score.set(m.entityType, Math.max(score.get(m.entityType) ?? 0, m.weight) + m.weight / 100);
  return [...ENTITY_TYPES].sort((a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0))[0]!;
}

function dedupeNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((n) => (seen.has(n.toLowerCase()) ? false : (seen.add(n.toLowerCase()), true)));
}

/**
 * A netlist names a bus by its nets ("CAN", "UART4"); an ICD names the same bus by its role ("Vehicle
 * CAN", type "CAN FD"). When exactly one documented interface speaks the netlist bus's protocol, they
 * are the same interface.
 */
function joinBusesByProtocol(mentions: EntityMention[], find: (i: number) => number, parent: number[]): void {
  const protocolOf = (m: EntityMention): string | undefined =>
    busKind(m.name) ?? busKind(m.properties.type ?? '') ?? busKind(m.properties.protocol ?? '');
  const documented = (o: EntityMention): boolean =>
    o.entityType === 'INTERFACE' && o.provenance.extractor !== 'netlist';
  const named = new Set(mentions.flatMap((o, j) => (documented(o) ? [find(j)] : [])));
  // A documented interface a netlist bus already is by name (its initials, or the "GNSS" of the
  // "GNSS UART") is not free for another bus of the same protocol ("N183_TXD/RXD", a second UART) to
  // be by protocol alone; a bus of another protocol may still be its other side (a transceiver's line).
  const claimed = new Map<number, Set<string>>();
  const claim = (root: number, m: EntityMention): void => {
    const p = protocolOf(m);
    if (p) claimed.set(root, (claimed.get(root) ?? new Set()).add(p));
  };
  const byProtocol: number[] = [];
  mentions.forEach((m, i) => {
    if (m.entityType !== 'INTERFACE' || m.provenance.extractor !== 'netlist') return;
    if (named.has(find(i))) claim(find(i), m);
  });
  mentions.forEach((m, i) => {
    if (m.entityType !== 'INTERFACE' || m.provenance.extractor !== 'netlist') return;
    // A bus already joined to a documented interface (by its initials) is that one, not another.
    if (named.has(find(i))) return;
    // A designer's bus prefix ("SPIA", "ENC_BISS") quoted in one interface's name or protocol text
    // ("SPI mode 3 (SPIA)", "BiSS-C") says which interface the nets are.
    // A one- or two-letter lead is a quantity's letter ("I_SENSE": current sense), not the bus's
    // name; the word after it is.
    const words = m.name.split(/[_\s-]/).filter((w) => w);
    const token = (words[0]!.length < 3 && words[1]) || words[0]!;
    const quoting = new Set<number>();
    if (token.length >= 3)
      mentions.forEach((o, j) => {
        const text = [o.name, o.properties.type ?? '', o.properties.protocol ?? ''].join(' ');
        if (documented(o) && new RegExp(`\\b${token}`, 'i').test(text)) quoting.add(find(j));
      });
    quoting.delete(find(i));
    if (quoting.size === 1) {
      parent[find(i)] = [...quoting][0]!;
      claim(find(i), m);
      return;
    }
    byProtocol.push(i);
  });
  for (const i of byProtocol) {
    const m = mentions[i]!;
    if (named.has(find(i))) continue;
    const protocol = protocolOf(m);
    if (!protocol) continue;
    const roots = new Set<number>();
    mentions.forEach((o, j) => {
      if (documented(o) && protocolOf(o) === protocol) roots.add(find(j));
    });
    roots.delete(find(i));
    const [root] = roots;
    if (roots.size === 1 && !claimed.get(root!)?.has(protocol)) parent[find(i)] = root!;
  }
}
