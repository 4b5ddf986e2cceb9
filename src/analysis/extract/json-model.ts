// SysML-like JSON exports: blocks and parts become entities with containment, connectors become
// CONNECTS, item flows PROVIDES/CONSUMES, dependencies DEPENDS_ON. Tools name the same thing many ways
// (parts/children/ownedElements, source/from/client), so keys are matched by pattern, not exact name.
import type { MentionSink } from './builder.js';
import { isPowerName, splitAcronym } from './normalise.js';
import type { EntityType, Provenance } from './types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

const CHILD_KEYS =
  /^(blocks?|parts?|children|elements|ownedElements|owned_elements|components|subsystems|sub_systems|members|items|nodes|modules|assemblies|subBlocks|systems?|units)$/i;
const CONNECTOR_KEYS = /^(connectors?|connections?|links?|interfaces?|wires?|associations?)$/i;
const FLOW_KEYS = /^(item_?flows?|itemFlows?|flows?|dataFlows?|data_flows?|signals?|power_?flows?)$/i;
const RELATION_KEYS = /^(relationships|relations|edges|links|ownedRelationships)$/i;
const DEP_KEYS = /^(dependencies|dependency|depends_?on|dependsOn|requires)$/i;
const SKIP_KEYS =
  /^(ports?|flowPorts|proxyPorts|properties|attributes|values|requirements|constraints|stereotypes?|metadata|meta|author|owners?|documents?)$/i;

function field(o: Obj, re: RegExp): unknown {
  for (const [k, v] of Object.entries(o)) if (re.test(k)) return v;
  return undefined;
}

function entityTypeOf(o: Obj, hasChildren: boolean, depth: number): EntityType {
  // Tools split the kind over several fields ("kind": "Block", "stereotype": "system"): read them all.
  const kind = Object.entries(o)
    .filter(([k]) =>
      /^(type|kind|stereotype|stereotypes|category|elementType|element_type|metaclass|_type|@type)$/i.test(k),
    )
    .map(([, v]) => (Array.isArray(v) ? v.join(' ') : String(v)))
    .join(' ')
    .toLowerCase();
  if (/subsystem|assembly/.test(kind)) return 'SUBSYSTEM';
  if (/system/.test(kind)) return depth === 0 ? 'SYSTEM' : 'SUBSYSTEM';
  if (/interface|bus/.test(kind)) return 'INTERFACE';
  if (/resource|power|energy/.test(kind)) return 'RESOURCE';
  if (/signal|data|message/.test(kind)) return 'SIGNAL';
  if (/component|part|device|unit/.test(kind)) return hasChildren ? 'SUBSYSTEM' : 'COMPONENT';
  if (depth === 0 && hasChildren) return 'SYSTEM';
  return hasChildren ? 'SUBSYSTEM' : 'COMPONENT';
}

