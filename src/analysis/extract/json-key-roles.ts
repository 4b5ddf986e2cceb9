// An export whose element keys the reader does not know ("elementId", "displayName", "elementKind")
// would be read as a heap of unnamed, untyped objects: one unread key turns a whole model into junk
// or leaves it without structure. The keys' roles are plain from the data itself, so each object that
// lacks a known id, name or kind key is given one from the key that plays that role in its document:
// - an id key: named like an id, its values unique and referred to from elsewhere in the document;
// - a name key: named like a name, its values words;
// - a kind key: named like a kind, its values a small vocabulary of words, none of them an id.
// - a typed-by key: an id-named key ("ClassifierID", "blockTypeGuid") whose leading words say a type
//   and whose values are other elements' ids. (An owner key is not inferred so: an owner read from a
//   "parentGuid" made a model's interfaces and items parts of the system.)
// Objects that carry a known key keep it: the known shapes read exactly as before.
import {
  ID_KEY,
  KIND_KEY,
  NAME_KEY,
  OWNER_KEY,
  SOURCE_KEY,
  TARGET_KEY,
  TYPED_BY_KEY,
  isObj,
} from './json-walk.js';

type Obj = Record<string, unknown>;

/** The last word of a key ("elementId" -> "id", "Object_Type" -> "type", "display-name" -> "name"). */
const lastWord = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-:.@]+/)
    .filter(Boolean)
    .pop()
    ?.toLowerCase() ?? '';
/** The words of a key before its last ("declaredShortName" -> ["declared", "short"]). */
const leadingWords = (key: string): string[] =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-:.@]+/)
    .filter(Boolean)
    .slice(0, -1)
    .map((w) => w.toLowerCase());

const ID_WORDS = new Set(['id', 'uid', 'guid', 'uuid', 'identifier', 'key', 'oid', 'handle']);
const NAME_WORDS = new Set(['name', 'label', 'title', 'caption']);
const KIND_WORDS = new Set(['type', 'kind', 'class', 'category', 'stereotype', 'metaclass', 'metatype']);
// A name that is not the element's own: its path, its file, its type's, or an abbreviation of it.
const NOT_OWN_NAME =
  /^(qualified|full|path|file|type|class|kind|stereotype|tool|project|model|package|short|abbrev|abbreviated|code|alias|owner|parent|source|target|from|to)$/;
// A "type" that says what a thing carries or is made of, not what the thing is.
const NOT_OWN_KIND =
  /^(data|value|port|signal|interface|item|unit|payload|mime|content|file|cable|wire|connector|media|return|param|parameter)$/;
// The leading words of a reference key that say it points at the element's type.
const TYPE_REF_WORDS = /^(classifier|type|typed|definition|block|class|base)$/;
const isIdOrNameKey = (k: string): boolean =>
  ID_KEY.test(k) ||
  NAME_KEY.test(k) ||
  ID_WORDS.has(lastWord(k)) ||
  NAME_WORDS.has(lastWord(k)) ||
  k.startsWith('→');
/** Keys that refer to another element, whatever their last word. */
const isReferenceKey = (k: string): boolean =>
  OWNER_KEY.test(k) || TYPED_BY_KEY.test(k) || SOURCE_KEY.test(k) || TARGET_KEY.test(k);

const scalar = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined;

function objectsOf(json: unknown): Obj[] {
  const out: Obj[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObj(v)) {
      out.push(v);
      Object.values(v).forEach(walk);
    }
  };
  walk(json);
  return out;
}

/** Every scalar value in the document under each key, and how often each value is met anywhere. */
function census(objects: Obj[]) {
  const byKey = new Map<string, string[]>();
  const uses = new Map<string, Set<string>>(); // value -> the keys it is met under
  const note = (k: string, v: unknown): void => {
    const s = scalar(v);
    if (s === undefined) return;
    // A path ("wp3/pcu/canx:bus") refers to each element along it.
    const steps = /^[^\s/:]+([/:][^\s/:]+)+$/.test(s) ? s.split(/[/:]/) : [];
    for (const x of [s, ...steps]) (uses.get(x) ?? uses.set(x, new Set()).get(x)!).add(k);
  };
  for (const o of objects) {
    const entries = Object.entries(o);
    // A bare reference ({"@id": "p1"}, as SysML v2 writes one) points at an element: it is a use
    // of the value, not another element carrying it.
    const reference = entries.length === 1;
    for (const [k, v] of entries) {
      const s = scalar(v);
      if (s !== undefined && !reference) (byKey.get(k) ?? byKey.set(k, []).get(k)!).push(s);
      if (reference) note(`→${k}`, v);
      else if (Array.isArray(v)) v.forEach((x) => note(k, x));
      else note(k, v);
    }
  }
  return { byKey, uses };
}

const isWords = (s: string): boolean => /\p{L}/u.test(s) && !/^[\p{L}]{0,3}[-_:]?[0-9a-f-]{6,}$/iu.test(s);

/** The key playing each role in this document, where a known key does not already play it. */
export interface KeyRoles {
  id?: string;
  name?: string;
  kind?: string;
  typedBy?: string;
}

