// Prose shortens a part to the acronym its name ends with: "the ROV" for the one "Work-Class ROV",
// "the VFD" for the one "Metering VFD". A part only prose names by a bare acronym, when exactly one
// part that a structured document names ends in that acronym, is that part. Two such parts ("Main
// MCU", "Safety MCU") leave the acronym alone: the text could mean either.
import type { EntityMention } from './builder.js';
import { mentionGroups, type UnionFind } from './joins.js';

const PART_TYPES = new Set(['COMPONENT', 'SUBSYSTEM']);

export function joinTrailingAcronyms(mentions: EntityMention[], uf: UnionFind): void {
  const groups = mentionGroups(mentions, uf);
  const named = [...groups].filter(([, g]) =>
    g.some((m) => m.provenance.extractor !== 'prose' && PART_TYPES.has(m.entityType)),
  );
  for (const [root, group] of groups) {
    if (!group.every((m) => m.provenance.extractor === 'prose' && PART_TYPES.has(m.entityType))) continue;
    const acronym = group[0]!.name.trim();
    if (!/^[A-Z]{2,5}$/.test(acronym) || group.some((m) => m.name.trim() !== acronym)) continue;
    const ends = new RegExp(`[\\s-]${acronym}$`);
    const hits = named.filter(
      ([r, g]) => r !== root && g.some((m) => m.provenance.extractor !== 'prose' && ends.test(m.name.trim())),
    );
    if (hits.length === 1) uf.union(root, hits[0]![0]);
  }
}