export function extractJsonModel(json: unknown, documentName: string, sink: MentionSink): void {
  const p: Provenance = { documentName, location: {}, extractor: 'json_model' };
  const byId = new Map<string, string>();
  const deferred: { o: Obj; owner?: string }[] = [];

  const resolve = (ref: unknown): string | undefined => {
    if (isObj(ref)) return resolve(field(ref, /^(block|part|owner|element|component|ref|id|name)$/i));
    const s = str(ref);
    if (!s) return undefined;
    if (byId.has(s)) return byId.get(s);
    const head = s.split(/[.:]/)[0]!; // "EPS.power_out" → the block "EPS"
    return byId.get(head) ?? head;
  };

  const visit = (o: Obj, depth: number, parent: string | undefined): void => {
    const nameRaw = str(field(o, /^(name|title|label|declaredName)$/i));
    const children = Object.entries(o).filter(([k, v]) => CHILD_KEYS.test(k) && Array.isArray(v));
    let self = parent;
    if (nameRaw) {
      const { name, acronym } = splitAcronym(nameRaw);
      const hasChildren = children.some(([, v]) => (v as unknown[]).some(isObj));
      // Depth counts named ancestors only: wrapper objects and arrays do not make a block less top-level.
      self = sink.entity(name, entityTypeOf(o, hasChildren, parent ? depth : 0), p, {
        aliases: [acronym, str(field(o, /^(shortName|short_name|abbreviation|acronym|alias)$/i))],
        description: str(field(o, /^(description|doc|documentation|comment)$/i)),
        parentName: parent,
        weight: 2.5,
      });
      const id = str(field(o, /^(id|@id|uuid|xmi:id|_id)$/i));
      if (id) byId.set(id, self);
      byId.set(nameRaw, self);
      if (parent) sink.relate(parent, self, 'CONTAINS', p);
    }
    for (const [k, v] of Object.entries(o)) {
      if (SKIP_KEYS.test(k)) continue;
      // A wrapper object ({"model": {...}}) or a single child block: walk into it.
      if (isObj(v) && (CHILD_KEYS.test(k) || /^(model|root|system|package|content|data)$/i.test(k))) {
        visit(v, nameRaw ? depth + 1 : depth, self);
        continue;
      }
      if (!Array.isArray(v)) continue;
      if (CHILD_KEYS.test(k)) v.filter(isObj).forEach((c) => visit(c, depth + 1, self));
      else if (RELATION_KEYS.test(k))
        v.filter(isObj).forEach((c) => deferred.push({ o: { ...c, __kind: relationKind(c) }, owner: self }));
      else if (CONNECTOR_KEYS.test(k) || FLOW_KEYS.test(k) || DEP_KEYS.test(k))
        v.filter(isObj).forEach((c) => deferred.push({ o: { ...c, __kind: k }, owner: self }));
    }
  };
  if (Array.isArray(json)) json.filter(isObj).forEach((o) => visit(o, 0, undefined));
  else if (isObj(json)) visit(json, 0, undefined);

  // Relations last, so references by id resolve to blocks declared anywhere in the file.
  for (const { o } of deferred) {
    const kind = String(o.__kind);
    const ends = field(o, /^(ends|endpoints|connectorEnds|roles)$/i);
    if (Array.isArray(ends) && ends.length === 2) {
      o.end1 ??= ends[0];
      o.end2 ??= ends[1];
    }
    const a = resolve(
      field(o, /^(source|from|client|end1|endA|end_a|sourcePart|src|producer|provider|dependent)$/i),
    );
    const b = resolve(
      field(
        o,
        /^(target|to|supplier|end2|endB|end_b|targetPart|dst|dest|destination|consumer|dependsOn|depends_on)$/i,
      ),
    );
    if (!a || !b) continue;
    if (DEP_KEYS.test(kind)) {
      sink.relate(a, b, 'DEPENDS_ON', p);
      continue;
    }
    const itemRaw = str(
      field(o, /^(item|conveyed|conveyedItem|itemType|item_type|itemProperty|carries|resource|signal)$/i),
    );
    if (FLOW_KEYS.test(kind) && itemRaw) {
      const item = splitAcronym(itemRaw).name;
      const power = isPowerName(item) || /power|energy|current|voltage/i.test(item);
      const entity = sink.entity(item, power ? 'RESOURCE' : 'SIGNAL', p, { weight: 2 });
      sink.relate(a, entity, 'PROVIDES', p);
      sink.relate(b, entity, 'CONSUMES', p);
      continue;
    }
    // A connector named like a thing ("Vehicle CAN"), not like an id ("c1"), names the interface.
    const ownName = str(o.name);
    const named =
      ownName && /[A-Z]/.test(ownName) && !/^[a-z_]*[-_]?\d+$/i.test(ownName) ? ownName : undefined;
    const bus = str(field(o, /^(interface|bus|protocol|via|medium)$/i)) ?? named;
    if (bus) {
      const iface = sink.entity(bus, 'INTERFACE', p, { weight: 2 });
      sink.relate(a, iface, 'CONNECTS', p);
      sink.relate(b, iface, 'CONNECTS', p);
    } else sink.relate(a, b, 'CONNECTS', p, str(o.name));
  }
}

/** A flat relationship list says per item what it is: "Connector", "ItemFlow", "Dependency". */
function relationKind(o: Obj): string {
  const t = (
    str(field(o, /^(type|kind|@type|metaclass|relationType|relationship_type)$/i)) ?? ''
  ).toLowerCase();
  if (/flow/.test(t)) return 'flows';
  if (/depend|usage|abstraction|realization/.test(t)) return 'dependencies';
  return 'connectors';
}
