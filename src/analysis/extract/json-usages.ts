// Part usages in a block-model export: a block owns part properties typed by other blocks ("thProbe" :
// "Air Temperature Probe", {"name": "motor", "block": "blk-15"}). The usage is the block in that place,
// so it is folded into the block rather than proposed as a thing of its own.
import { ID_KEY, OWNER_KEY, TYPED_BY_KEY, field, str } from './json-walk.js';
import { idText } from './json-graph.js';

type Obj = Record<string, unknown>;
export interface Element {
  o: Obj;
  name: string;
  /** The element it is nested in, when nesting is how the export says containment. */
  nestedIn?: Element;
  parent?: Element;
  children: Element[];
}
export interface Port {
  o: Obj;
  owner?: Element;
}

/**
 * {"name": "mcu", "type": "B-101"}: many exports put the block a part is typed by in the same "type"
 * key that elsewhere says what kind of thing it is. A value that is the id of an element in the
 * export is a reference, not a kind.
 */
function typeById(o: Obj, ids: ReadonlyMap<string, unknown>): string | undefined {
  const value = str(o['type']);
  return value !== undefined && ids.has(value) ? value : undefined;
}

/**
 * The block is contained where its one usage is declared, and a reference to the usage (by id, by role
 * name, or as a step of a part path "drive.leftWheel.motor" within its owner) is a reference to the
 * block. A role name reaches the block only while no other usage plays a role of that name: two
 * wheels each holding a "motor" hold two different motors. It is never the block's alias: a role name
 * is the modeller's handle ("rs485", "mcu", "board"), and as an alias it merged the RS-485
 * transceiver with the link an ICD called RS-485. A block used in two places stays apart from its
 * usages, which are then its instances.
 */
export function foldUsagesIntoTypes(
  elements: Element[],
  byId: Map<string, Element | Port | Obj>,
  byName: Map<string, Element>,
  scoped: Map<Element | undefined, Map<string, Element | Port>>,
  element: (ref: unknown) => Element | undefined,
): void {
  const usagesOf = new Map<Element, Element[]>();
  const roleCount = new Map<string, number>();
  for (const el of elements) {
    const ref = field(el.o, TYPED_BY_KEY) ?? typeById(el.o, byId);
    const type = ref === undefined ? undefined : element(ref);
    if (
      type &&
      type !== el &&
      field(type.o, TYPED_BY_KEY) === undefined &&
      typeById(type.o, byId) === undefined
    ) {
      usagesOf.set(type, [...(usagesOf.get(type) ?? []), el]);
      roleCount.set(el.name, (roleCount.get(el.name) ?? 0) + 1);
    }
  }
  for (const [type, usages] of usagesOf) {
    if (usages.length !== 1) continue;
    const usage = usages[0]!;
    if (roleCount.get(usage.name) === 1) byName.set(usage.name, type);
    if (usage.nestedIn && usage.nestedIn !== type) type.nestedIn = usage.nestedIn;
    // In a flat element list the usage names its owner ("ParentID": 202) instead of being nested in
    // it: the block is contained there all the same, unless it states an owner of its own.
    else if (!usage.nestedIn && element(field(type.o, OWNER_KEY)) === undefined) {
      const owner = element(field(usage.o, OWNER_KEY));
      if (owner && owner !== type) type.nestedIn = owner;
    }
    // Within its owner the role name is the step a part path takes to reach the block.
    const local = scoped.get(usage.nestedIn) ?? scoped.set(usage.nestedIn, new Map()).get(usage.nestedIn)!;
    local.set(usage.name, type);
    const id = idText(field(usage.o, ID_KEY));
    if (id) byId.set(id, type);
    elements.splice(elements.indexOf(usage), 1);
  }
}
