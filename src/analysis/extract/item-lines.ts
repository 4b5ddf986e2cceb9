// An ICD gives each interface's lines ("Lines: SNS_D0_P / SNS_D0_N, SNS_CLK_P / SNS_CLK_N, SNS_RST_N"),
// and a discrete among them is often an item of its own that a signal list names by that same net
// ("Sensor Reset | SNS_RST_N"). Both are true: the item runs on one wire of the interface's bundle.
// But a net can name only one thing here, and the item IS that wire while the interface is all of
// its lines, so the net stays the item's name and the interface keeps its other lines.
import type { EntityMention } from './builder.js';
import { normaliseName } from './normalise.js';

/** Takes from each ICD interface's line names the nets an ICD table names as a worded item's own net. */
export function leaveItemNetsToItems(mentions: EntityMention[]): void {
  const fromIcd = (m: EntityMention): boolean => m.provenance.extractor === 'icd_table';
  const itemNets = new Set<string>();
  for (const m of mentions)
    if ((m.entityType === 'SIGNAL' || m.entityType === 'RESOURCE') && fromIcd(m) && /\s/.test(m.name))
      for (const a of m.aliases) itemNets.add(normaliseName(a));
  for (const m of mentions) {
    if (m.entityType !== 'INTERFACE' || !fromIcd(m)) continue;
    const kept = m.aliases.filter((a) => !itemNets.has(normaliseName(a)));
    // An interface that is one net and the item on it are one thing (a discrete line): leave it be.
    if (kept.length < m.aliases.length && kept.length >= 2) m.aliases = kept;
  }
}
