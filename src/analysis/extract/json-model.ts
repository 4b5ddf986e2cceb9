// Block-model JSON exports: elements become entities with containment (by nesting or by an owner
// reference), connectors and interface usages become CONNECTS (through the interface when it is
// named), item flows and functional exchanges PROVIDES/CONSUMES of the item, dependencies DEPENDS_ON.
// Two passes: the first classifies every object and indexes ids, so references by id (to parts, to
// ports, to owners, to definitions) resolve wherever they are declared.
import type { MentionSink } from './builder.js';
import {
  CHILD_REFS_KEY,
  CONNECTOR_KEYS,
  DEP_KEYS,
  FLOW_KEYS,
  ID_KEY,
  ITEM_KEY,
  NAME_KEY,
  OWNER_KEY,
  PORT_KEYS,
  RELATION_KEYS,
  SKIP_KEYS,
  SOURCE_KEY,
  TARGET_KEY,
  TYPED_BY_KEY,
  field,
  hasEnds,
  isFolderName,
  FOLDER_LIST_KEYS,
  isExportRecord,
  isIdMap,
  isObj,
  kindText,
  relationKindOf,
  str,
} from './json-walk.js';
import { contextBlocks } from './json-context.js';
import { NOT_A_THING_KIND, allocationOf, edgeMeaning, idText, itemNature, withFacts } from './json-graph.js';
import { foldUsagesIntoTypes, type Element, type Port } from './json-usages.js';
import {
  CLASS_OF,
  EXTERNAL_KEYS,
  FUNCTION_LIST_KEYS,
  ITEM_LIST_KEYS,
  LISTED_EXTERNAL,
  LISTED_FUNCTION,
  LISTED_ITEM,
  entityTypeOf,
  isClassGroups,
  isExternal,
  kindOf,
} from './json-kinds.js';
import { deploymentHosts, isHostedSoftware } from './json-hosted-software.js';
import { partsDrawnFirst } from './json-part-first.js';
import { PROPERTY_VALUE_KEYS } from './json-property-values.js';
import { isTaggedValue } from './json-tagged-values.js';
import { portTypeBlocks } from './json-port-types.js';
import { namesInterface, relate } from './json-relate.js';
import { isPowerName, splitAcronym } from './normalise.js';
import type { Provenance } from './types.js';

type Obj = Record<string, unknown>;

/** A kind that names a piece of hardware, never a folder of the model. */
const HARDWARE_KIND = /\b(assembly|sub-?assembly|part|component|subsystem|lru|unit|equipment|device)\b/;

