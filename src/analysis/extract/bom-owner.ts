// A board's own BOM is often a flat list exported from the ECAD tool ("vrw-45100-wde-bom.csv": Comment,
// Description, Designator, no levels), while the assembly BOM names the board as one line
// ("VRW-45100 Wheel Drive Electronics"). The flat list's lines are that board's parts: the file's name
// carries the board's number, which another document gives as the board's item number.
import type { MentionSink } from './builder.js';
import { normaliseName } from './normalise.js';

/** Item-number-like tokens in a file name ("vrw-45100-wde-bom.csv" → "vrw-45100"). */
export function codesInFileName(fileName: string): string[] {
  const base = fileName.replace(/\.[A-Za-z0-9]+$/, '');
  return [...base.matchAll(/(?<![A-Za-z0-9])[A-Za-z]{1,5}[-_]?\d{3,6}(?:[-_]\d{1,4})?(?![0-9])/g)].map(
    (m) => m[0],
  );
}

/**
 * Gives the parentless lines of each flat BOM the assembly whose item number its file name carries,
 * when another document names that number; a BOM with levels, sections or a parent column says its
 * own structure and is left as it is.
 */
export function containFlatBoms(
  sink: MentionSink,
  namedElsewhere: (name: string, documentName: string) => boolean,
): void {
  const byDocument = new Map<string, typeof sink.entities>();
  for (const m of sink.entities)
    if (m.provenance.extractor === 'bom_table')
      byDocument.set(m.provenance.documentName, [...(byDocument.get(m.provenance.documentName) ?? []), m]);
  for (const [documentName, lines] of byDocument) {
    if (lines.some((m) => m.parentName) || lines.some((m) => m.entityType === 'SYSTEM')) continue;
    const owner = codesInFileName(documentName).find((code) => namedElsewhere(code, documentName));
    if (!owner) continue;
    const seen = new Set<string>();
    for (const m of lines) {
      if (seen.has(normaliseName(m.name)) || normaliseName(m.name) === normaliseName(owner)) continue;
      seen.add(normaliseName(m.name));
      m.parentName = owner;
      sink.relate(owner, m.name, 'CONTAINS', m.provenance);
    }
  }
}
