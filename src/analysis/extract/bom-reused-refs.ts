// A reference designator names a part on its own board. A multi-level BOM of several boards may list
// U1 under each of them, and a module's line may carry the designator its own converter has inside it
// (PS1 on the supply and on its DC-DC converter): such a designator, on lines with different names in
// one BOM, identifies none of them, and as an alias it would merge the boards' parts into one.
import type { EntityMention } from './builder.js';
import { expandRefs } from './bom.js';

/** Takes designators that two differently named lines of one BOM carry out of their identities. */
export function withoutReusedDesignators(lines: EntityMention[]): void {
  const namesOf = new Map<string, Set<string>>();
  const refsOf = (m: EntityMention): string[] => {
    const cell = m.properties.refdes;
    return cell ? expandRefs(cell.split(/[\s,;]+/).filter((r) => r)).map((r) => r.toUpperCase()) : [];
  };
  for (const m of lines)
    for (const r of refsOf(m)) namesOf.set(r, (namesOf.get(r) ?? new Set()).add(m.name.toLowerCase()));
  const reused = new Set([...namesOf].filter(([, names]) => names.size > 1).map(([r]) => r));
  if (reused.size === 0) return;
  for (const m of lines) {
    if (!refsOf(m).some((r) => reused.has(r))) continue;
    m.aliases = m.aliases.filter((a) => !reused.has(a.toUpperCase()));
    if (m.externalId && reused.has(m.externalId.toUpperCase())) delete m.externalId;
  }
}
