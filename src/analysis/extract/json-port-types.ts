// In SysML an interface block is what a port is typed by ("p485" : RS485, "PropertyType": "DC24"):
// it says what the port carries, the way a block says what a part is. The interface between two parts
// is the connector joining their ports (named "IF-01 BMS Modbus Link"), not the port's type; read as
// interfaces, a model's port types doubled every link it draws. An interface block that a connector
// is typed by or named after is that connector's interface and stays one.
// An export may not say which blocks are interface blocks: MDK's element JSON (OpenMBEE MMS) gives a
// class only the ids of its applied stereotypes, and the profile defining them is not in the export.
// There a class is read by its use: one that types ports and never a part is what those ports carry,
// and so is a class no part is typed by that sits in the same package as those (a model keeps its
// interface blocks together; one no port uses yet is still one).
import type { Element, Port } from './json-usages.js';
import { ID_KEY, NAME_KEY, OWNER_KEY, TYPED_BY_KEY, field, isObj, str } from './json-walk.js';
import { kindOf } from './json-kinds.js';
import { idText } from './json-graph.js';

type Obj = Record<string, unknown>;

/** A port's key that holds its type: "typedBy", "type", "PropertyType", "portType", "classifier". */
const isTypeKey = (k: string): boolean => TYPED_BY_KEY.test(k) || /(^|[a-z_])(type|Type|TYPE)$/.test(k);

/** The interface blocks among the elements that only type ports. */
export function portTypeBlocks(elements: Element[], ports: Port[], relations: Obj[]): Set<Element> {
  const marked = elements.filter((el) => /\binterface ?block\b|\binterfaceblock\b/.test(kindOf(el.o)));
  const interfaces = marked.length > 0 ? marked : onlyTypingPorts(elements, ports);
  if (interfaces.length === 0) return new Set();
  const byKey = new Map<string, Element>();
  for (const el of interfaces) {
    const id = idText(field(el.o, ID_KEY));
    if (id) byKey.set(id, el);
    byKey.set(el.name, el);
  }
  const typing = new Set<Element>();
  for (const port of ports)
    for (const [k, v] of Object.entries(port.o)) {
      const hit = isTypeKey(k) ? byKey.get(idText(v) ?? '') : undefined;
      if (hit) typing.add(hit);
    }
  // What the connectors point at or are named: an interface block there is the connector's interface.
  const used = new Set<Element>();
  const note = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(note);
    else if (isObj(v)) Object.values(v).forEach(note);
    else {
      const hit = byKey.get(idText(v) ?? '');
      if (hit) used.add(hit);
    }
  };
  for (const r of relations) {
    note(
      Object.entries(r)
        .filter(([k]) => !NAME_KEY.test(k))
        .map(([, v]) => v),
    );
    const name = str(field(r, NAME_KEY));
    if (name && byKey.get(name)) used.add(byKey.get(name)!);
  }
  const unusedYet = marked.length > 0 ? [] : interfaces.filter((el) => !typing.has(el));
  return new Set([...typing, ...unusedYet].filter((el) => !used.has(el)));
}

/** The elements that type ports and nothing else: no part, no other element, is of their type. */
function onlyTypingPorts(elements: Element[], ports: Port[]): Element[] {
  const typeIds = (objects: Obj[]): Set<string> =>
    new Set(
      objects.flatMap((o) =>
        Object.entries(o)
          .filter(([k]) => isTypeKey(k))
          .map(([, v]) => idText(v) ?? ''),
      ),
    );
  const portTypes = typeIds(ports.map((p) => p.o));
  const partTypes = typeIds(elements.map((el) => el.o));
  const notPartType = (el: Element, id: string): boolean => !partTypes.has(id) && !partTypes.has(el.name);
  const found = elements.filter((el) => {
    const id = idText(field(el.o, ID_KEY));
    return !!id && portTypes.has(id) && notPartType(el, id);
  });
  const packages = new Set(found.map((el) => idText(field(el.o, OWNER_KEY))).filter((o) => o));
  const owningPorts = new Set(ports.map((p) => p.owner));
  const siblings = elements.filter((el) => {
    const id = idText(field(el.o, ID_KEY));
    const owner = idText(field(el.o, OWNER_KEY));
    return (
      !!id &&
      !!owner &&
      packages.has(owner) &&
      !found.includes(el) &&
      !owningPorts.has(el) &&
      el.children.length === 0 &&
      notPartType(el, id)
    );
  });
  return [...found, ...siblings];
}
