// A connector's label on the board ("ENC L", "CAN", "RACK") is kept as the connector's alias: it is how
// the drawing and the harness name that connector. Another entity may carry the same words only as a
// name made up from its nets (the prefix "ENC_L" of "ENC_L_A" and "ENC_L_B"); kept, the two would share
// a name, and whatever meets one by it meets the other. The label stays with the connector.
import type { EntityMention } from './builder.js';
import { normaliseName } from './normalise.js';
import type { ProposedEntity } from './types.js';

/** Drops a part's board label from the aliases of every entity but that part. */
export function leaveLabelsToTheirParts(entities: ProposedEntity[], mentions: EntityMention[]): void {
  // label → the designators of the parts that carry it
  const partsOf = new Map<string, Set<string>>();
  for (const m of mentions)
    for (const label of m.labels ?? [])
      if (m.externalId)
        partsOf.set(normaliseName(label), (partsOf.get(normaliseName(label)) ?? new Set()).add(m.externalId));
  if (partsOf.size === 0) return;
  for (const e of entities)
    e.aliases = e.aliases.filter((a) => {
      const parts = partsOf.get(normaliseName(a));
      return !parts || (!!e.externalId && parts.has(e.externalId));
    });
}
