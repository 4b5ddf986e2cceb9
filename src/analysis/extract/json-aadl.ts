// AADL-like model exports (OSATE instance exports and their kin): component types carry the features
// (ports, bus access), implementations carry the subcomponents and the connections between
// `sub.feature` paths, and a signal or a bus reaches the part that uses it through its parents' own
// features. The generic block-model walk would make every type, implementation and feature an entity;
// here the instance tree is rebuilt from the root implementation, connections are followed through
// the parents' features to the parts at both ends, and software (processes, threads) stands for the
// processor it is bound to.
import { conveyedBy, displayNameOf } from './aadl-names.js';
import type { MentionSink } from './builder.js';
import { isObj, str } from './json-walk.js';
import { isPowerName } from './normalise.js';
import type { EntityType, Provenance } from './types.js';

type Obj = Record<string, unknown>;

const SUBCOMPONENT_KEY = /^(subcomponents|subComponents|ownedSubcomponents|owned_subcomponents)$/;
const FEATURE_KEY = /^(features|ownedFeatures|owned_features|ports)$/;
const CONNECTION_KEY = /^(connections|ownedConnections|owned_connections)$/;
/** Categories that are software: they run on a processor and are not hardware of their own. */
const SOFTWARE = /^(process|thread|thread ?group|subprogram|subprogram ?group|data)$/i;
const BUS = /^(virtual ?)?bus$/i;
/** Exporters name a subcomponent's classifier in several ways. */
const CLASSIFIER_KEY =
  /^(classifier|classifierName|classifier_name|componentType|component_type|implementation|impl|typeName|type)$/;
const classifierOf = (o: Obj): string | undefined => {
  for (const [k, v] of Object.entries(o)) if (CLASSIFIER_KEY.test(k) && str(v)) return str(v);
  return undefined;
};

interface Feature {
  name: string;
  direction?: string;
  classifier?: string;
}
interface Instance {
  path: string;
  name: string;
  /** The name in words an export gives beside the identifier. */
  display?: string;
  category: string;
  classifier: string;
  features: Feature[];
  parent?: Instance;
  children: Map<string, Instance>;
  /** The processor a software instance is bound to. */
  boundTo?: Instance;
}

/** Types and implementations in the AADL sense: an export is AADL-like when it has implementations. */
export function isAadlModel(json: unknown): boolean {
  return collect(json).implementations.length > 0;
}

// "Pkg::Name.impl" → "Name.impl"; the package says where it is declared, not what it is.
const local = (classifier: string): string => classifier.replace(/^.*::/, '');
const typeOfClassifier = (classifier: string): string => local(classifier).replace(/\..*$/, '');

function collect(json: unknown): { types: Map<string, Obj>; implementations: Obj[]; root?: string } {
  const types = new Map<string, Obj>();
  const implementations: Obj[] = [];
  let root: string | undefined;
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!isObj(v)) return;
    const name = str(v.name);
    const subs = Object.entries(v).find(([k, x]) => SUBCOMPONENT_KEY.test(k) && Array.isArray(x));
    if (name && subs && (subs[1] as unknown[]).some((s) => isObj(s) && classifierOf(s)))
      implementations.push(v);
    else if (name && Object.keys(v).some((k) => FEATURE_KEY.test(k)) && !name.includes('.'))
      types.set(local(name), v);
    root ??= str(v.root) ?? str(v.rootImplementation) ?? str(v.root_implementation);
    for (const x of Object.values(v)) if (typeof x === 'object') visit(x);
  };
  visit(json);
  return { types, implementations, ...(root ? { root } : {}) };
}

const arrayOf = (o: Obj | undefined, key: RegExp): Obj[] =>
  Object.entries(o ?? {})
    .filter(([k, v]) => key.test(k) && Array.isArray(v))
    .flatMap(([, v]) => (v as unknown[]).filter(isObj));

function featuresOf(o: Obj | undefined): Feature[] {
  return arrayOf(o, FEATURE_KEY).flatMap((f) => {
    const name = str(f.name);
    if (!name) return [];
    const direction = str(f.direction);
    const classifier = str(f.classifier) ?? str(f.dataType) ?? str(f.data_type);
    return [
      { name, ...(direction ? { direction } : {}), ...(classifier ? { classifier: local(classifier) } : {}) },
    ];
  });
}

