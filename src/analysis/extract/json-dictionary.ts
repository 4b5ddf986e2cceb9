// System Composer types ports and connectors by an interface dictionary ("InterfaceDictionary":
// {"Interfaces": [{"Name": "UnitLinkIF", "Description": "IF-1 Unit Link, RS-485", "Elements": […]}]}).
// The dictionary's names are the tool's type names, not what the documents call the interface: a
// description that opens with an interface id and a name ("IF-1 Unit Link") gives that name. A type
// whose only element is one data item (FlowOK: ["Flow OK"]) is no interface but the item itself: a
// connector typed by it is a flow of the item from its source to its destination.

import { NAME_KEY, field, isObj, str } from './json-walk.js';

type Obj = Record<string, unknown>;

interface Entry {
  name: string;
  /** The interface's name in the documents' words, from its description. */
  named?: string;
  /** The one item a single-element data type carries. */
  item?: string;
}

/** The dictionary's entries, when the export has one. */
function dictionary(json: Obj): Map<string, Entry> | undefined {
  const dict = Object.entries(json).find(([k]) => /^interfaceDictionary$/i.test(k))?.[1];
  const list = isObj(dict) ? Object.entries(dict).find(([k]) => /^interfaces$/i.test(k))?.[1] : undefined;
  if (!Array.isArray(list)) return undefined;
  const out = new Map<string, Entry>();
  for (const e of list.filter(isObj)) {
    // "Name" in System Composer; any name key an export renamed to its role.
    const name = str(field(e, NAME_KEY));
    if (!name) continue;
    const description = typeof e.Description === 'string' ? e.Description : '';
    const id = /^([A-Z]{1,4}-\d{1,3})\s+([^,;]*[A-Za-z][^,;]*)/.exec(description.trim());
    const elements = Array.isArray(e.Elements) ? e.Elements.filter((x) => typeof x === 'string') : [];
    out.set(name, {
      name,
      ...(id ? { named: id[2]!.trim() } : {}),
      ...(!id && elements.length === 1 ? { item: elements[0] } : {}),
    });
  }
  return out;
}

/**
 * The export with each dictionary type read as the documents name it: typed connectors name the
 * interface by its description's name, and a single-item type's connectors become flows of the item.
 * A delegation to the owner's boundary (an end with no component) is left out for such a flow: the
 * owner's own connector outside says whether it provides or consumes the item.
 */
export function withDictionaryNames(json: unknown): unknown {
  if (!isObj(json)) return json;
  const entries = dictionary(json);
  if (!entries || entries.size === 0) return json;
  const rewrite = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rewrite).filter((x) => x !== undefined);
    if (!isObj(v)) return v;
    const out: Obj = {};
    for (const [k, x] of Object.entries(v))
      out[k] = /^interfaceDictionary$/i.test(k) ? undefined : rewrite(x);
    const type = typeof v.Interface === 'string' ? entries.get(v.Interface) : undefined;
    if (!type) return out;
    const ends = [v.Source, v.Destination];
    if (type.named) out.Interface = type.named;
    else if (type.item && ends.every(isObj)) {
      if (ends.some((e) => isObj(e) && e.Component === undefined)) return undefined;
      delete out.Interface;
      out.conveyed = type.item;
    }
    return out;
  };
  return rewrite(json);
}
