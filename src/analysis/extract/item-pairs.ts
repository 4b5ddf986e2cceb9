// A netlist reads two nets X_P / X_N as a differential pair and proposes the pair as a link of its own.
// When an ICD's signal table gives those nets as one worded item's own ("Rotor Position | RES_SIN_P/N,
// RES_COS_P/N"), the pair is that item's wires: a resolver winding, an encoder channel or a VR pickup
// sent differentially, not a link. Left a link, it joins the interface its connector carries and takes
// the item (which shares its nets) along, so the item is lost in the interface. A pair of a known
// protocol (CAN_H / CAN_L, LVDS) stays a bus: there the item rides on the bus.
import type { EntityMention } from './builder.js';
import { busKind, normaliseName } from './normalise.js';

/** Makes a netlist's protocol-less pair whose nets an ICD names as one worded item's own that item's. */
export function leavePairsToItems(mentions: EntityMention[]): void {
  const itemNets = new Set<string>();
  for (const m of mentions)
    if (m.entityType === 'SIGNAL' && m.provenance.extractor === 'icd_table' && /\s/.test(m.name))
      for (const a of m.aliases) itemNets.add(normaliseName(a));
  for (const m of mentions) {
    if (m.entityType !== 'INTERFACE' || m.provenance.extractor !== 'netlist' || busKind(m.name)) continue;
    // "RES_EXC_P/N", the pair written short, is a spelling of the two nets, not a third.
    const nets = m.aliases.filter((a) => !a.includes('/'));
    if (nets.length >= 2 && nets.every((n) => itemNets.has(normaliseName(n)))) m.entityType = 'SIGNAL';
  }
}
