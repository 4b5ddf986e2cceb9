// A shape-agnostic reading of a block-model JSON export. Exporters disagree on everything (nested
// "parts"/"children"/"ownedLogicalComponents" or a flat element list with "owner" references; "name" or
// "declaredName"; relations in their own arrays or mixed into the element list), so every object is
// classified by what it carries: a name and a kind make an element; a "Definition" kind is a type and
// a port kind or a ports array a port (neither is an entity); two ends make a relation.
type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : undefined;

export function field(o: Obj, re: RegExp): unknown {
  for (const [k, v] of Object.entries(o)) if (re.test(k)) return v;
  return undefined;
}

export const NAME_KEY = /^(name|title|label|declaredName)$/i;
// Enterprise Architect keys its elements by GUID ("guid", "ea_guid").
// A custom exporter writes XMI's own keys as identifiers ("xmiId", "xmiType").
export const ID_KEY = /^(id|@id|uuid|xmi:id|xmiId|xmi_id|_id|guid|ea_guid)$/i;
// "rel" and its kin are how a graph export types its edges ("rel": "composedOf"); "class" and
// "eClass" are how an EMF-based tool (Capella, Papyrus) names an element's metaclass.
export const KIND_KEY =
  /^(type|kind|class|eClass|xmi:type|xmiType|xmi_type|appliedStereotypes?|stereotype|stereotypes|category|elementType|element_type|metaclass|_type|@type|rel|relation|relType|rel_type|relationType|relation_type|predicate|edgeType|edge_type)$/i;
export const OWNER_KEY =
  /^(owner|owningUsage|owningPart|owningType|owningDefinition|parent|parentId|parent_id|parentName|parent_name|container|owningElement|partOf|part_of|memberOf|member_of|belongsTo|belongs_to|ownerId|owner_id|ownerRef|owner_ref)$/i;
export const TYPED_BY_KEY =
  /^(definition|typedBy|classifier|blockType|typeRef|type_ref|typeId|type_id|block|blockId|block_id|blockRef|block_ref)$/i;

// "source", "sourcePort", "from_block", "srcNode", "sourcePortId": one end, whatever it is said to be.
// SysML v2 names a flow's ends by the features they join ("sourceOutputFeature", "targetInputFeature").
export const SOURCE_KEY =
  /^(source|from|who|client|end1|endA|end_a|src|producer|provider|dependent|sender|origin|informationSource|sourceOutputFeature|sourceFeature)([_ ]?(part|port|component|element|block|node|id|ref|unit))?([_ ]?(id|ref)s?)?$/i;
export const TARGET_KEY =
  /^(target|to|on|supplier|end2|endB|end_b|dst|dest|destination|consumer|receiver|dependsOn|depends_on|dependee|informationTarget|targetInputFeature|targetFeature)([_ ]?(part|port|component|element|block|node|id|ref|unit))?([_ ]?(id|ref)s?)?$/i;
export const ITEM_KEY =
  /^(allocated_?(exchange_?)?items?|item|items|what|conveyed|conveys|conveyedItem|conveyed_item|conveyedItems|itemType|item_type|itemProperty|exchangeItem|exchangedItem|exchangeItems|carries|resource|signal|signals|payload|payloadType|conveyedRefs?|conveyedIds|conveyedClassifiers?|itemRefs?|itemIds|item_ids|conveyedItemIds|convoyedItems?|convoyedItemIds|convoyedInformations?)$/i;
/** Containment as a list of member ids ("children": ["blk-110", "blk-120"]). */
export const CHILD_REFS_KEY =
  /^(children|childIds|child_ids|parts|partIds|part_ids|subBlocks|sub_blocks|subblocks|components|members|contains|elements|ownedPart|ownedParts|nestedPart|ownedMember|ownedUsage)$/i;

// Arrays whose members are relations whatever they carry.
// Capella's "physicalLinks", a tool's "cableConnections": a qualified list of links is still links.
export const CONNECTOR_KEYS =
  /^(\w*connectors?|\w*connections?|\w*links?|interfaces?|wires?|associations?|\w*componentExchanges)$/i;
export const FLOW_KEYS =
  /^(item_?flows?|itemFlows?|flows?|dataFlows?|data_flows?|signals?|power_?flows?|\w*functionalExchanges|\w*flowConnections?)$/i;
