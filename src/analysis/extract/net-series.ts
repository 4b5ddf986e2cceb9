// "SCAN_DATA" at the connector and "/SCAN_RX" at the processor, joined by a series resistor: the two
// names fold as two lines of a "SCAN" bus (a data line and a receive line), but they are one wire
// either side of a resistor, carrying one signal. A bus of two lines that are one wire is no bus.
import type { Netlist } from '../documents/types.js';
import type { FoldedBus } from './net-buses.js';

const SERIES_PART = /^(R|FB|L)\d/;
const PAIR_HALF = /[_-](A|B|P|N|M|H|L|\+|-|CANH|CANL|DP|DM|D\+|D-)$/i;

/** Drops the buses whose only two lines are joined through a series resistor (or ferrite, or inductor). */
export function unfoldSeriesCopies(
  netlist: Netlist,
  folded: Map<string, FoldedBus>,
  nameOf: (raw: string) => string,
): void {
  const netsOfPart = new Map<string, Set<string>>();
  for (const net of netlist.nets)
    for (const n of net.nodes)
      if (SERIES_PART.test(n.ref))
        netsOfPart.set(n.ref, (netsOfPart.get(n.ref) ?? new Set()).add(nameOf(net.name.trim())));
  const joined = new Set<string>();
  for (const nets of netsOfPart.values()) if (nets.size === 2) joined.add([...nets].sort().join('\n'));
  for (const bus of new Set(folded.values())) {
    const nets = [...folded].filter(([, b]) => b === bus).map(([n]) => n);
    // A pair's two halves with a terminating resistor across them ("LOCK_A", "LOCK_B") stay a pair.
    if (nets.length !== 2 || nets.every((n) => PAIR_HALF.test(n))) continue;
    if (joined.has([...nets].sort().join('\n'))) for (const n of nets) folded.delete(n);
  }
}
