// What a block-model export's objects are, read from what they state (type, kind, stereotype) and from
// the list they are members of ("functions", "exchangeItems", "actors", a class group's key).
import { ID_KEY, NAME_KEY, field, isObj, kindText } from './json-walk.js';
import type { EntityType } from './types.js';

type Obj = Record<string, unknown>;

// Classes grouped by class name ("classes": {"Component": […], "Link": […], "Item": […]}): the key a
// member is listed under is its class, which its own fields may not say.
export const CLASS_OF = new WeakMap<Obj, string>();
export const isClassGroups = (o: Obj): boolean => {
  const entries = Object.entries(o);
  return (
    entries.length >= 2 &&
    field(o, NAME_KEY) === undefined &&
    field(o, ID_KEY) === undefined &&
    entries.every(([, v]) => Array.isArray(v) && v.length > 0 && v.every(isObj))
  );
};

/** An object's kind as it states it, with the class group it is listed under. */
export const kindOf = (o: Obj): string =>
  `${kindText(o)} ${(CLASS_OF.get(o) ?? '').toLowerCase()} ${LISTED_ITEM.has(o) ? 'item' : ''} ${LISTED_FUNCTION.has(o) ? 'function' : ''}`.trim();

// Arrays of functions ("functions", "physicalFunctions"): behaviour allocated to parts, not parts.
export const FUNCTION_LIST_KEYS = /^(\w*functions)$/i;
export const LISTED_FUNCTION = new WeakSet<Obj>();

// Arrays of what flows between parts ("exchangeItems": [{"name": "Contactor Command", "kind": "EVENT"}]):
// the list says what its members are when their own kind is a mechanism (event, operation, flow).
export const ITEM_LIST_KEYS =
  /^(\w*exchange_?items|items|flow_?items|item_?types|data_?items|information_?items)$/i;
export const LISTED_ITEM = new WeakSet<Obj>();

// Arrays of parties outside the system ("actors", "externals", "environment").
export const EXTERNAL_KEYS =
  /^(externals?|actors?|external_?(systems?|parties|entities|elements|blocks)|environment|context|stakeholders|terminators)$/i;
export const LISTED_EXTERNAL = new WeakSet<Obj>();
export const isExternal = (o: Obj, kind: string): boolean =>
  o.isActor === true || o.external === true || LISTED_EXTERNAL.has(o) || /\b(actor|external)/.test(kind);

export function entityTypeOf(
  o: Obj,
  kind: string,
  hasChildren: boolean,
  depth: number,
  soleRoot: boolean,
): EntityType {
  // External parties are things the system talks to: components with no container.
  if (isExternal(o, kind)) return 'COMPONENT';
  if (/subsystem|assembly/.test(kind)) return 'SUBSYSTEM';
  if (/system/.test(kind)) return depth === 0 ? 'SYSTEM' : 'SUBSYSTEM';
  if (/interface|bus|\blinks?\b/.test(kind)) return 'INTERFACE';
  if (/resource|power|energy/.test(kind)) return 'RESOURCE';
  if (/signal|data|message/.test(kind)) return 'SIGNAL';
  // The one top-level element that contains others is the system, whatever generic kind it has.
  if (depth === 0 && hasChildren && soleRoot) return 'SYSTEM';
  if (/component|part|device|unit/.test(kind)) return hasChildren ? 'SUBSYSTEM' : 'COMPONENT';
  if (depth === 0 && hasChildren) return 'SYSTEM';
  return hasChildren ? 'SUBSYSTEM' : 'COMPONENT';
}
