// A bus the documents name in words ("Vehicle CAN", "Service USB") is one link of its protocol; the
// protocol's bare name ("CAN", "USB"), which a netlist's line names give it ("CAN_H" → "CAN"), names the
// kind of link, and other things on the same product carry it too: the connector labelled "CAN" on the
// board, a second CAN bus. Kept as the bus's alias, it makes the bus meet whatever else is so named.
import { isBareProtocol } from './normalise.js';
import type { ProposedEntity } from './types.js';

/** Drops bare protocol names from the aliases of interfaces named otherwise. */
export function withoutBareProtocolAliases(entities: ProposedEntity[]): void {
  for (const e of entities) {
    if (e.entityType !== 'INTERFACE' || isBareProtocol(e.name)) continue;
    e.aliases = e.aliases.filter((a) => !isBareProtocol(a));
  }
}
