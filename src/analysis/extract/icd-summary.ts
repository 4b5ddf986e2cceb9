// An interface summary with lettered ends ("IF ID | Interface | Type | End A | End B | Connector |
// Signals"): each row is a link, its ends the units it joins, its Signals cell what runs over it. End A
// and End B are the two sides of a link, written in either order (the ICD's own board first, or the
// bus master), so they say nothing of who sends which item: reading End A as the sender of every item
// in the cell makes each unit on a bus both send and receive all of them. The items are named here;
// who provides and consumes each is left to the documents that say it (a signal list's Source and
// Destination, a model's item flows, the prose).
import type { MentionSink } from './builder.js';
import type { ColumnRole } from './columns.js';
import { isPowerName } from './normalise.js';
import type { Provenance } from './types.js';

/** "End A", "Side 1", "Node B": an end named by its letter or number, not by its role in a flow. */
const LETTERED_END = /^(endpoint|end|side|node|party|station)\s*[-_]?\s*(a|b|1|2)$/i;

const clean = (cell: string | undefined): string => (cell ?? '').replace(/[*`]/g, '').trim();

/** A table naming an interface per row, its two lettered ends, and the items it carries. */
export function isInterfaceSummary(header: string[], col: Map<ColumnRole, number>): boolean {
  const a = col.get('endA');
  const b = col.get('endB');
  return (
    col.has('interface') &&
    col.has('signal') &&
    a !== undefined &&
    b !== undefined &&
    LETTERED_END.test(clean(header[a])) &&
    LETTERED_END.test(clean(header[b]))
  );
}

/** The items each row's Signals cell lists ("Velocity Setpoint; Drive Status"), as entities only. */
export function carriedItems(
  body: { cells: string[]; row: number }[],
  get: (cells: string[], role: ColumnRole) => string,
  prov: (row: number) => Provenance,
  sink: MentionSink,
): void {
  for (const { cells, row } of body)
    for (const item of get(cells, 'signal').split(/\s*[;\n]\s*/)) {
      if (!/[A-Za-z]{2}/.test(item)) continue;
      sink.entity(item, isPowerName(item) ? 'RESOURCE' : 'SIGNAL', prov(row), { weight: 1 });
    }
}
