// Part usages in a block-model export: a block owns part properties typed by other blocks ("thProbe" :
// "Air Temperature Probe", {"name": "motor", "block": "blk-15"}). The usage is the block in that place,
// so it is folded into the block rather than proposed as a thing of its own.
import { ID_KEY, TYPED_BY_KEY, field } from './json-walk.js';
import { idText } from './json-graph.js';

type Obj = Record<string, unknown>;
export interface Element {
  o: Obj;
  name: string;
  /** The element it is nested in, when nesting is how the export says containment. */
  nestedIn?: Element;
  parent?: Element;
  children: Element[];
  /** Role names it is used under ("thProbe : Air Temperature Probe"). */
  roles: string[];
}
export interface Port {
  o: Obj;
  owner?: Element;
}

/**
 * The block is contained where its one usage is declared, and a reference to the usage (by id, by role
 * name, or as a step of a part path "drive.leftWheel.motor" within its owner) is a reference to the
 * block. The role name is an alias only while no other usage plays a role of that name: two wheels
 * each holding a "motor" hold two different motors, and a shared alias would merge them. A block used
 * in two places stays apart from its usages, which are then its instances.
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
    const ref = field(el.o, TYPED_BY_KEY);
    const type = ref === undefined ? undefined : element(ref);
    if (type && type !== el && field(type.o, TYPED_BY_KEY) === undefined) {
      usagesOf.set(type, [...(usagesOf.get(type) ?? []), el]);
      roleCount.set(el.name, (roleCount.get(el.name) ?? 0) + 1);
    }
  }
  for (const [type, usages] of usagesOf) {
    if (usages.length !== 1) continue;
    const usage = usages[0]!;
    if (roleCount.get(usage.name) === 1) {
      type.roles.push(usage.name);
      byName.set(usage.name, type);
    }
    if (usage.nestedIn && usage.nestedIn !== type) type.nestedIn = usage.nestedIn;
    // Within its owner the role name is the step a part path takes to reach the block.
    const local = scoped.get(usage.nestedIn) ?? scoped.set(usage.nestedIn, new Map()).get(usage.nestedIn)!;
    local.set(usage.name, type);
    const id = idText(field(usage.o, ID_KEY));
    if (id) byId.set(id, type);
    elements.splice(elements.indexOf(usage), 1);
  }
}