export function extractJsonModel(json: unknown, documentName: string, sink: MentionSink): void {
  const p: Provenance = { documentName, location: {}, extractor: 'json_model' };
  const byId = new Map<string, Element | Port | Obj>();
  const byName = new Map<string, Element>();
  const elements: Element[] = [];
  const ports: Port[] = [];
  const relations: { o: Obj; kind: string }[] = [];
  // Ids as each container declares them: paths ("wp3/pcu/mcu") name a member within its owner.
  const scoped = new Map<Element | undefined, Map<string, Element | Port>>();
  // Software deployed on parts (json-hosted-software.ts): its id and the ports it declares.
  const hosts = deploymentHosts(json);
  const software = new Map<string, Port[]>();
  let inSoftware: Port[] | undefined;

  const visit = (o: Obj, container: Element | undefined, arrayKey: string, keyId?: string): void => {
    // A name–value pair is a property of the element that holds it (json-tagged-values.ts).
    if (isTaggedValue(o)) return;
    // In a map keyed by id ("blocks": {"blk-100": {…}}) the key is the member's id.
    const id = idText(field(o, ID_KEY)) ?? keyId;
    const name = str(field(o, NAME_KEY));
    // The list an object is a member of says what it is before anything is read from it: a function
    // listed under "functions" is behaviour on the first reading as on any other.
    if (EXTERNAL_KEYS.test(arrayKey)) LISTED_EXTERNAL.add(o);
    if (ITEM_LIST_KEYS.test(arrayKey)) LISTED_ITEM.add(o);
    if (FUNCTION_LIST_KEYS.test(arrayKey)) LISTED_FUNCTION.add(o);
    const kind = kindOf(o);
    let self = container;
    const statedRelation = relationKindOf(o);
    // A named member of a class group ("Link": [{"name": "CAN Bus"}]) is a thing of that class.
    const classedThing = CLASS_OF.has(o) && !!name && !hasEnds(o);
    // A member of a ports list is a port whatever its kind word says: Capella's component port says
    // "kind": "FLOW" (what it passes), which on a relation would make it a flow.
    const listedPort = PORT_KEYS.test(arrayKey) && !hasEnds(o);
    if (
      !classedThing &&
      (RELATION_KEYS.test(arrayKey) ||
        CONNECTOR_KEYS.test(arrayKey) ||
        FLOW_KEYS.test(arrayKey) ||
        DEP_KEYS.test(arrayKey))
    ) {
      const fromKey = DEP_KEYS.test(arrayKey)
        ? 'dependencies'
        : FLOW_KEYS.test(arrayKey)
          ? 'flows'
          : CONNECTOR_KEYS.test(arrayKey)
            ? 'connectors'
            : undefined;
      relations.push({ o, kind: statedRelation ?? fromKey ?? 'connectors' });
      if (id) byId.set(id, o);
      return;
    } else if ((statedRelation && !listedPort) || (hasEnds(o) && !name)) {
      relations.push({ o, kind: statedRelation ?? (field(o, ITEM_KEY) ? 'flows' : 'connectors') });
      if (id) byId.set(id, o);
      return;
    } else if (/port/.test(kind) || PORT_KEYS.test(arrayKey)) {
      const port: Port = { o, ...(container ? { owner: container } : {}) };
      ports.push(port);
      inSoftware?.push(port);
      if (id) (scoped.get(container) ?? scoped.set(container, new Map()).get(container)!).set(id, port);
      if (id) byId.set(id, port);
      return;
    } else if (isHostedSoftware(o, hosts)) {
      // Not a part: what it declares is walked as the enclosing part's, and its ports are given to
      // the part it is deployed on once every element is known.
      const declared: Port[] = [];
      if (id) software.set(id, declared);
      const outer = inSoftware;
      inSoftware = declared;
      for (const [k, v] of Object.entries(o)) {
        if (SKIP_KEYS.test(k) || OWNER_KEY.test(k) || PROPERTY_VALUE_KEYS.test(k)) continue;
        if (isObj(v)) visit(v, container, k);
        else if (Array.isArray(v)) v.filter(isObj).forEach((c) => visit(c, container, k));
      }
      inSoftware = outer;
      return;
    } else if (/definition/.test(kind) || NOT_A_THING_KIND.test(kind.trim())) {
      if (id) byId.set(id, o); // a type: what its usages are, not a thing of its own
      return;
    } else if (
      name &&
      // "Sensor Package" of kind "assembly" is hardware that happens to be called a package; a
      // folder's kind says so or says nothing.
      !(isFolderName(name) && !field(o, OWNER_KEY) && !HARDWARE_KIND.test(kind)) &&
      !isExportRecord(o) &&
      !FOLDER_LIST_KEYS.test(arrayKey) &&
      !/\b(package|namespace|library|folder|diagram|view)\b/.test(kind) &&
      // The export's root ("@type": "Model") and a context block (the system and the parties around
      // it) hold the product; neither is a part of it.
      !/^((uml|sysml):)?model$|\bcontext\b/.test(kind)
    ) {
      const el: Element = { o, name, ...(container ? { nestedIn: container } : {}), children: [] };
      if (id) (scoped.get(container) ?? scoped.set(container, new Map()).get(container)!).set(id, el);
      elements.push(el);
      if (id) byId.set(id, el);
      byName.set(name, el);
      self = el;
    }
    const idMap = isIdMap(o);
    const classes = isClassGroups(o);
    for (const [k, v] of Object.entries(o)) {
      // Property values (see json-property-values.ts) are facts about this element, read with its facts.
      if (SKIP_KEYS.test(k) || OWNER_KEY.test(k) || PROPERTY_VALUE_KEYS.test(k)) continue;
      if (classes && Array.isArray(v)) v.filter(isObj).forEach((c) => CLASS_OF.set(c, k));
      // A map's members are what the map's own key says they are (blocks, links), keyed by id.
      if (idMap && isObj(v)) visit(v, self, arrayKey, k);
      else if (isObj(v)) visit(v, self, k);
      else if (Array.isArray(v)) v.filter(isObj).forEach((c) => visit(c, self, k));
    }
  };
  if (Array.isArray(json)) json.filter(isObj).forEach((o) => visit(o, undefined, ''));
  else if (isObj(json)) visit(json, undefined, '');

  const refId = (ref: unknown): string | undefined => {
    if (Array.isArray(ref)) return refId(ref[0]);
    if (isObj(ref)) {
      // A connector end given as a property path (["_station", "_enclosure", "_board"]) names the
      // deepest part; one given as a role reference names that part.
      const path = field(ref, /^(propertyPath|partPath|rolePath|path)$/i);
      if (Array.isArray(path) && path.length > 0) return refId(path[path.length - 1]);
      // A dotted path from the context ("drive.leftWheel.motor") is resolved step by step.
      if (typeof path === 'string' && path.trim()) return path.trim();
      const role = field(ref, /^(roleRef|partRef|elementRef|role|partWithPort)$/i);
      if (role !== undefined) return refId(role);
      return idText(field(ref, /^(@id|id|ref|block|part|element|component|owner|name)$/i));
    }
    return idText(ref);
  };
  const asElement = (hit: Element | Port | Obj | undefined): Element | undefined =>
    hit && 'children' in hit
      ? (hit as Element)
      : hit && 'o' in hit && !('name' in hit)
        ? (hit as Port).owner
        : undefined;
  /**
   * "wp3/pcu/canx:bus", "context/tc", "EPS.power_out": a path of ids, each within the one before. The
   * part it names is the deepest element the path reaches (a port stands for its owner); segments that
   * name no element (an array's name, a port the export never declared) are passed over.
   */
  const byPath = (path: string): Element | undefined => {
    let scope: Element | undefined;
    let found: Element | undefined;
    for (const seg of path.split(/::|[.:/]/).filter((x) => x)) {
      const local = scope ? (scoped.get(scope)?.get(seg) ?? ownedByType(scope, seg)) : undefined;
      const hit = asElement(
        local ?? (scope ? undefined : (scoped.get(undefined)?.get(seg) ?? byId.get(seg) ?? byName.get(seg))),
      );
      if (!hit) continue;
      found = hit;
      scope = hit;
    }
    return found;
  };
  /**
   * A SysML v2 path "cv40.cabinet.plc" steps from a usage to the usages its definition owns: "cabinet"
   * is owned by the definition "cv40" is typed by ("owningType": "def-CV40"), not by "cv40" itself.
   */
  const owned = new Map<string, Map<string, Element>>();
  for (const el of elements) {
    const owner = idText(field(el.o, OWNER_KEY));
    if (owner) (owned.get(owner) ?? owned.set(owner, new Map()).get(owner)!).set(el.name, el);
  }
  const ownedByType = (usage: Element, seg: string): Element | undefined => {
    const type = idText(field(usage.o, TYPED_BY_KEY));
    return (
      (type ? owned.get(type)?.get(seg) : undefined) ??
      owned.get(idText(field(usage.o, ID_KEY)) ?? '')?.get(seg)
    );
  };
  /** The definition a usage is typed by ("rack" : "BR-50 Battery Storage Rack"), when it is one. */
  const definitionOf = (el: Element): Obj | undefined => {
    const typedBy = byId.get(refId(field(el.o, TYPED_BY_KEY)) ?? '');
    return isObj(typedBy) && !('children' in typedBy) ? typedBy : undefined;
  };
  const definitionName = (el: Element): string => str(field(definitionOf(el) ?? {}, NAME_KEY)) ?? '';
  // A context block (see json-context.ts) holds the system and the parties around it, no part of either.
  // An interface block typing ports is what they carry, not an interface (json-port-types.ts).
  for (const el of portTypeBlocks(
    elements,
    ports,
    relations.map((r) => r.o),
  )) {
    elements.splice(elements.indexOf(el), 1);
    const id = idText(field(el.o, ID_KEY));
    if (id) byId.set(id, el.o);
    if (byName.get(el.name) === el) byName.delete(el.name);
  }
  const contexts = contextBlocks(elements, definitionName);
  for (const el of elements) if (el.nestedIn && contexts.has(el.nestedIn)) delete el.nestedIn;
  elements.splice(0, elements.length, ...elements.filter((el) => !contexts.has(el)));
  /** The element a reference stands for: an element, the owner of a port, or a "Block.port" path. */
  const element = (ref: unknown): Element | undefined => {
    const id = refId(ref);
    if (!id) return undefined;
    const hit = asElement(byId.get(id) ?? byName.get(id)) ?? byPath(id);
    return hit && contexts.has(hit) ? undefined : hit;
  };
  /** The name of what a reference points at: an element, or a definition ("payloadType": {"@id"}). */
  const declaredName = (ref: unknown): string | undefined => {
    const el = element(ref);
    if (el) return el.name;
    const hit = byId.get(refId(ref) ?? '');
    return isObj(hit) && !('children' in hit) ? str(field(hit, NAME_KEY)) : undefined;
  };
  // Ports declared flat ("PortUsage" with an owner) belong to their owner.
  for (const port of ports) port.owner ??= element(field(port.o, OWNER_KEY));
  // Software's ports are the ports of the part it is deployed on (else of the part holding it), and
  // a reference to the software stands for that part.
  for (const [id, declared] of software) {
    const host = element(hosts.get(id));
    if (!host) continue;
    for (const port of declared) port.owner = host;
    byId.set(id, host);
  }
  foldUsagesIntoTypes(elements, byId, byName, scoped, element);
  // "children": ["blk-110", …]: containment by a list of ids rather than by nesting.
  const listedIn = new Map<Element, Element>();
  for (const el of elements) {
    const refs = field(el.o, CHILD_REFS_KEY);
    if (!Array.isArray(refs)) continue;
    for (const ref of refs) {
      // "children": ["blk-110"] or [{"@id": "blk-110"}]: references, not nested elements.
      const child =
        typeof ref === 'string' || (isObj(ref) && field(ref, NAME_KEY) === undefined)
          ? element(ref)
          : undefined;
      if (child && child !== el && !listedIn.has(child)) listedIn.set(child, el);
    }
  }
  // A graph export's whole–part edges ("rel": "composedOf") say containment as a list of ids does.
  const wholePart = relations.filter((r) => {
    const meaning = edgeMeaning(kindText(r.o));
    return typeof meaning === 'object' && meaning.type === 'CONTAINS' && !meaning.reversed;
  });
  const drawnFromPart = partsDrawnFirst(
    wholePart.map((r) => [refId(field(r.o, SOURCE_KEY)) ?? '', refId(field(r.o, TARGET_KEY)) ?? '']),
  );
  for (const r of relations) {
    const meaning = edgeMeaning(kindText(r.o));
    if (typeof meaning !== 'object' || meaning.type !== 'CONTAINS') continue;
    // EA names a connector's ends client and supplier and draws a whole–part line from the part to the
    // whole, so its composition's client is the part (see json-ea.ts); so do exports that call the
    // ends source and target, which the edges' shape tells (partsDrawnFirst).
    const partFirst = meaning.reversed || field(r.o, /^client$/i) !== undefined || drawnFromPart;
    const [whole, part] = partFirst
      ? [element(field(r.o, TARGET_KEY)), element(field(r.o, SOURCE_KEY))]
      : [element(field(r.o, SOURCE_KEY)), element(field(r.o, TARGET_KEY))];
    if (whole && part && whole !== part && !listedIn.has(part)) listedIn.set(part, whole);
  }
  for (const el of elements) {
    const owner = field(el.o, OWNER_KEY);
    const stated = owner !== undefined ? element(owner) : undefined;
    // An external party listed beside the system's blocks is outside it, whatever array holds it.
    el.parent = stated ?? (isExternal(el.o, kindOf(el.o)) ? undefined : (el.nestedIn ?? listedIn.get(el)));
    el.parent?.children.push(el);
  }
  const depth = (el: Element): number => (el.parent ? 1 + depth(el.parent) : 0);
  // What a flow conveys is a signal or a resource, even when the export only calls it a classifier.
  const conveyed = new Set<Element>();
  for (const r of relations) {
    const items = field(r.o, ITEM_KEY);
    for (const ref of Array.isArray(items) ? items : [items]) {
      const el = typeof ref === 'string' ? element(ref) : undefined;
      if (el) conveyed.add(el);
    }
  }
  const roots = elements.filter(
    (el) => !el.parent && el.children.length > 0 && !isExternal(el.o, kindOf(el.o)),
  ).length;
  const usesOf = new Map<Obj, number>();
  for (const el of elements) {
    const def = definitionOf(el);
    if (def) usesOf.set(def, (usesOf.get(def) ?? 0) + 1);
  }
  for (const el of elements) {
    const defName = definitionName(el);
    const kind = `${kindOf(el.o)} ${defName.toLowerCase()}`;
    // "rack" : "BR-50 Battery Storage Rack": a usage named by its role, typed by a definition used
    // nowhere else, is the thing the definition names in words; the role name is an alias.
    const role = isRoleName(el.name) && /\s/.test(defName) && usesOf.get(definitionOf(el)!) === 1;
    const { name, acronym } = splitAcronym(role ? defName : el.name);
    const facts = withFacts(el.o);
    // An item's own type may say its nature ("type": "Energy" in an "Item" class group).
    const nature = itemNature(
      kind,
      `${str(field(facts, /^(nature|itemKind|item_kind|flowKind|medium)$/i)) ?? ''} ${kindText(el.o)}`.toLowerCase(),
    );
    // An exchanged item named as a rail or a battery bus is energy, whatever its mechanism says.
    const energy = nature === 'SIGNAL' && (isPowerName(name) || /\b(power|energy|supply|rail)\b/i.test(name));
    let type =
      (energy ? 'RESOURCE' : nature) ??
      entityTypeOf(el.o, kind, el.children.length > 0, depth(el), roots === 1);
    if (conveyed.has(el) && (type === 'COMPONENT' || type === 'SUBSYSTEM'))
      type = isPowerName(name) || /\b(power|energy|supply|rail)\b/i.test(name) ? 'RESOURCE' : 'SIGNAL';
    el.name = sink.entity(name, type, p, {
      aliases: [
        role ? el.name : undefined,
        acronym,
        str(field(facts, /^(shortName|short_name|abbreviation|acronym|alias|declaredShortName|summary)$/i)),
        // A designator names the part on the board, as the BOM and the netlist name it.
        str(field(facts, /^(designators?|refdes|ref_des|reference_designators?)$/i)),
        // A profile's part number (System Composer's "StereotypeProperties") is the number the BOM
        // line for the part carries, so both readings meet. (A plain "partNumber" field is left to
        // the names: with it, skerry's unit takes its BOM line's longer name.)
        stereotypePartNumber(el.o),
      ],
      // A part labelled by an abbreviation ("PA") is told by its part number, which the BOM line that
      // spells the name out ("RF Power Amplifier") carries too (see joinAbbreviationsByPartNumber).
      properties: /^[A-Z][A-Z0-9]{1,4}$/.test(name)
        ? { part_number: str(field(el.o, /^(pn|p\/n|partNumber|part_number|partNo|part_no)$/i)) }
        : {},
      description: str(field(el.o, /^(description|doc|documentation|comment)$/i)),
      parentName: el.parent?.name,
      weight: 2.5,
    });
  }
  for (const el of elements) if (el.parent) sink.relate(el.parent.name, el.name, 'CONTAINS', p);
  // Functions allocated to parts: a function's id → the parts that perform it.
  const performers = new Map<string, string[]>();
  for (const r of relations) {
    const end = allocationOf(kindText(r.o));
    if (!end) continue;
    const [fn, part] =
      end === 'source'
        ? [field(r.o, SOURCE_KEY), field(r.o, TARGET_KEY)]
        : [field(r.o, TARGET_KEY), field(r.o, SOURCE_KEY)];
    const id = refId(fn);
    const by = element(part)?.name;
    if (id && by && !element(fn)) performers.set(id, [...(performers.get(id) ?? []), by]);
  }
  // Or as a list on the part ("allocatedFunctions": ["PF-11", "PF-12"]).
  for (const el of elements) {
    const fns = field(el.o, /^(allocated_?functions|performs|performed_?functions)$/i);
    for (const fn of Array.isArray(fns) ? fns : []) {
      const id = refId(fn);
      if (id && !element(fn)) performers.set(id, [...(performers.get(id) ?? []), el.name]);
    }
  }
  /** The parts an end stands for: the element itself, or the parts performing the function it names. */
  const parties = (ref: unknown): string[] => {
    const el = element(ref)?.name;
    return el ? [el] : (performers.get(refId(ref) ?? '') ?? []);
  };
  // An exchange a physical link carries ("allocatedComponentExchanges": ["ce-1"]) is what runs over
  // the link, which is the interface: when it convoys items, it is a flow of them, whatever it is named.
  const carried = new Set(
    relations.flatMap((r) => {
      const refs = field(r.o, /^allocated_?component_?exchanges$/i);
      return Array.isArray(refs) ? refs.map(refId).filter((x): x is string => !!x) : [];
    }),
  );
  for (const r of relations) {
    const id = idText(field(r.o, ID_KEY));
    if (id && carried.has(id) && field(r.o, ITEM_KEY) !== undefined) r.kind = 'flows';
  }
  // Whether the model names interfaces on its connectors: then its unnamed ones are plain wires.
  const namesLinks = relations.some((r) => r.kind === 'connectors' && namesInterface(r.o));
  for (const r of relations) relate(r.o, r.kind, element, parties, declaredName, p, sink, namesLinks);
}

function stereotypePartNumber(o: Obj): string | undefined {
  const values = field(o, /^stereotypeProperties$/i);
  return isObj(values) ? str(field(values, /^(partNumber|part_number|itemNumber|item_number)$/i)) : undefined;
}

/** "rack", "mainBoard", "power_unit": a role a part plays in its owner, not the part's name in words. */
const isRoleName = (name: string): boolean => /^[a-z][A-Za-z0-9_]*$/.test(name);
