// Enterprise Architect keeps a model in database tables and some teams export them as they are:
// `t_package` (folders), `t_object` (every element: `Object_Type` Class, Part, Port, Requirement, …,
// nested by `ParentID`, a part typed by its block through `Classifier`) and `t_connector` (connectors
// and item flows between `Start_Object_ID` and `End_Object_ID`). The table columns say what each row
// is, so the rows are rewritten into the nodes-and-connectors shape the block-model reader
// (json-model.ts) already knows, rather than read as a generic JSON tree, in which every row with a
// name would look like a part.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
/** EA numbers every row; 0 means "none" in its reference columns. */
const ref = (v: unknown): string | undefined => {
  const t = text(v);
  return t && t !== '0' ? `ea${t}` : undefined;
};

const rowsOf = (json: Obj, table: string): Obj[] => {
  const key = Object.keys(json).find((k) => k.toLowerCase() === table);
  const rows = key ? json[key] : undefined;
  return Array.isArray(rows) ? rows.filter(isObj) : [];
};

/** A JSON document holding EA's `t_object` table (rows with `Object_ID` and `Object_Type`). */
export function isEaTableExport(json: unknown): json is Obj {
  if (!isObj(json)) return false;
  const objects = rowsOf(json, 't_object');
  return objects.length > 0 && objects.every((o) => 'Object_ID' in o && 'Object_Type' in o);
}

// Element kinds that are things of the product or what flows between them; requirements, notes,
// use cases, activities, boundaries and the like describe the product and are left out.
const THING =
  /^(class|part|component|node|device|executionenvironment|actor|interface|signal|port|proxyport|flowport)$/i;
// A block stereotype marks a type ("block definition"): its parts are the things.
const BLOCK = /^(block|constraintblock)$/i;

export function fromEaTables(json: Obj): { nodes: Obj[]; connectors: Obj[]; flows: Obj[]; edges: Obj[] } {
  const objects = rowsOf(json, 't_object');
  const connectors = rowsOf(json, 't_connector');
  const usedAsType = new Set(objects.map((o) => ref(o.Classifier)).filter((x): x is string => !!x));
  // What item flows convey (EA keeps the conveyed element's id in the flow row).
  const conveyed = new Set(connectors.flatMap((c) => conveyedIds(c)));
  const byId = new Map(objects.map((o) => [ref(o.Object_ID), o]));
  const nodes: Obj[] = [];
  for (const o of objects) {
    const type = text(o.Object_Type);
    const stereotype = text(o.Stereotype);
    const name = text(o.Name);
    const id = ref(o.Object_ID);
    if (!THING.test(type) || !name || !id) continue;
    let kind: string;
    if (/port$/i.test(type)) kind = 'port';
    else if (/^signal$/i.test(type) || /^signal$/i.test(stereotype)) kind = 'signal item';
    else if (conveyed.has(id)) kind = 'item';
    else if (/^actor$/i.test(type)) kind = 'actor';
    else if (/^interface$/i.test(type) || /interface/i.test(stereotype)) kind = 'interface definition';
    // A block some part is typed by is that part's definition; one typed by nothing stands for itself.
    else if (BLOCK.test(stereotype)) kind = usedAsType.has(id) ? 'block definition' : 'block';
    else if (/^class$/i.test(type))
      kind = 'definition'; // a value type, an enumeration: not a thing
    else kind = 'part';
    const parent = ref(o.ParentID);
    nodes.push({
      id,
      name,
      kind,
      ...(text(o.Alias) ? { alias: text(o.Alias) } : {}),
      ...(parent && byId.has(parent) ? { owner: parent } : {}),
      ...(ref(o.Classifier) ? { typedBy: ref(o.Classifier) } : {}),
    });
  }
  const links: Obj[] = [];
  const flows: Obj[] = [];
  const edges: Obj[] = [];
  for (const c of connectors) {
    const [source, target] = [ref(c.Start_Object_ID), ref(c.End_Object_ID)];
    if (!source || !target) continue;
    const type = `${text(c.Connector_Type)} ${text(c.Stereotype)}`;
    const name = text(c.Name);
    if (/flow/i.test(type)) {
      const items = conveyedIds(c);
      if (items.length) flows.push({ source, target, items });
      else if (name) flows.push({ source, target, item: name });
    } else if (/\b(connector|assembly|delegate|bindingconnector)\b/i.test(type))
      links.push({ source, target, ...(name ? { name } : {}) });
    else if (/\b(dependency|usage)\b/i.test(type)) edges.push({ source, target, rel: 'dependsOn' });
    // EA draws a whole–part line from the part to the whole.
    else if (/\b(aggregation|composition)\b/i.test(type)) edges.push({ source, target, rel: 'partOf' });
  }
  return { nodes, connectors: links, flows, edges };
}

/** The ids an item flow conveys: EA keeps them, comma-separated, in the row's `PDATA1`. */
function conveyedIds(c: Obj): string[] {
  if (!/flow/i.test(`${text(c.Connector_Type)} ${text(c.Stereotype)}`)) return [];
  return text(c.PDATA1)
    .split(/[,;\s]+/)
    .filter((x) => /^\d+$/.test(x))
    .map((x) => `ea${x}`);
}