export const RELATION_KEYS = /^(relationships|relations|edges|links|ownedRelationships)$/i;
export const DEP_KEYS = /^(dependencies|dependency|depends_?on|dependsOn|requires|needs)$/i;
export const PORT_KEYS = /ports?$/i;
// Metadata about the file (its project, tool, author) names no part of the product; nor does a
// profile, which only defines the stereotypes parts are marked with.
export const SKIP_KEYS =
  /^(properties|attributes|values|requirements|constraints|stereotypes?|profiles?|metadata|meta|author|owners?|documents?|exportInfo|export|project|info|header|tool|exporter|generator|definition|typedBy|@context)$/i;

/**
 * The export's own record ("Model": {"Name": "V-300", "Exporter": "EA 16.1", "ExportDate": …}): an
 * object that says which tool wrote the file, or when, names the model or project, not a part of it.
 */
const EXPORT_RECORD_KEYS =
  /^(exporter|exported_?by|export_?date|exported_?(at|on)|export_?tool|generator|generated_?by|tool|tool_?name|tool_?version)$/i;
export const isExportRecord = (o: Obj): boolean => Object.keys(o).some((k) => EXPORT_RECORD_KEYS.test(k));

/** Everything an object says about its kind, lower case ("kind: Block, stereotype: system"). */
export function kindText(o: Obj): string {
  return Object.entries(o)
    .filter(([k]) => KIND_KEY.test(k))
    .map(([, v]) => (Array.isArray(v) ? v.join(' ') : String(v)))
    .join(' ')
    .toLowerCase();
}

/** A relation's kind as the object itself states it, when it states one. */
export function relationKindOf(o: Obj): 'flows' | 'dependencies' | 'connectors' | undefined {
  const t = kindText(o);
  // "FlowProperty" is what flows, not a flow.
  if (/flow(?! ?(property|port|spec))|functionalexchange/.test(t)) return 'flows';
  // UML's "uml:Usage" is a dependency as a bare "Usage" is; SysML v2's "PartUsage" is no relation.
  if (/depend|abstraction|realization|(^|:)usage$/.test(t)) return 'dependencies';
  if (/connector|connection|interface ?usage|componentexchange|association|binding|link/.test(t))
    return 'connectors';
  return undefined;
}

/** Both ends present: an object that joins two things is a relation, whatever its kind says. */
export const hasEnds = (o: Obj): boolean =>
  field(o, SOURCE_KEY) !== undefined && field(o, TARGET_KEY) !== undefined;

/** Containers of a model ("Logical Architecture", "Structure package") are folders, not things. */
export const isFolderName = (name: string): boolean =>
  /\b(architecture|package|model|library|project|layer|viewpoint|diagram)s?$/i.test(name);

/**
 * Arrays of packages ("packages": [{"name": "01 Structure", "ownedElements": […]}]) hold folders; so
 * does a key naming one package ("dataPackage": {"name": "Data", "ownedExchangeItems": […]}): a
 * package groups the model's elements, whatever it is called, and is no part of the product.
 */
export const FOLDER_LIST_KEYS = /^(\w*packages?|\w*pkgs?|folders?|subPackages)$/i;

/**
 * An object used as a map from ids to members ("blocks": {"blk-100": {…}, "blk-110": {…}}): it has no
 * name, id or kind of its own, every value is an object, and no key is one the walk gives a meaning to.
 */
export function isIdMap(o: Obj): boolean {
  const entries = Object.entries(o);
  return (
    entries.length > 0 &&
    entries.every(([, v]) => isObj(v)) &&
    field(o, NAME_KEY) === undefined &&
    field(o, ID_KEY) === undefined &&
    !entries.some(([k]) =>
      [
        KIND_KEY,
        OWNER_KEY,
        TYPED_BY_KEY,
        SOURCE_KEY,
        TARGET_KEY,
        ITEM_KEY,
        CONNECTOR_KEYS,
        FLOW_KEYS,
        RELATION_KEYS,
        DEP_KEYS,
        PORT_KEYS,
        SKIP_KEYS,
        CHILD_REFS_KEY,
      ].some((re) => re.test(k)),
    )
  );
}
