// A model draws the system in its context: a block ("SiteContext", "AW9_Context", "Tracker Row
// (context)") holding the system and the parties around it. The context is no part of either, so it is
// no entity and contains nothing; the system and the externals are roots of their own.
import { ID_KEY, OWNER_KEY, field } from './json-walk.js';
import { idText } from './json-graph.js';

type Obj = Record<string, unknown>;
interface Nested {
  o: Obj;
  name: string;
  nestedIn?: Nested;
}

/** A definition named as a context ("SiteContext", "System Context", "Tracker Row (context)"). */
export const CONTEXT_DEFINITION = /context\)?$/i;
/**
 * A root block named for where the product is put to work ("Dryer Site", "TMS-6 Deployment",
 * "Operating Environment") holds the product and what is around it, as a context does: a product is
 * not itself a site.
 */
const SETTING_NAME = /\b(site|deployment|operating environment|environment|surroundings)\)?$/i;
/** An element's owner by id: "owner", "parentId", EA's "parentGuid". */
const PARENT_REF = /^(owner|parent)[_ ]?(guid|uuid|id|ref)?$/i;
/** A list of owned elements' ids: "ownedPhysicalComponents", "children", "parts". */
const OWNED_LIST = /^(owned\w*|children|child_?ids|parts|members|sub_?components)$/i;

/**
 * The context blocks among the elements: a usage typed by a context definition ("site" : "SiteContext"),
 * or a root named as a context that holds other elements, nested in it or, in a flat list, naming it
 * as their owner ("parentGuid").
 */
export function contextBlocks<E extends Nested>(elements: E[], definitionName: (el: E) => string): Set<E> {
  const idOf = (el: Nested): string | undefined => idText(field(el.o, ID_KEY));
  // Capella lists what a component owns by id ("ownedPhysicalComponents": ["pc-sys", "pc-ixl"]).
  const listed = (o: Nested, el: Nested): boolean =>
    !!idOf(o) &&
    Object.entries(el.o).some(
      ([k, v]) => OWNED_LIST.test(k) && Array.isArray(v) && v.some((x) => idText(x) === idOf(o)),
    );
  const ownedBy = (o: Nested, el: Nested): boolean =>
    o.nestedIn === el ||
    (!!idOf(el) && (idText(field(o.o, PARENT_REF)) ?? idText(field(o.o, OWNER_KEY))) === idOf(el)) ||
    listed(o, el);
  return new Set(
    elements.filter(
      (el) =>
        CONTEXT_DEFINITION.test(definitionName(el)) ||
        (!el.nestedIn &&
          (CONTEXT_DEFINITION.test(el.name) || SETTING_NAME.test(el.name)) &&
          elements.some((o) => ownedBy(o, el))),
    ),
  );
}