/** A connection end as "sub.feature", or as {"subcomponent": "sub", "feature": "f"}. */
function endText(end: unknown): string | undefined {
  if (!isObj(end)) return str(end);
  const part = str(end.subcomponent) ?? str(end.component) ?? str(end.context) ?? str(end.instance);
  const feature = str(end.feature) ?? str(end.port) ?? str(end.name);
  return part && feature ? `${part}.${feature}` : (feature ?? part);
}

export function extractAadl(json: unknown, documentName: string, sink: MentionSink): void {
  const p: Provenance = { documentName, location: {}, extractor: 'json_model' };
  const { types, implementations, root: rootName } = collect(json);
  const implByName = new Map(implementations.map((i) => [local(str(i.name) ?? ''), i]));
  const typeNameOf = (impl: Obj): string => str(impl.type) ?? typeOfClassifier(str(impl.name) ?? '');
  // The root: the one the export names, else the implementation no other uses as a subcomponent.
  const used = new Set(
    implementations.flatMap((i) => arrayOf(i, SUBCOMPONENT_KEY).map((s) => local(classifierOf(s) ?? ''))),
  );
  const rootImpl =
    (rootName && implByName.get(local(rootName))) ??
    implementations.find((i) => !used.has(local(str(i.name) ?? '')));
  if (!rootImpl) return;

  const instances: Instance[] = [];
  const connections: { owner: Instance; o: Obj }[] = [];
  const build = (impl: Obj | undefined, inst: Instance, seen: Set<Obj>): void => {
    if (!impl || seen.has(impl)) return;
    for (const s of arrayOf(impl, SUBCOMPONENT_KEY)) {
      const name = str(s.name);
      if (!name) continue;
      const classifier = local(classifierOf(s) ?? '');
      const display = displayNameOf(s) ?? displayNameOf(implByName.get(classifier));
      const child: Instance = {
        path: `${inst.path}.${name}`,
        name,
        ...(display ? { display } : {}),
        category: str(s.category) ?? str(types.get(typeOfClassifier(classifier))?.category) ?? '',
        classifier,
        features: featuresOf(types.get(typeOfClassifier(classifier))),
        parent: inst,
        children: new Map(),
      };
      inst.children.set(name, child);
      instances.push(child);
      build(implByName.get(classifier), child, new Set([...seen, impl]));
    }
    for (const o of arrayOf(impl, CONNECTION_KEY)) connections.push({ owner: inst, o });
    // "Actual_Processor_Binding": reference (cpu), applied to a software subcomponent.
    for (const prop of arrayOf(impl, /^(properties|propertyAssociations)$/))
      if (/processor_binding/i.test(str(prop.name) ?? '')) {
        const cpu = /\(\s*([\w.]+)\s*\)/.exec(str(prop.value) ?? '')?.[1];
        const target = str(prop.appliesTo) ?? str(prop.applies_to);
        const sw = target ? inst.children.get(target) : undefined;
        const hw = cpu ? inst.children.get(cpu) : undefined;
        if (sw && hw) sw.boundTo = hw;
      }
  };
  const rootType = typeNameOf(rootImpl);
  const root: Instance = {
    path: rootType,
    name: rootType,
    ...(displayNameOf(rootImpl) ? { display: displayNameOf(rootImpl)! } : {}),
    category: str(rootImpl.category) ?? 'system',
    classifier: local(str(rootImpl.name) ?? ''),
    features: featuresOf(types.get(rootType)),
    children: new Map(),
  };
  build(rootImpl, root, new Set());

  // A classifier that types one instance names it; one shared by two (two pressure transmitters)
  // names neither.
  const classifierUses = new Map<string, number>();
  for (const i of instances) {
    const t = typeOfClassifier(i.classifier);
    classifierUses.set(t, (classifierUses.get(t) ?? 0) + 1);
  }
  const entityName = new Map<Instance, string>();
  const isSoftware = (i: Instance): boolean => SOFTWARE.test(i.category);
  const add = (i: Instance): void => {
    const type = typeOfClassifier(i.classifier);
    const unique = classifierUses.get(type) === 1 || i === root;
    const bus = BUS.test(i.category);
    const entityType: EntityType =
      i === root ? 'SYSTEM' : bus ? 'INTERFACE' : i.children.size ? 'SUBSYSTEM' : 'COMPONENT';
    // An AADL identifier cannot hold the hyphen of a tag: "pt101" is PT-101.
    const tag = /^([a-z]+)_?(\d+)$/i.exec(i.name);
    entityName.set(
      i,
      // A subcomponent named in words ("Main Board") is named as the documents name it; an
      // identifier ("mb1") gives way to the classifier it alone uses.
      sink.entity(i.display ?? (unique && type && !/\s/.test(i.name) ? type : i.name), entityType, p, {
        aliases: [
          i.name,
          tag ? `${tag[1]!.toUpperCase()}-${tag[2]}` : undefined,
          unique ? i.classifier : undefined,
        ],
        // A bus declared inside an implementation links its parts; it is not a part of it.
        ...(!bus && i.parent && entityName.get(i.parent) ? { parentName: entityName.get(i.parent)! } : {}),
        // A bus's classifier is its protocol ("Modbus_RTU"), as an ICD's protocol column says it.
        ...(bus && type ? { properties: { protocol: type.replace(/_/g, ' ') } } : {}),
        weight: 1.5,
      }),
    );
  };
  add(root);
  for (const i of instances) if (!isSoftware(i)) add(i);
  for (const i of instances) {
    const parent = i.parent && entityName.get(i.parent);
    const self = entityName.get(i);
    if (parent && self && !BUS.test(i.category)) sink.relate(parent, self, 'CONTAINS', p);
  }
  /** The part an end stands for: software is its processor, else the hardware it sits in. */
  const partOf = (i: Instance | undefined): string | undefined => {
    while (i && isSoftware(i)) i = i.boundTo ?? i.parent;
    return i ? entityName.get(i) : undefined;
  };

  // Endpoints "sub.feature" or "feature" (the owner's own) or "bus" (a bus subcomponent itself).
  interface End {
    inst: Instance;
    feature?: Feature;
  }
  const endOf = (owner: Instance, ref: string): End | undefined => {
    const parts = ref.split('.');
    if (parts.length > 1) {
      // "board.fpga.pulse_in" reaches down through nested subcomponents to the feature.
      let inst: Instance | undefined = owner;
      let i = 0;
      while (i < parts.length - 1 && inst.children.has(parts[i]!)) inst = inst.children.get(parts[i++]!)!;
      if (i === 0) return undefined;
      const b = parts.slice(i).join('.');
      return { inst, feature: inst.features.find((f) => f.name === b) ?? { name: b } };
    }
    const a = parts[0]!;
    const sub = owner.children.get(a);
    if (sub) return { inst: sub };
    return { inst: owner, feature: owner.features.find((f) => f.name === a) ?? { name: a } };
  };
  const keyOf = (e: End): string => `${e.inst.path}#${e.feature?.name ?? ''}`;
  const ends = new Map<string, End>();
  const links = new Map<string, { key: string; inside: boolean }[]>();
  const isBusAccess = (o: Obj): boolean => /bus|access/i.test(str(o.category) ?? str(o.kind) ?? '');
  const graphs = { bus: new Map<string, Set<string>>(), port: new Map<string, Set<string>>() };
  const directed: [string, string][] = [];
  const conveyed = new Map<string, string>();
  for (const { owner, o } of connections) {
    const src = endText(o.source ?? o.src ?? o.from);
    const dst = endText(o.destination ?? o.target ?? o.dst ?? o.to);
    if (!src || !dst) continue;
    const a = endOf(owner, src);
    const b = endOf(owner, dst);
    if (!a || !b) continue;
    const [ka, kb] = [keyOf(a), keyOf(b)];
    ends.set(ka, a).set(kb, b);
    const g = isBusAccess(o) ? graphs.bus : graphs.port;
    (g.get(ka) ?? g.set(ka, new Set()).get(ka)!).add(kb);
    (g.get(kb) ?? g.set(kb, new Set()).get(kb)!).add(ka);
    // An end at the owner's own feature is seen from inside; the other side reaches it from outside.
    for (const [x, y] of [
      [a, kb],
      [b, ka],
    ] as const)
      (links.get(keyOf(x)) ?? links.set(keyOf(x), []).get(keyOf(x))!).push({
        key: y,
        inside: x.inst === owner,
      });
    if (!isBusAccess(o)) directed.push([ka, kb]);
    const item = conveyedBy(o);
    if (item && !isBusAccess(o)) conveyed.set(ka, item).set(kb, item);
  }
  // A parent's feature joined both inside and outside only passes the connection through.
  const passesThrough = (k: string): boolean => {
    const l = links.get(k) ?? [];
    return l.some((x) => x.inside) && l.some((x) => !x.inside);
  };
  const boundary = (e: End): boolean => e.inst === root && !!e.feature;
  const components = (g: Map<string, Set<string>>): string[][] => {
    const seen = new Set<string>();
    const out: string[][] = [];
    for (const start of g.keys()) {
      if (seen.has(start)) continue;
      const group: string[] = [];
      const stack = [start];
      seen.add(start);
      while (stack.length) {
        const k = stack.pop()!;
        group.push(k);
        for (const n of g.get(k) ?? [])
          if (!seen.has(n)) {
            seen.add(n);
            stack.push(n);
          }
      }
      out.push(group);
    }
    return out;
  };

  // Buses: every part whose access reaches the bus connects to it. A root feature with no bus behind
  // it is a link leaving the model (to a party outside it): it names the interface.
  for (const group of components(graphs.bus)) {
    const es = group.map((k) => ends.get(k)!);
    const busEnd = es.find((e) => !e.feature && BUS.test(e.inst.category));
    const outside = es.find(boundary);
    const carriers = es.filter((e, i) => e.feature && passesThrough(group[i]!)).map((e) => e.feature!.name);
    const bus = busEnd
      ? entityName.get(busEnd.inst)
      : outside
        ? sink.entity(outside.feature!.name, 'INTERFACE', p, {
            aliases: [outside.feature!.classifier, ...carriers],
            properties: { protocol: outside.feature!.classifier?.replace(/_/g, ' ') },
            weight: 1.5,
          })
        : undefined;
    if (!bus) continue;
    if (busEnd && carriers.length) sink.entity(bus, 'INTERFACE', p, { aliases: carriers, weight: 1.5 });
    for (const [i, e] of es.entries()) {
      if (e === busEnd || boundary(e) || passesThrough(group[i]!)) continue;
      const part = partOf(e.inst);
      if (part) sink.relate(part, bus, 'CONNECTS', p);
    }
  }

  // Ports: one item per connection chain, provided at its out end and consumed at its in end.
  const portGroups = components(graphs.port);
  const nameUses = new Map<string, number>();
  const classifierGroups = new Map<string, number>();
  for (const group of portGroups) {
    const fs = group.map((k) => ends.get(k)!.feature).filter((f): f is Feature => !!f);
    for (const n of new Set(fs.map((f) => f.name))) nameUses.set(n, (nameUses.get(n) ?? 0) + 1);
    for (const c of new Set(fs.map((f) => f.classifier).filter((c): c is string => !!c)))
      classifierGroups.set(c, (classifierGroups.get(c) ?? 0) + 1);
  }
  const from = new Set(directed.map(([a]) => a));
  const to = new Set(directed.map(([, b]) => b));
  for (const group of portGroups) {
    const es = group.map((k) => ends.get(k)!);
    const fs = es.map((e) => e.feature).filter((f): f is Feature => !!f);
    const own = [...new Set(fs.map((f) => f.name))].filter((n) => nameUses.get(n) === 1);
    const classifier = fs.map((f) => f.classifier).find((c) => c && classifierGroups.get(c) === 1);
    // The software's own port names the data it handles; a type used by this chain alone names it too.
    const atSoftware = es.find(
      (e) => SOFTWARE.test(e.inst.category) && e.feature && own.includes(e.feature.name),
    );
    // The item the connection says it conveys is named in words; the ports' identifiers are not.
    const said = group.map((k) => conveyed.get(k)).find((x) => x);
    const name = said ?? atSoftware?.feature?.name ?? classifier ?? own[0];
    if (!name) continue;
    // A high voltage passed from a supply to the part it biases is energy, as a supply is.
    const power =
      isPowerName(name) || /\b(power|energy|supply|high[- ]voltage)\b/i.test(name.replace(/_/g, ' '));
    const item = sink.entity(name, power ? 'RESOURCE' : 'SIGNAL', p, {
      aliases: [classifier, ...own],
      weight: 1.5,
    });
    for (const [i, e] of es.entries()) {
      const k = group[i]!;
      if (boundary(e) || passesThrough(k)) continue;
      const part = partOf(e.inst);
      if (!part) continue;
      const dir = e.feature?.direction?.toLowerCase() ?? '';
      // "in out" says neither; with no direction the connection's own source → destination does.
      const provides = dir ? dir === 'out' : from.has(k) && !to.has(k);
      const consumes = dir ? dir === 'in' : to.has(k) && !from.has(k);
      if (provides) sink.relate(part, item, 'PROVIDES', p);
      if (consumes) sink.relate(part, item, 'CONSUMES', p);
    }
  }
}
