// System Composer draws the system in a context architecture: the externals' connectors end on the
// system's boundary ports, and inside, a delegation connector (an end with no Component) hands each
// boundary port to the part that really terminates it. The system is the whole, so being an end of
// its own external interface says nothing; the part the port is delegated to is the end.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (o: Obj, key: RegExp): unknown[] => {
  const v = Object.entries(o).find(([k]) => key.test(k))?.[1];
  return Array.isArray(v) ? v : [];
};
const COMPONENTS = /^components$/i;
const CONNECTORS = /^connectors$/i;
const ARCHITECTURE = /^architecture$/i;
const architectureOf = (o: Obj): Obj | undefined => {
  const a = Object.entries(o).find(([k]) => ARCHITECTURE.test(k))?.[1];
  return isObj(a) ? a : undefined;
};

/**
 * The export with each context connector that ends on a system's boundary port ending instead on the
 * part inside the port is delegated to, and those delegations dropped. Unchanged when the root
 * architecture is not named as a context or a port is delegated to no single part.
 */
export function throughSystemBoundary(json: unknown): unknown {
  if (!isObj(json)) return json;
  const root = architectureOf(json);
  if (!root || !/context$/i.test(text(root.Name))) return json;
  const systems = new Map<string, Obj>();
  for (const c of list(root, COMPONENTS).filter(isObj)) {
    const inner = architectureOf(c);
    if (inner && typeof c.Name === 'string' && !/external/i.test(text(c.Stereotype)))
      systems.set(c.Name, inner);
  }
  const used = new Set<unknown>();
  /** The inner end a system's boundary port is delegated to, when exactly one connector does. */
  const delegated = (system: string, port: unknown): Obj | undefined => {
    const inner = systems.get(system);
    if (!inner) return undefined;
    const hits = list(inner, CONNECTORS)
      .filter(isObj)
      .flatMap((c) => {
        const [a, b] = [c.Source, c.Destination];
        if (!isObj(a) || !isObj(b)) return [];
        if (a.Component === undefined && a.Port === port && b.Component !== undefined) return [{ c, end: b }];
        if (b.Component === undefined && b.Port === port && a.Component !== undefined) return [{ c, end: a }];
        return [];
      });
    if (hits.length !== 1) return undefined;
    used.add(hits[0]!.c);
    return hits[0]!.end;
  };
  const connectors = list(root, CONNECTORS).map((c) => {
    if (!isObj(c)) return c;
    const out: Obj = { ...c };
    for (const k of ['Source', 'Destination']) {
      const end = c[k];
      if (isObj(end) && typeof end.Component === 'string') out[k] = delegated(end.Component, end.Port) ?? end;
    }
    return out;
  });
  const strip = (o: Obj): Obj => {
    const out: Obj = {};
    for (const [k, v] of Object.entries(o)) {
      if (CONNECTORS.test(k) && Array.isArray(v)) out[k] = (v as unknown[]).filter((c) => !used.has(c));
      else if (Array.isArray(v)) out[k] = (v as unknown[]).map((x): unknown => (isObj(x) ? strip(x) : x));
      else out[k] = isObj(v) ? strip(v) : v;
    }
    return out;
  };
  const rootKey = Object.keys(json).find((k) => ARCHITECTURE.test(k))!;
  return strip({ ...json, [rootKey]: { ...root, Connectors: connectors } });
}
