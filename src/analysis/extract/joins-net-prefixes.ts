// A lane of a documented interface that only the netlist names: "JESD_SERDOUT0" on the board link
// whose type is "JESD204C + discrete control". The net's first word is the family name of the standard
// the interface's type quotes with its version ("JESD" of "JESD204C", "LVDS" of "LVDS25"), and exactly
// one interface quotes it: the net is a line of that interface, not a signal of its own. (A net's word
// that merely abbreviates an interface's name, "MDM_PWRKEY" of the "Modem UART", is no such evidence.)
import type { EntityMention } from './builder.js';
import { mentionGroups, type UnionFind } from './joins.js';

export function joinNetsToInterfacesByStandard(mentions: EntityMention[], uf: UnionFind): void {
  const groups = mentionGroups(mentions, uf);
  const interfaces: { root: number; words: string[] }[] = [];
  for (const [root, group] of groups) {
    const documented = group.filter(
      (m) => m.entityType === 'INTERFACE' && m.provenance.extractor !== 'netlist',
    );
    if (documented.length === 0) continue;
    const text = documented.flatMap((m) => [m.properties.type ?? '', m.properties.protocol ?? '']);
    interfaces.push({
      root,
      words: text
        .join(' ')
        .toLowerCase()
        .split(/[^a-z0-9]+/),
    });
  }
  if (interfaces.length === 0) return;
  for (const [root, group] of groups) {
    // Only a net no other document names: a named signal keeps its own entity.
    if (!group.every((m) => m.provenance.extractor === 'netlist' && m.entityType === 'SIGNAL')) continue;
    const prefix = /^\/?([A-Za-z]{3,})_/.exec(group[0]!.name)?.[1]?.toLowerCase();
    if (!prefix) continue;
    const hits = interfaces.filter(({ words }) =>
      words.some((w) => w.startsWith(prefix) && /^\d/.test(w.slice(prefix.length))),
    );
    if (hits.length === 1) uf.union(root, hits[0]!.root);
  }
}
