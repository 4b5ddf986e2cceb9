// Supply and signal verbs are written from either end: "the 24V Bus is supplied by the Battery" (the
// bus takes nothing from the battery: the battery provides it), "the -12V Rail supplies the Pilot
// Generator" (the generator consumes the rail). A flow cannot provide or consume a part, so a relation
// read that way round is the part consuming or providing the flow. What each name is, a structured
// document says; failing that, its head noun.
import type { MentionSink } from './builder.js';
import { normaliseName } from './normalise.js';
import { typeFromName } from './prose-names.js';
import type { EntityType, Provenance, RelationshipType } from './types.js';

const FLOWS = new Set<EntityType>(['RESOURCE', 'SIGNAL']);
const PARTS = new Set<EntityType>(['SYSTEM', 'SUBSYSTEM', 'COMPONENT']);
const structuredTypes = new WeakMap<MentionSink, Map<string, EntityType>>();

function typeOf(sink: MentionSink, name: string): EntityType {
  let types = structuredTypes.get(sink);
  if (!types) {
    types = new Map();
    // Structured mentions (weight ≥ 1) outvote a head noun; prose's own guesses do not count.
    for (const m of sink.entities)
      if (m.weight >= 1) for (const n of [m.name, ...m.aliases]) types.set(normaliseName(n), m.entityType);
    structuredTypes.set(sink, types);
  }
  return types.get(normaliseName(name)) ?? typeFromName(name);
}

/** Relate source to target, turning a flow that provides or consumes a part round to the part's side. */
export function relateFlow(
  sink: MentionSink,
  source: string,
  target: string,
  type: RelationshipType,
  p: Provenance,
): void {
  if (
    (type === 'PROVIDES' || type === 'CONSUMES') &&
    FLOWS.has(typeOf(sink, source)) &&
    PARTS.has(typeOf(sink, target))
  )
    sink.relate(target, source, type === 'PROVIDES' ? 'CONSUMES' : 'PROVIDES', p);
  else sink.relate(source, target, type, p);
}