export function keyRoles(json: unknown): KeyRoles {
  const objects = objectsOf(json);
  const { byKey, uses } = census(objects);
  const roles: KeyRoles = {};
  let best = { id: 0, name: 0, kind: 0 };
  for (const [k, values] of byKey) {
    // A namespaced property ("Lumora::Display_Name") is a value the model gives, not an element key.
    if (values.length < 2 || isReferenceKey(k) || k.includes('::')) continue;
    const word = lastWord(k);
    const distinct = new Set(values);
    if (!ID_KEY.test(k) && ID_WORDS.has(word) && values.length >= 3 && distinct.size >= values.length * 0.9) {
      // An element id is what relations and owners point at: its values turn up under other keys.
      const referred = [...distinct].filter((v) => [...(uses.get(v) ?? [])].some((u) => u !== k)).length;
      if (referred >= Math.max(2, distinct.size * 0.2) && referred > best.id) {
        roles.id = k;
        best = { ...best, id: referred };
      }
    } else if (
      !NAME_KEY.test(k) &&
      NAME_WORDS.has(word) &&
      !leadingWords(k).some((w) => NOT_OWN_NAME.test(w)) &&
      // A name the elements already carry under a known key ("componentName" on each connector end,
      // beside each component's "name") refers to that element; ports may share names ("bus").
      [...distinct].filter((v) => [...(uses.get(v) ?? [])].some((u) => NAME_KEY.test(u))).length <
        distinct.size / 2 &&
      values.length >= 3 &&
      values.filter(isWords).length >= values.length * 0.8 &&
      values.length > best.name
    ) {
      roles.name = k;
      best = { ...best, name: values.length };
    } else if (
      !KIND_KEY.test(k) &&
      KIND_WORDS.has(word) &&
      !leadingWords(k).some((w) => NOT_OWN_KIND.test(w)) &&
      // A metaclass is one of a few words every element repeats; values that are ids or names
      // of elements make the key a reference to a type ("type": "B-101"), not a kind.
      distinct.size <= Math.max(12, values.length / 2) &&
      values.every((v) => /^[\p{L}][\p{L}\d :_.-]*$/u.test(v)) &&
      [...distinct].filter((v) => [...(uses.get(v) ?? [])].some(isIdOrNameKey)).length <= distinct.size / 5 &&
      values.length > best.kind
    ) {
      roles.kind = k;
      best = { ...best, kind: values.length };
    }
  }
  const typedBy = typedByRole(byKey, roles.id);
  if (typedBy) roles.typedBy = typedBy;
  return roles;
}

/**
 * "ClassifierID": 202 on a part: a key named as the id of the element's type, whose values are the ids
 * of elements of the document, is the reference to the block the part is typed by. A tool writes 0 or
 * "" for "none".
 */
function typedByRole(byKey: Map<string, string[]>, idRole: string | undefined): string | undefined {
  const ids = new Set<string>();
  for (const [k, values] of byKey) if (k === idRole || ID_KEY.test(k)) values.forEach((v) => ids.add(v));
  let role: string | undefined;
  let best = 0;
  for (const [k, values] of byKey) {
    if (k === idRole || ID_KEY.test(k) || isReferenceKey(k) || !ID_WORDS.has(lastWord(k))) continue;
    if (!leadingWords(k).some((w) => TYPE_REF_WORDS.test(w))) continue;
    const set = values.filter((v) => v !== '0' && v !== '');
    const hits = set.filter((v) => ids.has(v)).length;
    if (set.length >= 2 && hits >= set.length * 0.9 && hits > best) {
      role = k;
      best = hits;
    }
  }
  return role;
}

/** The document with the keys of unknown role renamed to known ones, on the objects that lack them. */
export function withKnownKeys(json: unknown): unknown {
  const roles = keyRoles(json);
  if (!roles.id && !roles.name && !roles.kind && !roles.typedBy) return json;
  // Renamed where it stands, so the object keeps its size and order (a bare {id, name} pair reads as
  // a reference wherever it is one).
  const copy = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(copy);
    if (!isObj(v)) return v;
    const keys = Object.keys(v);
    const lacks = {
      id: !keys.some((k) => ID_KEY.test(k)),
      name: !keys.some((k) => NAME_KEY.test(k)),
      // A plain "type" is as often the element's type (a reference) as its kind: beside it, the
      // key in the kind's role still says the kind.
      // An empty stereotype list says nothing either.
      kind: !Object.entries(v).some(
        ([k, x]) => KIND_KEY.test(k) && !/^type$/i.test(k) && !(Array.isArray(x) && x.length === 0),
      ),
      typedBy: !keys.some((k) => TYPED_BY_KEY.test(k)),
    };
    const known = (k: string): string =>
      k === roles.id && lacks.id
        ? 'id'
        : k === roles.name && lacks.name
          ? 'name'
          : k === roles.kind && lacks.kind
            ? 'kind'
            : k === roles.typedBy && lacks.typedBy
              ? 'typedBy'
              : k;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [known(k), copy(x)]));
  };
  return copy(json);
}
