// What an AADL-like export says in words beside its identifiers: a display-name property
// ("Lumora::Display_Name", "displayName") that names a part as the documents name it, and the item a
// port connection conveys ("conveys": "Photon Counts") rather than the port's identifier.
import { isObj, str } from './json-walk.js';

type Obj = Record<string, unknown>;

const DISPLAY_KEY = /(^|::|\.)(display_?name|label|title)$/i;
const CONVEYS_KEY = /^(conveys|conveyed|carries|item|flow_?item|information)$/i;

/** The display name among an object's properties (an object or a name/value list), if any. */
export function displayNameOf(o: Obj | undefined): string | undefined {
  if (!o) return undefined;
  const props = o.properties ?? o.propertyAssociations;
  if (isObj(props))
    for (const [k, v] of Object.entries(props)) if (DISPLAY_KEY.test(k) && str(v)) return str(v)!.trim();
  if (Array.isArray(props))
    for (const p of props.filter(isObj))
      if (DISPLAY_KEY.test(str(p.name) ?? '') && str(p.value)) return str(p.value)!.trim();
  return undefined;
}

/** The item a connection says it conveys, in words. */
export function conveyedBy(o: Obj): string | undefined {
  for (const [k, v] of Object.entries(o)) if (CONVEYS_KEY.test(k) && str(v)?.trim()) return str(v)!.trim();
  return undefined;
}
