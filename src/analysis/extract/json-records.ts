// Graph databases export a model as one flat array of records (Neo4j's APOC JSON export:
// `{"type": "node", "labels": […], "properties": {…}}` and `{"type": "relationship", "label":
// "PART_OF", "start": {"id": …}, "end": {"id": …}, "properties": {…}}`). The labels say what a node
// is, the relationship's label what an edge means, and ports hang off their blocks by an edge rather
// than by nesting. Rewritten as the nodes-and-edges shape the block-model reader already knows.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const idOf = (v: unknown): string | undefined =>
  isObj(v) ? idOf(v.id) : typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;

const isRecord = (o: unknown): o is Obj =>
  isObj(o) &&
  ((o.type === 'node' && Array.isArray(o.labels)) ||
    (o.type === 'relationship' && typeof o.label === 'string' && o.start !== undefined));

/** Whether a JSON document is such an array of node and relationship records. */
export function isGraphRecords(json: unknown): json is Obj[] {
  return (
    Array.isArray(json) && json.length > 0 && json.every(isRecord) && json.some((o) => o.type === 'node')
  );
}

// Edge labels that hang a port (or another feature) on its owner rather than relate two things.
const OWNS_FEATURE = /^(has_?port|has_?feature|owns_?port|port_?of)$/i;
// Edge labels of an item flow: the item and its nature are in the edge's properties.
const FLOW = /flow/i;

export function fromGraphRecords(records: Obj[]): { nodes: Obj[]; edges: Obj[] } {
  const nodes = new Map<string, Obj>();
  for (const r of records) {
    if (r.type !== 'node') continue;
    const props = isObj(r.properties) ? r.properties : {};
    const id = idOf(r.id);
    if (!id) continue;
    const labels = (r.labels as unknown[]).map(String);
    nodes.set(id, { id, kind: labels.join(' '), name: props.name ?? props.title, properties: props });
  }
  const edges: Obj[] = [];
  for (const r of records) {
    if (r.type !== 'relationship') continue;
    const [from, to] = [idOf(r.start), idOf(r.end)];
    const label = String(r.label);
    const props = isObj(r.properties) ? r.properties : {};
    if (!from || !to) continue;
    if (OWNS_FEATURE.test(label)) {
      const feature = nodes.get(to);
      if (feature) feature.owner = from;
      continue;
    }
    if (FLOW.test(label) && props.item !== undefined) {
      edges.push({ from, to, rel: 'flow', item: props.item, nature: props.kind ?? props.nature ?? '' });
      continue;
    }
    // A connection named by what it is ("Tow Link") is that interface; its protocol is a detail.
    const name = props.name ?? props.interface;
    edges.push({ from, to, rel: label, ...(name !== undefined ? { interface: name } : {}) });
  }
  return { nodes: [...nodes.values()], edges };
}
