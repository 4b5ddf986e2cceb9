// A model tool keeps an element's own properties as a list of name–value pairs ("TaggedValues":
// [{"Name": "partNumber", "Value": "TH-3000"}], "tags", "customProperties"). Such a pair is a fact
// about the element that holds it, never a part of it: read as an element, every block of the
// model gained a child "partNumber" and turned into a subsystem.
import { ID_KEY, NAME_KEY, isObj } from './json-walk.js';

const VALUE_KEY = /^(value|val|values|defaultValue|default_value|default)$/i;
// What else a property pair may say about itself: its notes, unit or data type.
const PAIR_KEY = /^(notes?|description|comment|units?|type|data_?type|value_?type|property|tag|key)$/i;

/** {"Name": "partNumber", "Value": "TH-3000"}: a property pair, not an element. */
export function isTaggedValue(o: unknown): boolean {
  if (!isObj(o)) return false;
  const keys = Object.keys(o);
  return (
    keys.some((k) => VALUE_KEY.test(k)) &&
    !keys.some((k) => ID_KEY.test(k)) &&
    keys.every((k) => VALUE_KEY.test(k) || NAME_KEY.test(k) || PAIR_KEY.test(k)) &&
    // The value is a plain value, not a nested element.
    keys.filter((k) => VALUE_KEY.test(k)).every((k) => !isObj(o[k]))
  );
}
