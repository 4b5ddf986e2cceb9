// Property values a modelling tool applies to an element (Capella's "applied_property_values", a
// profile's "taggedValues"): a list of {name, value} pairs that say a fact about the element it hangs
// on ("partNumber": "MQ-1100", "refDes": "U1"). A pair is a value, never a part of the product, and
// its name is the fact's key, as if the element carried it beside its own name.
import { NAME_KEY, field, isObj, str } from './json-walk.js';

type Obj = Record<string, unknown>;

/** "applied_property_values", "appliedPropertyValues", "ownedPropertyValues", "taggedValues". */
export const PROPERTY_VALUE_KEYS = /^\w*?(property|tagged)_?values$/i;

/** The element's property values as plain facts ({partNumber: "MQ-1100", refDes: "U1"}). */
export function propertyValueFacts(o: Obj): Obj {
  const facts: Obj = {};
  for (const [k, list] of Object.entries(o)) {
    if (!PROPERTY_VALUE_KEYS.test(k) || !Array.isArray(list)) continue;
    for (const pair of list.filter(isObj)) {
      const name = str(field(pair, NAME_KEY)) ?? str(field(pair, /^key$/i));
      const value = field(pair, /^value$/i);
      if (name && (typeof value === 'string' || typeof value === 'number')) facts[name] ??= String(value);
    }
  }
  return facts;
}
