// Graph-shaped model exports: a flat list of typed nodes and a list of edges whose own kind word says
// what the edge means ("rel": "composedOf", "produces", "attachedTo", "requires", "satisfiedBy").
// Tools that export a model as a graph put the meaning in the edge, not in the array that holds it,
// so the edge's verb decides the relationship; and they put a node's facts (short name, designator,
// nature) in a nested attribute object rather than beside its name.
import { propertyValueFacts } from './json-property-values.js';
import type { RelationshipType } from './types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An id as text: exporters number their nodes as often as they name them (`"id": 4`). */
export function idText(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

// The nested objects in which a node keeps its facts.
const FACT_KEYS = /^(attrs|attributes|props|properties|data|tags|fields)$/i;

/**
 * A node's own fields with those of its attribute object and its applied property values beneath
 * them (its own fields win).
 */
export function withFacts(o: Obj): Obj {
  const nested = Object.entries(o)
    .filter(([k, v]) => FACT_KEYS.test(k) && isObj(v))
    .map(([, v]) => v as Obj);
  return Object.assign({}, propertyValueFacts(o), ...nested, o) as Obj;
}

export type EdgeMeaning =
  | { type: RelationshipType; reversed?: boolean }
  /** A trace to a requirement, test or document: true, but between things that are not entities. */
  | 'trace';

/**
 * What an edge's verb means, when it is one a modelling tool uses: whole–part verbs are containment
 * (either way round), produce/consume verbs say which end provides or uses the item node at the other
 * end, attach/connect verbs join an element to an interface node, require/depend verbs are
 * dependencies, and satisfy/verify/allocate/trace verbs link requirements, which are not entities.
 */
export function edgeMeaning(verb: string): EdgeMeaning | undefined {
  const v = verb.toLowerCase().replace(/[\s_-]+/g, '');
  if (/^(partof|memberof|containedin|ownedby|childof|belongsto)$/.test(v))
    return { type: 'CONTAINS', reversed: true };
  if (
    /^(composedof|consistsof|contains|haspart|hasparts|haschild|parentof|owns|aggregates|composition|aggregation|includes|builtfrom|madeof|madefrom|decomposedinto|decomposesinto|comprises)$/.test(
      v,
    )
  )
    return { type: 'CONTAINS' };
  if (/^(produces|provides|supplies|emits|sends|outputs|generates|sources|publishes)$/.test(v))
    return { type: 'PROVIDES' };
  if (/^(consumes|uses|receives|inputs|sinks|subscribes|subscribesto|draws)$/.test(v))
    return { type: 'CONSUMES' };
  if (/^(attachedto|connectedto|connectsto|connects|pluggedinto|boundto|onbus|usesinterface)$/.test(v))
    return { type: 'CONNECTS' };
  // Relation-list exports point from the item to the function: "output from", "input to".
  if (/^(outputfrom|producedby|generatedby|providedby|sentby)$/.test(v))
    return { type: 'PROVIDES', reversed: true };
  if (/^(inputto|consumedby|usedby|receivedby)$/.test(v)) return { type: 'CONSUMES', reversed: true };
  if (/^(requires|dependson|needs|relieson)$/.test(v)) return { type: 'DEPENDS_ON' };
  if (
    /^(satisfiedby|satisfies|verifiedby|verifies|allocatedto|allocates|performedby|performs|tracesto|traces|refines|refinedby|derivedfrom|derives|documentedby|describedby|specifies|specifiedby)$/.test(
      v,
    ) ||
    // What a link carries is said by who sends and receives it, not by the link.
    /^(transfers|conveys|carries)$/.test(v)
  )
    return 'trace';
  return undefined;
}

/**
 * A function allocated to a part ("allocated to", "performed by"; "allocates", "performs" the other
 * way round): which end is the function. Functions are not entities, but the items they output or
 * take as input are provided or consumed by the parts they are allocated to.
 */
export function allocationOf(verb: string): 'source' | 'target' | undefined {
  const v = verb.toLowerCase().replace(/[\s_-]+/g, '');
  if (/^(allocatedto|performedby|implementedby)$/.test(v)) return 'source';
  if (/^(allocates|performs|implements)$/.test(v)) return 'target';
  return undefined;
}

// Node kinds that are never things of the product: requirements, tests and documents about it.
// Functions are behaviour allocated to parts, not parts.
export const NOT_A_THING_KIND =
  /\b(functions?|requirements?|test ?cases?|tests?|verifications?|constraints?|use ?cases?|documents?|standards?|stakeholders?|comments?|notes?)\b/;

/** The nature of an exchanged item node ("kind": "item", "nature": "energy"). */
export function itemNature(kind: string, facts: string): 'RESOURCE' | 'SIGNAL' | undefined {
  if (!/\b(item|items|flow ?item|exchange ?item|item ?type)\b/.test(kind)) return undefined;
  return /\b(energy|power|electrical|electricity)\b/.test(facts) ? 'RESOURCE' : 'SIGNAL';
}
