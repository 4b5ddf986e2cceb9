// UML/SysML tool exports (Cameo, MagicDraw, Papyrus as JSON): XMI's own spelling of the walk's keys.
// "xmi:type" is the metaclass, a property's or connector's "type" is the id of its block (not a kind),
// a connector's "end" list holds its ends, and what a connector is typed by is its interface (an
// association block or interface block, whatever metaclass the tool gives it). Rewritten into the
// generic shape, the block-model reading (json-model.ts) reads it as it reads any other export.
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An XMI-shaped export: objects carry "xmi:type" or "xmi:id". */
export function isXmiExport(json: unknown): boolean {
  let found = false;
  const walk = (v: unknown, depth: number): void => {
    if (found || depth > 6) return;
    if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
    else if (isObj(v)) {
      if ('xmi:type' in v || 'xmi:id' in v) found = true;
      else Object.values(v).forEach((x) => walk(x, depth + 1));
    }
  };
  walk(json, 0);
  return found;
}

const kindOf = (o: Obj): string => (typeof o['xmi:type'] === 'string' ? o['xmi:type'] : '');
const isConnector = (o: Obj): boolean => /connector$/i.test(kindOf(o));

export function fromXmiExport(json: unknown): unknown {
  const ids = new Set<string>();
  const connectorTypes = new Set<string>();
  const index = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(index);
    else if (isObj(v)) {
      if (typeof v['xmi:id'] === 'string') ids.add(v['xmi:id']);
      if (isConnector(v) && typeof v.type === 'string') connectorTypes.add(v.type);
      Object.values(v).forEach(index);
    }
  };
  index(json);
  const rewrite = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rewrite);
    if (!isObj(v)) return v;
    const out: Obj = {};
    const id = typeof v['xmi:id'] === 'string' ? v['xmi:id'] : undefined;
    for (const [k, x] of Object.entries(v)) {
      if (k === 'xmi:type') {
        // What a connector is typed by is the interface it realises (an AssociationClass is a
        // relation in UML, but typing connectors it is the interface block); a block named as a
        // context ("Operational Context") is the context, the kind the walk leaves out.
        const name = typeof v.name === 'string' ? v.name : '';
        out.kind =
          id && connectorTypes.has(id)
            ? 'interface block'
            : /\bcontext$/i.test(name) && /class|block/i.test(kindOf(v))
              ? 'context block'
              : x;
      } else if (k === 'type' && typeof x === 'string' && ids.has(x)) out.typedBy = x;
      else if (k === 'end' && Array.isArray(x) && isConnector(v)) out.ends = rewrite(x);
      else out[k] = rewrite(x);
    }
    return out;
  };
  return rewrite(json);
}
